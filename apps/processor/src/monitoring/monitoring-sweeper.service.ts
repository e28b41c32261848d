import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { MonitorComparisons } from '@app/application';
import { monthIn, unchargedMonths } from '@app/domain';
import { MonitorActivationRepository, MonitorRepository, WatchListActivations } from '@app/persistence';
import { APP_CONFIG, AppConfig, PeriodicTask, RepeatingFailure } from '@app/platform';

/** How often pending work is looked for: well within docs/monitoring.md's minute. */
const SWEEP_EVERY_MS = 2_000;
/** An activation younger than this is left to its Bull job (published right after its commit). */
const ACTIVATION_GRACE_MS = 3_000;
/** Monitors ended this long ago are not looked at for uncharged months any more (well past a year's run). */
const CHARGE_CATCH_UP_MS = 400 * 86_400_000;

/**
 * Monitoring's periodic work: activations still pending (a job lost with Redis, a processor killed
 * mid-way: the transaction rolled back and the row is pending again), legal-records ingests not
 * yet compared (the ingest CLI records them; nothing else starts them), monitors whose time is up
 * (`expired`), and, at the processor's start and when a month (SERVICE_TIMEZONE) begins, every month
 * a monitor was active in that the ledger lacks (months missed while no processor ran included). Each piece is idempotent, so several processors may sweep at once.
 */
@Injectable()
export class MonitoringSweeperService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(MonitoringSweeperService.name);
  private readonly task = new PeriodicTask({
    name: 'Monitoring sweep',
    everyMs: SWEEP_EVERY_MS,
    logger: this.logger,
    run: () => this.sweep(),
  });
  private readonly announcedFailure = new RepeatingFailure(this.logger, 'Comparing announced activations');
  private chargedMonth: string | null = null;
  /** Activations are announced at their commit (NOTIFY): compared at once, not at the next sweep. */
  private readonly announced: WatchListActivations;

  constructor(
    private readonly comparisons: MonitorComparisons,
    private readonly activations: MonitorActivationRepository,
    private readonly monitors: MonitorRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.announced = new WatchListActivations(config.databaseUrl, () => void this.comparePending(0));
  }

  onApplicationBootstrap(): void {
    void this.task.start();
    void this.announced.start();
  }

  async onApplicationShutdown(): Promise<void> {
    this.task.stop();
    await this.announced.stop();
  }

  /** Pending activations at least `olderThanMs` old, each compared unless done or held elsewhere. */
  private async comparePending(olderThanMs: number): Promise<void> {
    try {
      for (const id of await this.activations.pendingIds(olderThanMs)) {
        const report = await this.comparisons.compareActivation(id);
        if (report) this.logger.log({ activationId: id, ...report }, 'Activation compared with the monitors');
      }
      this.announcedFailure.succeeded();
    } catch (error) {
      this.announcedFailure.failed(error);
    }
  }

  private async sweep(): Promise<void> {
    const expired = await this.monitors.expire();
    if (expired > 0) this.logger.log({ expired }, 'Monitors expired');
    await this.chargeMonth();
    await this.comparisons.warmIndex();
    for (const id of await this.activations.pendingIds(ACTIVATION_GRACE_MS)) {
      const report = await this.comparisons.compareActivation(id);
      if (report)
        this.logger.log({ activationId: id, ...report }, 'Pending activation compared with the monitors');
    }
    for (const version of await this.activations.pendingIngests()) {
      const alerts = await this.comparisons.compareIngest(version);
      if (alerts !== null)
        this.logger.log({ ingest: version, alerts }, 'Legal-records ingest compared with the monitors');
    }
  }

  /**
   * Once per month and processor, and at its start: the months the domain says each monitor owes
   * (unchargedMonths) that the ledger lacks, so a month that began while no processor ran is charged
   * afterwards. The ledger's key makes repeats (several processors) free of charge.
   */
  private async chargeMonth(): Promise<void> {
    const now = Date.now();
    const month = monthIn(this.config.serviceTimezone, now);
    if (month === this.chargedMonth) return;
    let charged = 0;
    for await (const page of this.monitors.chargeable(new Date(now - CHARGE_CATCH_UP_MS))) {
      const owed = page.flatMap((monitor) =>
        unchargedMonths(monitor, monitor.charged, now, this.config.serviceTimezone).map((period) => ({
          monitorId: monitor.id,
          clientId: monitor.clientId,
          period,
        })),
      );
      charged += await this.monitors.chargeMonths(owed);
    }
    this.chargedMonth = month;
    if (charged > 0) this.logger.log({ month, charged }, 'Monitor months charged');
  }
}
