import {
  CHAIN_STEPS_PER_JOB,
  DeliveryPolicy,
  DueDelivery,
  FIRST_DEFERRAL_MS,
  MAX_DEFERRAL_MS,
  RecordAnswer,
} from './delivery-policy';
import { DISABLE_AFTER_FAILING_MS } from './retry-schedule';

const SCHEDULE = [1_000, 5_000];
const policy = () => new DeliveryPolicy({ retrySchedule: SCHEDULE, slotsPerClient: 2, slots: 4 });
const due = (id: string, extra: Partial<DueDelivery> = {}): DueDelivery => ({
  id,
  generation: 0,
  clientId: 'acme',
  status: 'pending',
  attemptsMade: 0,
  ...extra,
});
const answer = (extra: Partial<RecordAnswer<string>> = {}): RecordAnswer<string> => ({
  retryScheduled: false,
  released: null,
  failingSince: null,
  ...extra,
});

describe('DeliveryPolicy.dueByClient: what a job still attempts', () => {
  it('keeps the pending deliveries of the job’s generation, by client in the job’s order', () => {
    const found = new Map([
      ['d-1', due('d-1')],
      ['d-2', due('d-2', { clientId: 'globex' })],
      ['d-3', due('d-3')],
    ]);
    const refs = ['d-3', 'd-2', 'd-1'].map((id) => ({ id, generation: 0 }));
    expect(
      [...policy().dueByClient(refs, found)].map(([client, ds]) => [client, ds.map((d) => d.id)]),
    ).toEqual([
      ['acme', ['d-3', 'd-1']],
      ['globex', ['d-2']],
    ]);
  });

  it.each([
    ['of a later generation (a manual retry or a retry job since)', due('d-1', { generation: 1 })],
    ['no longer pending (delivered, failed or cancelled)', due('d-1', { status: 'succeeded' })],
    ['gone (its endpoint deleted)', undefined],
  ])('leaves alone a delivery %s', (_name, delivery) => {
    const found = new Map(delivery ? [['d-1', delivery]] : []);
    expect(policy().dueByClient([{ id: 'd-1', generation: 0 }], found).size).toBe(0);
  });
});

describe('DeliveryPolicy: a client’s share of the slots', () => {
  it('gives a client at most its slots; a released slot is taken again; releasing twice frees one', () => {
    const p = policy();
    const first = p.takeSlot('acme')!;
    const second = p.takeSlot('acme')!;
    expect(p.takeSlot('acme')).toBeNull();
    expect(p.takeSlot('globex')).not.toBeNull();
    first.release();
    first.release();
    expect(p.shares.holding('acme')).toBe(1);
    second.release();
    expect(p.shares.holding('acme')).toBe(0);
  });

  it.each([
    [0, 1, FIRST_DEFERRAL_MS],
    [1, 2, 2 * FIRST_DEFERRAL_MS],
    [9, 10, MAX_DEFERRAL_MS],
  ])('hands back deliveries deferred %p times as deferral %p, %p ms later', (deferrals, next, ms) => {
    expect(policy().handBack(deferrals, 1_000)).toEqual({ deferrals: next, availableAt: 1_000 + ms });
  });
});

describe('DeliveryPolicy: the retry schedule', () => {
  it.each([
    [0, true, 'succeeded'],
    [0, false, 'pending'],
    [1, false, 'pending'],
    [2, false, 'failed'],
  ])('after %p attempts made, an attempt that succeeded=%p leaves it %p', (attemptsMade, ok, status) => {
    expect(policy().outcome({ attemptsMade }, ok, 0, 0.5).status).toBe(status);
  });

  it('retries after the schedule’s delay, within its jitter, as the next generation', () => {
    const p = policy();
    const outcome = p.outcome({ attemptsMade: 1 }, false, 10_000, 0);
    expect(outcome).toEqual({ status: 'pending', nextAttemptAt: 10_000 + 4_500 });
    expect(p.retryOf({ id: 'd-1', generation: 3 }, outcome)).toEqual({
      delivery: { id: 'd-1', generation: 4 },
      at: 14_500,
    });
    expect(p.retryOf({ id: 'd-1', generation: 3 }, { status: 'failed' })).toBeNull();
    expect(p.retryOf({ id: 'd-1', generation: 3 }, { status: 'succeeded' })).toBeNull();
  });
});

describe('DeliveryPolicy.afterRecord: what a recorded attempt means', () => {
  const success = { succeeded: true, outcome: { status: 'succeeded' } as const, now: 0 };
  const failure = { succeeded: false, outcome: { status: 'pending', nextAttemptAt: 9 } as const, now: 0 };

  it('a success releases the subject’s next event into the same job', () => {
    expect(policy().afterRecord({ ...success, recorded: answer({ released: 'd-2' }), step: 1 })).toEqual({
      outcome: 'succeeded',
      nextAttemptAt: null,
      disableEndpoint: false,
      goOnWith: 'd-2',
      handOff: null,
    });
  });

  it(`hands the chain to a job of its own at step ${CHAIN_STEPS_PER_JOB}`, () => {
    const after = policy().afterRecord({
      ...success,
      recorded: answer({ released: 'd-51' }),
      step: CHAIN_STEPS_PER_JOB,
    });
    expect([after.goOnWith, after.handOff]).toEqual([null, 'd-51']);
  });

  it('a success with nothing released ends the walk', () => {
    const after = policy().afterRecord({ ...success, recorded: answer(), step: 1 });
    expect([after.goOnWith, after.handOff]).toEqual([null, null]);
  });

  it('a failure is retrying, with the next try its record scheduled, and hands what it released to a new job', () => {
    expect(
      policy().afterRecord({
        ...failure,
        recorded: answer({ retryScheduled: true, released: 'd-2', failingSince: 0 }),
        step: 1,
      }),
    ).toEqual({
      outcome: 'retrying',
      nextAttemptAt: 9,
      disableEndpoint: false,
      goOnWith: null,
      handOff: 'd-2',
    });
  });

  it('a failure whose retry was not scheduled (another attempt recorded since the read) names no next try', () => {
    expect(policy().afterRecord({ ...failure, recorded: answer(), step: 1 }).nextAttemptAt).toBeNull();
  });

  it('a failure past the schedule is failed, with no next try', () => {
    const after = policy().afterRecord({
      ...failure,
      outcome: { status: 'failed' },
      recorded: answer(),
      step: 1,
    });
    expect([after.outcome, after.nextAttemptAt]).toEqual(['failed', null]);
  });

  it.each([
    [DISABLE_AFTER_FAILING_MS, true],
    [DISABLE_AFTER_FAILING_MS - 1, false],
  ])('disables the endpoint after failing for %p ms: %p', (failingFor, disable) => {
    const after = policy().afterRecord({
      ...failure,
      now: 1_000 + failingFor,
      recorded: answer({ failingSince: 1_000 }),
      step: 1,
    });
    expect(after.disableEndpoint).toBe(disable);
  });
});
