import { randomUUID } from 'node:crypto';
import {
  alertFingerprint,
  alertsInTurns,
  compareFields,
  compareWithEntry,
  decideAlert,
  decideLegalAlert,
  EntrySide,
  isEmptyDelta,
  LEGAL_RECORDS_SOURCE,
  MonitorIndex,
  MONITORS_PER_SEGMENT,
  MonitoredSubject,
  raiseAlertsInParts,
  versionDelta,
  WatchListEntry,
} from '@app/domain';
import {
  MonitorActivationRepository,
  NewAlert,
  PendingActivation,
} from '@app/persistence/repositories/monitor-activation.repository';
import { WatchListRepository } from '@app/persistence/repositories/watch-list.repository';
import { WebhookDispatchRepository } from '@app/persistence/repositories/webhook-dispatch.repository';

/** What one activation did. */
export interface ActivationReport {
  source: string;
  version: number;
  added: number;
  changed: number;
  removed: number;
  /** Monitors the changed entries could concern (scored), of those indexed. */
  monitorsScored: number;
  monitorsIndexed: number;
  alerts: number;
  /** The parts the alerts were committed in, and how long raising them waited for webhooks. */
  alertParts: number;
  waitedForWebhooksMs: number;
  ms: number;
}

/** Past this many segments the index is built again from the active monitors alone. */
const MAX_SEGMENTS = 8;
/** How many of the newest monitor numbers each refresh reads again (see refreshIndex). */
const RESCAN = 1_000n;

/**
 * docs/monitoring.md's comparisons, run by the processor:
 * - an activated list version: the delta with the previous version by key and fingerprint, the
 *   reverse screening of the added and changed entries (and the previous form of the changed and
 *   removed ones) against the monitors' index, the exact comparison of the few candidates it names,
 *   the alert rules, and the alerts with their events, raised in parts no faster than their
 *   webhooks leave (raiseAlertsInParts); then the activation is marked done;
 * - a legal-records ingest: the monitors whose BGC Legal query matches a person it added or
 *   changed, in the transaction that marks the ingest compared.
 * One comparison at a time per processor (the index is shared); two processors never take the
 * same work (an activation is claimed, an ingest's row held), and a retry raises nothing twice
 * (unique fingerprints).
 */
