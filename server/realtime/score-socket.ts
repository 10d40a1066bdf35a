import type { FastifyInstance } from 'fastify';
import type { ScoreSocketHub } from './score-hub.ts';

export interface ScoreSocketRoutesOptions {
  hub: ScoreSocketHub;
}

/**
 * The live-score socket at `/ws` (DESIGN.md, Realtime; SPEC §4) over the given hub (createScoreHub in
 * score-hub.ts, made once by buildApp), which closes with the server. Needs @fastify/websocket registered first.
 */
export async function scoreSocket(app: FastifyInstance, { hub }: ScoreSocketRoutesOptions): Promise<void> {
  if (!app.hasDecorator('websocketServer')) throw new Error('register @fastify/websocket before scoreSocket');
  app.addHook('onClose', () => hub.close());
  app.get('/ws', { websocket: true }, (socket, request) => hub.attach(socket, request.raw.socket));
}
