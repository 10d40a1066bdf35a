import type { FastifyInstance } from 'fastify';

/**
 * Whether this process should be sent traffic: not before its database is ready, and not once it drains for a
 * stop. The load balancer's health check asks GET /ready (HAProxy `option httpchk`), so a process leaves the pool
 * before it stops taking connections, and joins it only once it can answer calls.
 */
export class Readiness {
  #started = false;
  #draining = false;

  started(): void {
    this.#started = true;
  }

  drain(): void {
    this.#draining = true;
  }

  get draining(): boolean {
    return this.#draining;
  }

  get ready(): boolean {
    return this.#started && !this.#draining;
  }

  state(): 'starting' | 'ready' | 'draining' {
    return this.#draining ? 'draining' : this.#started ? 'ready' : 'starting';
  }
}

/** GET /ready: 200 while the process takes traffic, else 503 with what it is doing; never cached. */
export async function readinessRoute(app: FastifyInstance, { readiness }: { readiness: Readiness }): Promise<void> {
  app.get('/ready', async (_request, reply) => {
    const state = readiness.state();
    return reply
      .code(state === 'ready' ? 200 : 503)
      .header('Cache-Control', 'no-store')
      .type('text/plain; charset=utf-8')
      .send(`${state}\n`);
  });
}
