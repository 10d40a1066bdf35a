import type { FastifyInstance } from 'fastify';
import { createScoreHub, type ScoreHub, type ScoreHubOptions, type ScoreSocketHub } from './score-hub.ts';

// Consumers that still import the hub's types from here (the account area, the feed) move to score-hub.ts with
// the typed ServerContext port.
export type { ScoreConnection, ScoreHub } from './score-hub.ts';
export { silentCloseCode } from './score-hub.ts';

/** The settings of a hub the plugin creates itself. */
export type ScoreSocketOptions = ScoreHubOptions;

declare module 'fastify' {
  interface FastifyInstance {
    scoreHub: ScoreHub;
  }
}

/**
 * The live-score socket at `/ws` (DESIGN.md, Realtime; SPEC §4). Needs @fastify/websocket registered first. Serves
 * the hub it is given (createScoreHub), or one it creates from the settings, and closes it with the instance.
 * Decorates the instance it is registered on with `scoreHub`.
 */
export async function scoreSocket(app: FastifyInstance, options: ScoreSocketOptions | { hub: ScoreSocketHub }): Promise<void> {
  if (!app.hasDecorator('websocketServer')) throw new Error('register @fastify/websocket before scoreSocket');
  const hub = 'hub' in options ? options.hub : await createScoreHub(options, app.log);
  app.decorate('scoreHub', hub);
  app.addHook('onClose', () => hub.close());
  app.get('/ws', { websocket: true }, (socket, request) => hub.attach(socket, request.raw.socket));
}

// Like fastify-plugin: the hub decorates the instance the caller registered the plugin on, not a child scope.
Object.assign(scoreSocket, {
  [Symbol.for('skip-override')]: true,
  [Symbol.for('fastify.display-name')]: 'score-socket',
});
