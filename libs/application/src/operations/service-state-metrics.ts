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
    const registers = [metrics.registry];
    new Gauge({
      name: 'watch_list_active_entries',
      help: "Entries of each list's active version",
      labelNames: ['source'],
      registers,
      async collect() {
        const snapshot = await read();
        this.reset();
        if (!snapshot) return this.set({ source: 'unknown' }, NaN);
        for (const list of snapshot.activeLists) this.set({ source: list.source }, list.entries);
      },
    });
    new Gauge({
      name: 'watch_list_active_version_age_seconds',
      help: "Seconds since each list's active version was imported",
      labelNames: ['source'],
      registers,
      async collect() {
        const snapshot = await read();
        this.reset();
        if (!snapshot) return this.set({ source: 'unknown' }, NaN);
        for (const list of snapshot.activeLists) this.set({ source: list.source }, list.ageSeconds);
      },
    });
    new Gauge({
      name: 'watch_list_versions',
      help: 'Imported list versions by list and status (active, superseded, refused)',
      labelNames: ['source', 'status'],
      registers,
      async collect() {
        const snapshot = await read();
        this.reset();
        for (const v of snapshot?.listVersions ?? []) this.set({ source: v.source, status: v.status }, v.n);
      },
    });
    const byStatus = (
      name: string,
      help: string,
      pick: (s: ServiceState) => Array<{ status: string; n: number }>,
    ) =>
      new Gauge({
        name,
        help,
        labelNames: ['status'],
        registers,
        async collect() {
          const snapshot = await read();
          this.reset();
          if (!snapshot) return this.set({ status: 'unknown' }, NaN);
          for (const row of pick(snapshot)) this.set({ status: row.status }, row.n);
        },
      });
    byStatus('monitors', 'Monitors by status (active, stopped, expired)', (s) => s.monitors);
    byStatus('monitor_alerts', 'Monitor alerts by status (open, dismissed, confirmed)', (s) => s.alerts);
    new Gauge({
      name: 'audit_events',
      help: 'Events written to the audit log (its last sequence number)',
      registers,
      async collect() {
        const snapshot = await read();
        this.set(snapshot ? snapshot.auditEvents : NaN);
      },
    });
    new Gauge({
      name: 'privacy_requests_open',
      help: 'Open ARCO requests by due state: overdue, due_soon (its last 5 business days) or later',
      labelNames: ['due'],
      registers,
      async collect() {
        const snapshot = await read();
        const today = calendarDateIn(config.serviceTimezone, new Date());
        for (const due of ARCO_DUE_STATES) this.set({ due }, snapshot ? 0 : NaN);
        for (const group of snapshot?.privacyRequests ?? [])
          this.inc({ due: arcoDueState(group, today) }, group.n);
      },
    });
  }
}
