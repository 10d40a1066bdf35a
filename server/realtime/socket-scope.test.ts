import { request as httpRequest } from 'node:http';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { registerSocketScope } from './socket-scope.ts';

/** The raw answer to an upgrade request, as a browser's socket would get it. */
function upgradeAnswer(port: number, path: string): Promise<{ status: number; closed: boolean }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest({ port, host: '127.0.0.1', path, headers: { connection: 'Upgrade', upgrade: 'websocket', 'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==', 'sec-websocket-version': '13' } });
    request.once('upgrade', (response, socket) => {
      socket.destroy();
      resolve({ status: response.statusCode ?? 0, closed: false });
    });
    request.once('response', (response) => {
      response.resume();
      response.once('end', () => resolve({ status: response.statusCode ?? 0, closed: response.headers.connection === 'close' }));
    });
    request.once('error', reject);
    request.end();
  });
}

describe('the socket scope', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
  });

  it('opens its socket routes, refuses an upgrade anywhere else, and leaves the other routes without its hooks', async () => {
    // As the site's app: a trailing slash names the same route.
    app = Fastify({ routerOptions: { ignoreTrailingSlash: true } });
    await registerSocketScope(app, async (sockets) => {
      sockets.get('/echo', { websocket: true }, (socket) => {
        socket.on('message', (data) => socket.send(String(data)));
      });
    });
    app.get('/plain', async (request) => ({ socketHooks: 'ws' in request }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };

    for (const path of ['/echo', '/echo/', '/echo?room=1']) {
      const socket = new WebSocket(`ws://127.0.0.1:${String(port)}${path}`);
      const echoed = await new Promise<string>((resolve, reject) => {
        socket.once('open', () => socket.send('goal'));
        socket.once('message', (data) => resolve(String(data)));
        socket.once('error', reject);
      });
      expect(echoed).toBe('goal');
      socket.close();
    }

    expect(await upgradeAnswer(port, '/plain')).toEqual({ status: 404, closed: true });
    expect(await upgradeAnswer(port, '/nowhere')).toEqual({ status: 404, closed: true });
    const plain = await fetch(`http://127.0.0.1:${String(port)}/plain`);
    expect(await plain.json()).toEqual({ socketHooks: false });
  });
});
