import { timingSafeEqual } from 'node:crypto';
import { createBullBoard } from '@bull-board/api';
import { BullAdapter } from '@bull-board/api/bullAdapter';
import { FastifyAdapter as BullBoardFastifyAdapter } from '@bull-board/fastify';
import fastifyBasicAuth from '@fastify/basic-auth';
import { getQueueToken } from '@nestjs/bull';
import { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Queue } from 'bull';
import { AppConfig, QUEUE_NAMES } from '@app/platform';

export const QUEUE_DASHBOARD_PATH = '/admin/queues';

function same(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Bull Board for QA at /admin/queues, behind HTTP basic auth with the credentials from
 * QUEUE_DASHBOARD_USER / QUEUE_DASHBOARD_PASSWORD. Without them the dashboard is not mounted.
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
  const fastify = app.getHttpAdapter().getInstance();
  await fastify.register(async (scope) => {
    await scope.register(fastifyBasicAuth, {
      authenticate: { realm: 'Screening queues' },
      validate: async (user: string, password: string) => {
        if (!(same(user, credentials.user) && same(password, credentials.password)))
          throw new Error('Unauthorized');
      },
    });
    scope.addHook('onRequest', scope.basicAuth);
    await scope.register(serverAdapter.registerPlugin(), { prefix: QUEUE_DASHBOARD_PATH });
  });
  return true;
}
