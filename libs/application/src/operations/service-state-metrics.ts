import { Inject, Injectable } from '@nestjs/common';
import { Gauge } from 'prom-client';
import { ARCO_DUE_STATES, arcoDueState, calendarDateIn } from '@app/domain';
import { ServiceState, ServiceStateRepository } from '@app/persistence';
import { APP_CONFIG, AppConfig, MetricsRegistry, withTimeout } from '@app/platform';

const QUERY_TIMEOUT_MS = 2_000;

/**
 * What an operator watches beside the queues (docs/operations.md, "The apps": metrics), read in one statement
 * per scrape: each list's active version (entries, age since its import) and its imports by status
 * (a refused one is a publisher's file the service would not take), monitors and alerts by status,
 * the audit log's length, and the open ARCO requests by how close their due date is. Served by the
 * processor; a scrape whose statement does not answer in time leaves every gauge NaN (unknown).
 */
@Injectable()
export class ServiceStateMetrics {
  private pending: Promise<ServiceState | null> | null = null;

  constructor(
    metrics: MetricsRegistry,
    state: ServiceStateRepository,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    // One statement serves every gauge of a scrape: the first collector reads, the others share it.
    const read = (): Promise<ServiceState | null> => {
      this.pending ??= withTimeout(state.snapshot(), QUERY_TIMEOUT_MS)
        .catch(() => null)
        .finally(() => setImmediate(() => (this.pending = null)));
      return this.pending;
    };
    /** A gauge filled from the scrape's one snapshot (null: the statement did not answer in time). */
    const stateGauge = <L extends string>(
      name: string,
      help: string,
      labelNames: readonly L[],
      fill: (gauge: Gauge<L>, snapshot: ServiceState | null) => void,
    ) =>
      new Gauge<L>({
        name,
        help,
        labelNames,
        registers: [metrics.registry],
        async collect() {
          const snapshot = await read();
          this.reset();
          fill(this, snapshot);
        },
      });
    const unknown = (gauge: Gauge<string>, label: string) => gauge.set({ [label]: 'unknown' }, NaN);

    stateGauge('watch_list_active_entries', "Entries of each list's active version", ['source'], (g, s) =>
      s ? s.activeLists.forEach((l) => g.set({ source: l.source }, l.entries)) : unknown(g, 'source'),
    );
    stateGauge(
      'watch_list_active_version_age_seconds',
      "Seconds since each list's active version was imported",
      ['source'],
      (g, s) =>
        s ? s.activeLists.forEach((l) => g.set({ source: l.source }, l.ageSeconds)) : unknown(g, 'source'),
    );
    stateGauge(
      'watch_list_versions',
      'Imported list versions by list and status (active, superseded, refused)',
      ['source', 'status'],
      (g, s) => s?.listVersions.forEach((v) => g.set({ source: v.source, status: v.status }, v.n)),
    );
    stateGauge('monitors', 'Monitors by status (active, stopped, expired)', ['status'], (g, s) =>
      s ? s.monitors.forEach((m) => g.set({ status: m.status }, m.n)) : unknown(g, 'status'),
    );
    stateGauge(
      'monitor_alerts',
      'Monitor alerts by status (open, dismissed, confirmed)',
      ['status'],
      (g, s) => (s ? s.alerts.forEach((a) => g.set({ status: a.status }, a.n)) : unknown(g, 'status')),
    );
    stateGauge('audit_events', 'Events written to the audit log (its last sequence number)', [], (g, s) =>
      g.set(s ? s.auditEvents : NaN),
    );
    stateGauge(
      'privacy_requests_open',
      'Open ARCO requests by due state: overdue, due_soon (its last 5 business days) or later',
      ['due'],
      (g, s) => {
        const today = calendarDateIn(config.serviceTimezone, new Date());
        for (const due of ARCO_DUE_STATES) g.set({ due }, s ? 0 : NaN);
        for (const group of s?.privacyRequests ?? []) g.inc({ due: arcoDueState(group, today) }, group.n);
      },
    );
  }
}
