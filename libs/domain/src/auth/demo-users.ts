/**
 * docs/behaviour.md, docs/integrators.md: the demo users' password is published (README, Swagger's sign-in example),
 * so anyone could sign in with it wherever it works. Outside production it is the convenience QA
 * and the tests rely on; in production the demo users exist only with a password of the
 * operator's own.
 */
export const PUBLISHED_DEMO_PASSWORD = 'Demo-Pass-2026!';

export type DemoUsersDecision =
  /** Seed the demo clients, users and packages with this password. */
  | { create: true; password: string }
  /** Seed none of them, and say why (not an error: production without demo users is the norm). */
  | { create: false; reason: string }
  /** Refuse to seed at all: the setup stops with this message. */
  | { refused: string };

/** Whether (and with which password) the seed creates the demo users, from NODE_ENV and DEMO_PASSWORD. */
export function decideDemoUsers(
  nodeEnv: string | undefined,
  demoPassword: string | undefined,
): DemoUsersDecision {
  const password = demoPassword || undefined;
  if (nodeEnv !== 'production') return { create: true, password: password ?? PUBLISHED_DEMO_PASSWORD };
  if (password === undefined)
    return {
      create: false,
      reason:
        'No demo users: NODE_ENV=production and DEMO_PASSWORD is not set (set it to a password of your own to create them).',
    };
  if (password === PUBLISHED_DEMO_PASSWORD)
    return {
      refused: `DEMO_PASSWORD is the published default (${PUBLISHED_DEMO_PASSWORD}): in production anyone who has read the README could sign in as the demo users. Set a password of your own, or unset DEMO_PASSWORD to create no demo users.`,
    };
  return { create: true, password };
}
