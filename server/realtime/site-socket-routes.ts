import type { FastifyInstance } from 'fastify';
import type { SiteSocketHub } from './site-socket-hub.ts';

export interface SiteSocketRoutesOptions {
  hub: SiteSocketHub;
}

/**
 * The site socket at `/ws` (DESIGN.md, Realtime; SPEC §4) over the given hub (createSiteSocketHub in
 * site-socket-hub.ts, made once by buildApp), which closes with the server. Needs @fastify/websocket registered first.
 */
export async function siteSocketRoutes(app: FastifyInstance, { hub }: SiteSocketRoutesOptions): Promise<void> {
  if (!app.hasDecorator('websocketServer')) throw new Error('register @fastify/websocket before siteSocketRoutes');
  app.addHook('onClose', () => hub.close());
  app.get('/ws', { websocket: true }, (socket, request) => hub.attach(socket, request.raw.socket));
}
