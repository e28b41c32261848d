import type { FastifyInstance } from 'fastify';
import { ShutdownState } from '@app/platform';

/**
 * Once a graceful shutdown begins, every answer (the in-flight ones included) closes its connection:
 * keep-alive clients reconnect elsewhere instead of reusing a socket about to go, and the server's
 * close is not held up by sockets left idle after their last answer.
 */
export function closeConnectionsWhileDraining(fastify: FastifyInstance, shutdown: ShutdownState): void {
  // A callback hook, not an async one: no promise per response.
  fastify.addHook('onSend', (_request, reply, payload, done) => {
    if (shutdown.isDraining) reply.header('connection', 'close');
    done(null, payload);
  });
}