export class MonitorComparisons {
  private index = new MonitorIndex();
  private indexedThrough = 0n;
  /** Monitors filed whose `seq` is within RESCAN of the newest: read again, not filed twice. */
  private readonly recent = new Map<string, bigint>();
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly activations: MonitorActivationRepository,
    private readonly lists: WatchListRepository,
    private readonly dispatch: WebhookDispatchRepository,
  ) {}

  /** Compares an activation with the monitors; null when it is done already or held elsewhere. */
  compareActivation(activationId: string): Promise<ActivationReport | null> {
    return this.serialised(() =>
      this.activations.withClaimed(activationId, (activation) => this.compare(activation)),
    );
  }

  /** Compares a legal-records ingest with the monitors; null when done already or held elsewhere. */
  compareIngest(version: string): Promise<number | null> {
    return this.serialised(() =>
      this.activations.withPendingIngest(version, async (tx) => {
        const alerts: NewAlert[] = [];
        for (const pair of await this.activations.legalPairs(tx, version)) {
          const { subject, ...target } = pair;
          const decision = decideLegalAlert(pair, subject);
          if (!decision) continue;
          alerts.push({
            ...target,
            id: randomUUID(),
            source: LEGAL_RECORDS_SOURCE,
            version: Number(version),
            decision,
            fingerprint: alertFingerprint(
              pair.monitorId,
              LEGAL_RECORDS_SOURCE,
              decision.entryId,
              decision.kind,
              decision.entryState,
            ),
          });
        }
        return this.activations.raise(tx, alertsInTurns(alerts));
      }),
    );
  }

  /**
   * Files the monitors created since the last look, outside any activation: the processor's sweep
   * calls it, so an activation finds the index ready (at 1,000,000 monitors building it takes
   * seconds an activation should not wait for).
   */
  warmIndex(): Promise<void> {
    return this.serialised(() => this.refreshIndex());
  }

  private serialised<T>(work: () => Promise<T>): Promise<T> {
    const run = this.queue.then(work, work);
    this.queue = run.catch(() => undefined);
    return run;
  }

  /**
   * Files the monitors created since the last look (a fresh index when segments piled up). A
   * monitor's `seq` is taken at insert and seen at commit, so a slow insert may show up behind a
   * later one: the last RESCAN numbers are read again, and the ones already filed skipped.
   */
  private async refreshIndex(): Promise<void> {
    if (this.index.segmentCount >= MAX_SEGMENTS) {
      this.index = new MonitorIndex();
      this.indexedThrough = 0n;
      this.recent.clear();
    }
    const from = this.indexedThrough > RESCAN ? this.indexedThrough - RESCAN : 0n;
    let batch: MonitoredSubject[] = [];
    for await (const page of this.activations.monitoredSince(String(from)))
      for (const row of page) {
        const seq = BigInt(row.seq);
        if (this.recent.has(row.monitorId)) continue;
        batch.push(row);
        this.recent.set(row.monitorId, seq);
        if (seq > this.indexedThrough) this.indexedThrough = seq;
        if (batch.length >= MONITORS_PER_SEGMENT) {
          // One segment at a time, and the event loop turns between them: filing 1,000,000
          // monitors in one synchronous call outlasted the liveness watchdog, which killed the
          // processor mid-build (and starved its heartbeat meanwhile).
          this.index.add(batch);
          batch = [];
          await new Promise((resolve) => setImmediate(resolve));
        }
      }
    if (batch.length) this.index.add(batch);
    for (const [id, seq] of this.recent) if (seq + RESCAN < this.indexedThrough) this.recent.delete(id);
  }

  private async compare(activation: PendingActivation): Promise<ActivationReport> {
    const started = Date.now();
    await this.refreshIndex();
    const current = await this.activations.fingerprints(activation.versionId);
    const previous = activation.previousVersionId
      ? await this.activations.fingerprints(activation.previousVersionId)
      : [];
    const delta = versionDelta(previous, current);
    const report: ActivationReport = {
      source: activation.source,
      version: activation.version,
      added: delta.added.length,
      changed: delta.changed.length,
      removed: delta.removed.length,
      monitorsScored: 0,
      monitorsIndexed: this.index.size,
      alerts: 0,
      alertParts: 0,
      waitedForWebhooksMs: 0,
      ms: 0,
    };
    if (!isEmptyDelta(delta) && this.index.size > 0) {
      const alerts = await this.alertsFor(activation, delta, current, previous, report);
      const raised = await raiseAlertsInParts(alertsInTurns(alerts), {
        raise: (part) => this.activations.raisePart(activation.id, part),
        webhooksLeft: (position) => this.dispatch.webhooksLeft(position),
        now: () => Date.now(),
        sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
      });
      report.alerts = raised.raised;
      report.alertParts = raised.parts;
      report.waitedForWebhooksMs = raised.waitedMs;
    }
    await this.activations.markDone(activation.id, {
      added: report.added,
      changed: report.changed,
      removed: report.removed,
    });
    report.ms = Date.now() - started;
    return report;
  }

  private async alertsFor(
    activation: PendingActivation,
    delta: ReturnType<typeof versionDelta>,
    current: ReadonlyArray<{ key: string; fingerprint: string }>,
    previous: ReadonlyArray<{ key: string; fingerprint: string }>,
    report: ActivationReport,
  ): Promise<NewAlert[]> {
    const nowKeys = [...delta.added, ...delta.changed];
    const beforeKeys = [...delta.changed, ...delta.removed];
    const [after, before] = await Promise.all([
      this.lists.entriesByKeys(
        nowKeys.map((key) => ({ versionId: activation.versionId, key })),
        { raw: false },
      ),
      activation.previousVersionId
        ? this.lists.entriesByKeys(
            beforeKeys.map((key) => ({ versionId: activation.previousVersionId!, key })),
            { raw: false },
          )
        : Promise.resolve([]),
    ]);
    const afterOf = new Map(after.map((entry) => [entry.key, entry]));
    const beforeOf = new Map(before.map((entry) => [entry.key, entry]));
    const fingerprintNow = new Map(current.map((e) => [e.key, e.fingerprint]));
    const fingerprintBefore = new Map(previous.map((e) => [e.key, e.fingerprint]));

    // Reverse screening: which monitors each changed entry (either form) can concern.
    const concerned = new Map<string, Set<string>>();
    for (const entry of [...after, ...before])
      for (const monitorId of this.index.candidatesFor(entry)) {
        const keys = concerned.get(monitorId) ?? new Set<string>();
        keys.add(entry.key);
        concerned.set(monitorId, keys);
      }
    const targets = await this.activations.activeWatching([...concerned.keys()], activation.source);
    report.monitorsScored = targets.length;

    const side = (
      subject: (typeof targets)[number]['subject'],
      entry: WatchListEntry | undefined,
      fingerprint: string | undefined,
    ): EntrySide | null => {
      if (!entry || !fingerprint) return null;
      const comparison = compareWithEntry(subject, entry);
      return {
        fingerprint,
        listStatus: entry.listStatus,
        comparison,
        fields: () => compareFields(subject, entry, comparison.nameIndex),
      };
    };
    const alerts: NewAlert[] = [];
    for (const target of targets)
      for (const key of [...concerned.get(target.monitorId)!].sort()) {
        const decision = decideAlert(
          key,
          side(target.subject, beforeOf.get(key), fingerprintBefore.get(key)),
          side(target.subject, afterOf.get(key), fingerprintNow.get(key)),
        );
        if (!decision) continue;
        alerts.push({
          ...target,
          id: randomUUID(),
          source: activation.source,
          version: activation.version,
          decision,
          fingerprint: alertFingerprint(
            target.monitorId,
            activation.source,
            key,
            decision.kind,
            decision.entryState,
          ),
        });
      }
    return alerts;
  }
}
