import { rotateSecrets, ROTATION_OVERLAP_MS, signingSecrets, webhookHeaders } from './signature';

const now = 1_800_000_000_000;

describe('signingSecrets (docs/integrators.md rotation)', () => {
  it.each([
    ['a never-rotated endpoint', { secret: 'new', previousSecret: null, previousSecretUntil: null }, ['new']],
    [
      'during the overlap',
      { secret: 'new', previousSecret: 'old', previousSecretUntil: now + 1 },
      ['new', 'old'],
    ],
    ['at its end', { secret: 'new', previousSecret: 'old', previousSecretUntil: now }, ['new']],
    ['after it', { secret: 'new', previousSecret: 'old', previousSecretUntil: now - 1 }, ['new']],
  ])('%s', (_what, secrets, expected) => {
    expect(signingSecrets(secrets, now)).toEqual(expected);
  });
});

describe('rotateSecrets', () => {
  it('keeps the current secret signing for 24 hours', () => {
    const rotated = rotateSecrets(
      { secret: 'a', previousSecret: 'older', previousSecretUntil: now },
      'b',
      now,
    );
    expect(rotated).toEqual({
      secret: 'b',
      previousSecret: 'a',
      previousSecretUntil: now + ROTATION_OVERLAP_MS,
    });
    expect(ROTATION_OVERLAP_MS).toBe(86_400_000);
    expect(signingSecrets(rotated, now + ROTATION_OVERLAP_MS - 1)).toEqual(['b', 'a']);
    expect(signingSecrets(rotated, now + ROTATION_OVERLAP_MS)).toEqual(['b']);
  });
});

describe('webhookHeaders (docs/integrators.md)', () => {
  it.each([
    [['v1,abc='], 'v1,abc='],
    [['v1,new=', 'v1,old='], 'v1,new= v1,old='],
  ])('signatures %j -> %p', (signatures, header) => {
    expect(webhookHeaders({ eventId: 'evt_1_2', timestampSeconds: 1_800_000_000, signatures })).toEqual({
      'content-type': 'application/json',
      'webhook-id': 'evt_1_2',
      'webhook-timestamp': '1800000000',
      'webhook-signature': header,
    });
  });
});
