import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { Server as NetServer, Socket } from 'node:net';
import { Injectable } from '@nestjs/common';
import type { FastifyInstance } from 'fastify';

/**
 * After the api stops accepting connections, one that has carried no request for this long is
 * closed: its client is not using it. Clients under load send their next request within
 * milliseconds and get it answered (with `Connection: close`) instead.
 */
const IDLE_CLOSE_MS = 1_000;

interface ConnectionState {
  /** Requests read on it and not answered yet. */
  inFlight: number;
  /** Requests read on it so far: tells an idle connection from one that was used meanwhile. */
  requests: number;
}

/**
 * A graceful stop that resets no connection. Closing a socket that holds bytes not read yet sends
 * a reset, and a client that sees one cannot tell whether its request was executed. Two closes do
 * that under load: Node's `server.close()`, which destroys every idle keep-alive connection at once
 * (some of them are receiving a request at that very moment), and the close of the listening
 * socket, which resets the connections the kernel has queued but the api not yet accepted (many,
 * when answers with `Connection: close` have just sent every client to open a new one). So, when
 * the api stops accepting (after SHUTDOWN_READINESS_DELAY_MS, during which it serves as usual):
 *
 * - the listening socket alone is closed, first: from then on a new connection is refused, which
 *   tells its client that nothing was sent;
 * - every answer then carries `Connection: close`, so each open connection closes cleanly after the
 *   answer in flight on it, or after the next one its client sends on it;
 * - a connection left idle (or once its last answer is out) is closed after {@link IDLE_CLOSE_MS}
 *   without a request;
 * - the application closes (pools, queues) once the last connection is gone.
 */
@Injectable()
export class ConnectionDrain {
  private readonly connections = new Map<Socket, ConnectionState>();
  private stopping = false;

  attach(fastify: FastifyInstance): void {
    const server = fastify.server;
    server.on('connection', (socket: Socket) => {
      this.connections.set(socket, { inFlight: 0, requests: 0 });
      socket.once('close', () => this.connections.delete(socket));
    });
    // Node's own event, for every request it parsed: preflights and router errors included.
    server.on('request', (request: IncomingMessage, response: ServerResponse) => {
      const state = this.connections.get(request.socket);
      if (!state) return;
      state.inFlight += 1;
      state.requests += 1;
      response.once('close', () => {
        state.inFlight -= 1;
        if (this.stopping && state.inFlight === 0) this.closeIfUnused(request.socket, state);
      });
    });
    // A callback hook, not an async one: no promise per response.
    fastify.addHook('onSend', (_request, reply, payload, done) => {
      if (this.stopping) reply.header('connection', 'close');
      done(null, payload);
    });
  }

  /**
   * Stops accepting connections and resolves once every open one has closed. `net.Server`'s close
   * rather than `http.Server`'s, which would destroy the idle keep-alive connections at once.
   */
  closeGracefully(server: Server): Promise<void> {
    return new Promise<void>((resolve) =>
      this.afterQuietTurn(server, () => {
        NetServer.prototype.close.call(server, () => resolve());
        // Only now: a client told to reconnect earlier would queue a connection to be reset.
        this.stopping = true;
        for (const [socket, state] of this.connections)
          if (state.inFlight === 0) this.closeIfUnused(socket, state);
      }),
    );
  }

  /**
   * Runs `close` right after an event-loop turn that accepted no connection. A turn accepts every
   * connection the kernel holds for the listening socket, so after one that accepted none the queue
   * was empty: closing then resets nobody, while closing amid a stream of new connections (clients
   * opening their first ones under load) resets those still queued.
   */
  private afterQuietTurn(server: Server, close: () => void): void {
    let accepted = true;
    const onConnection = () => (accepted = true);
    server.on('connection', onConnection);
    const closeWhenQuiet = () => {
      if (accepted) {
        accepted = false;
        setImmediate(closeWhenQuiet);
        return;
      }
      server.off('connection', onConnection);
      close();
    };
    closeWhenQuiet();
  }

  private closeIfUnused(socket: Socket, state: ConnectionState): void {
    const requests = state.requests;
    setTimeout(() => {
      if (state.inFlight === 0 && state.requests === requests) socket.destroy();
    }, IDLE_CLOSE_MS).unref();
  }
}
