import { decideDemoUsers, PUBLISHED_DEMO_PASSWORD } from './demo-users';

describe('decideDemoUsers (docs/behaviour.md, docs/integrators.md)', () => {
  it.each([
    [undefined, undefined, { create: true, password: PUBLISHED_DEMO_PASSWORD }],
    ['development', undefined, { create: true, password: PUBLISHED_DEMO_PASSWORD }],
    ['test', '', { create: true, password: PUBLISHED_DEMO_PASSWORD }],
    ['development', 'My-Own-Pass-99', { create: true, password: 'My-Own-Pass-99' }],
    ['development', PUBLISHED_DEMO_PASSWORD, { create: true, password: PUBLISHED_DEMO_PASSWORD }],
    ['production', 'My-Own-Pass-99', { create: true, password: 'My-Own-Pass-99' }],
    [
      'production',
      undefined,
      { create: false, reason: expect.stringMatching(/^No demo users: .*DEMO_PASSWORD is not set/) },
    ],
    ['production', '', { create: false, reason: expect.stringMatching(/^No demo users/) }],
    [
      'production',
      PUBLISHED_DEMO_PASSWORD,
      {
        refused: expect.stringMatching(
          /^DEMO_PASSWORD is the published default \(Demo-Pass-2026!\): in production anyone/,
        ),
      },
    ],
  ])('NODE_ENV=%p DEMO_PASSWORD=%p', (nodeEnv, password, decision) => {
    expect(decideDemoUsers(nodeEnv, password)).toEqual(decision);
  });
});
