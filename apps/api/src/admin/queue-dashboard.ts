import { timingSafeEqual } from 'node:crypto';
import { createBullBoard } from '@bull-board/api';
import { BullAdapter } from '@bull-board/api/bullAdapter';
import { FastifyAdapter as BullBoardFastifyAdapter } from '@bull-board/fastify';
import fastifyBasicAuth from '@fastify/basic-auth';
import { getQueueToken } from '@nestjs/bull';
import { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Queue } from 'bull';
import { AppConfig, QUEUE_NAMES } from '@app/platform';
import { SignInThrottle } from '../auth/signin-throttle';
import { TooManyRequestsError } from '../common/http-errors';

export const QUEUE_DASHBOARD_PATH = '/admin/queues';

function same(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * The throttle's name for the dashboard's one account, whatever user name a guess sends (one count
 * per typed name would give a guesser a fresh count per name).
 */
const DASHBOARD_ACCOUNT = 'queue-dashboard';
const DASHBOARD_CREDENTIALS = 'The queue dashboard needs its user name and password (basic auth).';

/** An error @fastify/basic-auth passes on with its status (it sets 401 only when none is given). */
class DashboardRefusal extends Error {
  constructor(
    message: string,
    readonly statusCode: number,
  ) {
    super(message);
  }
}

/**
 * Bull Board for QA at /admin/queues, behind HTTP basic auth with the credentials from
 * QUEUE_DASHBOARD_USER / QUEUE_DASHBOARD_PASSWORD. Without them the dashboard is not mounted.
 * Guesses go through the sign-in throttle (the same Redis counts and address classes as
 * `POST /signin`): past SIGNIN_MAX_FAILURES wrong passwords from addresses that never opened the
 * dashboard, those addresses get 429 with Retry-After, while QA's usual addresses keep working.
 */
export async function mountQueueDashboard(app: NestFastifyApplication, config: AppConfig): Promise<boolean> {
  const credentials = config.queueDashboard;
  if (!credentials) return false;
  const serverAdapter = new BullBoardFastifyAdapter();
  serverAdapter.setBasePath(QUEUE_DASHBOARD_PATH);
  createBullBoard({
    queues: QUEUE_NAMES.map((name) => new BullAdapter(app.get<Queue>(getQueueToken(name)))),
    serverAdapter,
    options: { uiConfig: { boardTitle: 'Screening queues' } },
  });
  const throttle = app.get(SignInThrottle, { strict: false });
  const fastify = app.getHttpAdapter().getInstance();
  await fastify.register(async (scope) => {
    await scope.register(fastifyBasicAuth, {
      authenticate: { realm: 'Screening queues' },
      validate: async (user: string, password: string, request, reply) => {
        const right = () =>
          Promise.resolve(same(user, credentials.user) && same(password, credentials.password) ? true : null);
        let admitted: boolean | null;
        try {
          admitted = await throttle.attempt(DASHBOARD_ACCOUNT, request.ip, right);
        } catch (error) {
          if (!(error instanceof TooManyRequestsError)) throw error;
          void reply.header('Retry-After', String(error.retryAfterSeconds));
          throw new DashboardRefusal(
            `Too many failed sign-ins to the queue dashboard: try again in ${error.retryAfterSeconds} seconds.`,
            429,
          );
        }
        if (!admitted) throw new DashboardRefusal(DASHBOARD_CREDENTIALS, 401);
      },
    });
    // Refusals answer here, in the error body of docs/behaviour.md (Bull Board's own error handler, which
    // would otherwise render them, knows nothing of it).
    scope.addHook('onRequest', (request, reply, done) => {
      scope.basicAuth(request, reply, (error?: Error & { statusCode?: number }) => {
        if (!error) return done();
        const code = error.statusCode === 429 ? 429 : 401;
        void reply
          .code(code)
          .send({ code, message: error instanceof DashboardRefusal ? error.message : DASHBOARD_CREDENTIALS });
      });
    });
    await scope.register(serverAdapter.registerPlugin(), { prefix: QUEUE_DASHBOARD_PATH });
  });
  return true;
}
