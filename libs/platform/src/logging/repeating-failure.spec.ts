import { manualClock } from '@app/domain/manual-clock.fixture';
import { RecordingLogger } from './failure-logger.fixture';
import { REPEAT_EVERY_MS, RepeatingFailure } from './repeating-failure';

function setup() {
  const clock = manualClock(0);
  const logger = new RecordingLogger();
  const failure = new RepeatingFailure(logger, 'Outbox sweep', clock.now);
  return { failure, lines: logger.lines, advance: clock.advance };
}

describe('RepeatingFailure', () => {
  it('says the first failure, then once a minute with the count, then that it works again', () => {
    const { failure, lines, advance } = setup();
    const error = new Error('connect ECONNREFUSED');
    for (let tick = 0; tick < 150; tick++) {
      failure.failed(error);
      advance(1_000);
    }
    failure.succeeded();
    expect(lines.map((l) => [l.level, l.message, l.fields.failures])).toEqual([
      ['warn', 'Outbox sweep failed; retrying', 1],
      ['warn', 'Outbox sweep still failing; retrying', 61],
      ['warn', 'Outbox sweep still failing; retrying', 121],
      ['info', 'Outbox sweep works again', 150],
    ]);
    expect(lines[0].fields.err).toBe(error);
  });

  it('says nothing while all is well, and starts over after a recovery', () => {
    const { failure, lines, advance } = setup();
    failure.succeeded();
    expect(lines).toEqual([]);
    failure.failed(new Error('a'));
    failure.succeeded();
    advance(REPEAT_EVERY_MS / 2);
    failure.failed(new Error('b'));
    expect(lines.map((l) => l.message)).toEqual([
      'Outbox sweep failed; retrying',
      'Outbox sweep works again',
      'Outbox sweep failed; retrying',
    ]);
  });
});
