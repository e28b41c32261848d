import type { RetentionRepository } from '@app/persistence';

/** The requests and searches a granted cancellation blocks. */
export interface BlockTargets {
  requestIds: readonly string[];
  searchIds: readonly string[];
}

/**
 * What a granted ARCO decision asks of other features (docs/privacy.md, "ARCO requests"): the
 * abstract class is also the Nest token its implementation is bound to.
 */
export abstract class PrivacyEffects {
  /**
   * A granted cancellation: the requests and searches are blocked at once (their reads answer 410)
   * and suppressed `blockedDays` later by retention's sweep. Blocking what is blocked already
   * changes nothing, so a resolution retried after a failure blocks again safely.
   */
  abstract block(targets: BlockTargets): Promise<void>;
}

/**
 * A granted cancellation blocks through retention (docs/privacy.md, "Retention"): at once, each
 * newly blocked request with its `candidate_request.blocked` event and its monitors stopped.
 */
export class RetentionPrivacyEffects extends PrivacyEffects {
  constructor(private readonly retention: Pick<RetentionRepository, 'blockNow'>) {
    super();
  }

  async block(targets: BlockTargets): Promise<void> {
    await this.retention.blockNow(targets);
  }
}
