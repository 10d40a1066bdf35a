import { EventEmitter } from 'node:events';
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import { MemorySocketCounter } from '../adapters/limits/memory-socket-counter.ts';
import type { SocketCounter } from '../ports/socket-counter.ts';
import { limitSocketsPerAddress } from './socket-address-limit.ts';

const notFound = 'HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n';

/**
 * Registers @fastify/websocket and the socket routes `register` adds in a scope of their own. The plugin sets an
 * onRequest and an onResponse hook and wraps the handler of every route in its scope, so outside this scope the
 * site's other requests do not pay for them. Upgrades reach the plugin only for the scope's socket routes; any
 * other upgrade is refused here, as a route outside the scope would answer it and leave its socket open. One address
 * holds at most `socketsPerAddress` of the scope's sockets at once, as `counter` counts them (socket-address-limit.ts).
 */
export async function registerSocketScope(
  app: FastifyInstance,
  register: (sockets: FastifyInstance) => Promise<void>,
  { socketsPerAddress = Number.POSITIVE_INFINITY, counter = new MemorySocketCounter() }: { socketsPerAddress?: number; counter?: SocketCounter } = {},
): Promise<void> {
  const socketPaths = new Set<string>();
  // The plugin listens for upgrades on `options.server` and uses nothing else of it (its index.js).
  const upgrades = new EventEmitter();
  app.server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = (request.url ?? '').split('?')[0]!.replace(/(.)\/$/, '$1');
    if (socketPaths.has(path)) {
      upgrades.emit('upgrade', request, socket, head);
      return;
    }
    socket.once('error', () => socket.destroy());
    socket.end(notFound);
  });
  await app.register(async (sockets) => {
    sockets.addHook('onRoute', (route) => {
      if (route.websocket) socketPaths.add(route.url);
    });
    await sockets.register(websocket, { options: { maxPayload: 64 * 1024, server: upgrades as unknown as Server } });
    // After the plugin's own hooks, which mark the request as an upgrade and end a refused one's socket.
    limitSocketsPerAddress(sockets, socketsPerAddress, counter);
    await register(sockets);
  });
}
