/**
 * Fair webhook delivery between clients (docs/integrators.md, "Webhooks"). Bull hands out delivery
 * jobs first in, first out, and a job holds one of the processor's delivery slots while its POSTs
 * run: one client with a large backlog (or a slow receiver) held every slot, and another client's
 * event waited behind all of it (7.2 s instead of 0.1 s in the probe). So a client may hold at most
 * a share of the slots; a job of a client at its share is handed back to the queue with a delay (see
 * `deferralDelayMs`) instead of waiting in a slot, and the free slots go to the jobs behind it,
 * other clients' first.
 *
 * Plain state, one instance per processor (each processor shares out its own slots).
 */
export class ClientShares {
  private readonly held = new Map<string, number>();

  constructor(readonly slotsPerClient: number) {
    if (!(slotsPerClient >= 1)) throw new RangeError('A client must be allowed at least one slot');
  }

  /** Takes a slot for the client when it holds fewer than its share; false otherwise. */
  tryTake(clientId: string): boolean {
    const held = this.held.get(clientId) ?? 0;
    if (held >= this.slotsPerClient) return false;
    this.held.set(clientId, held + 1);
    return true;
  }

  release(clientId: string): void {
    const held = (this.held.get(clientId) ?? 0) - 1;
    if (held > 0) this.held.set(clientId, held);
    else this.held.delete(clientId);
  }

  /** Slots the client holds now (for tests and logs). */
  holding(clientId: string): number {
    return this.held.get(clientId) ?? 0;
  }
}

/** The first deferral waits this long; each further one of the same deliveries twice as long. */
export const FIRST_DEFERRAL_MS = 250;
/** ... up to this: a client over its share for long is looked at again every few seconds. */
export const MAX_DEFERRAL_MS = 4_000;

/**
 * How long deliveries deferred for the `deferrals`-th time (1, 2, ...) wait before their job is
 * offered again. Growing, so a client far over its share costs few hand-backs.
 */
export function deferralDelayMs(deferrals: number): number {
  return Math.min(FIRST_DEFERRAL_MS * 2 ** Math.max(0, deferrals - 1), MAX_DEFERRAL_MS);
}
