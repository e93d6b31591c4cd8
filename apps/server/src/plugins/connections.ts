import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ConnectionLimits } from '../config.ts';

/**
 * The addresses the machine's own probes (a container health check, a local monitor, a proxy on the
 * same host) connect from. Other loopback addresses (127.0.0.2, …) count as ordinary clients.
 */
const LOCAL_PROBES = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * Connections beyond HTTP_MAX_CONNECTIONS kept for LOCAL_PROBES: when every other slot is taken,
 * `GET /health` from the machine itself still gets through and tells the monitor the process is alive.
 */
export const LOCAL_PROBE_RESERVE = 16;

/** A refused connection is counted, and the count logged at most this often (an attack logs little). */
const REFUSAL_LOG_INTERVAL_MS = 60_000;

/**
 * Bounds what clients may hold open, on the 'connection' event, before a byte is parsed: from one
 * address at most `perAddress` connections, from all together at most `max` (plus LOCAL_PROBE_RESERVE
 * for the machine's own probes). A connection beyond a bound is destroyed at once: the client sees the
 * connection closed and nothing else is spent on it. Node's `maxConnections` stays above both, a
 * backstop should this accounting ever be wrong. Every count is of the socket's own address; behind a
 * proxy that is the proxy's, so there the proxy bounds each client (docs/operations.md) and the
 * per-address bound is off unless set.
 */
async function connections(app: FastifyInstance, limits: ConnectionLimits) {
  const server = app.server;
  const perAddress = new Map<string, number>();
  let open = 0;
  let refused = 0;
  let lastLog = 0;
  server.maxConnections = limits.max + LOCAL_PROBE_RESERVE;

  const refuse = (socket: Socket, address: string) => {
    socket.destroy();
    refused += 1;
    const now = Date.now();
    if (now - lastLog < REFUSAL_LOG_INTERVAL_MS) return;
    lastLog = now;
    app.log.warn({ refused, open, address }, 'connections refused: a connection bound was reached');
    refused = 0;
  };

  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? '';
    const fromAddress = perAddress.get(address) ?? 0;
    const overall = limits.max + (LOCAL_PROBES.has(address) ? LOCAL_PROBE_RESERVE : 0);
    if ((limits.perAddress > 0 && fromAddress >= limits.perAddress) || open >= overall) {
      refuse(socket, address);
      return;
    }
    open += 1;
    perAddress.set(address, fromAddress + 1);
    socket.once('close', () => {
      open -= 1;
      const left = (perAddress.get(address) ?? 1) - 1;
      if (left > 0) perAddress.set(address, left);
      else perAddress.delete(address);
    });
  });
}

export const connectionsPlugin = fp(connections, { name: 'prestaya-connections' });
