import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';

/** The refusal a limited call throws; the error handler answers it as code 1 with HTTP 429. */
class TooManyRequests extends Error {
  readonly statusCode = 429;
}

/**
 * The per-address limits of `x-rate-limit` (set on each route from the contract). With several
 * processes the counts live in Redis, so a limit holds however the load balancer spreads calls.
 * A Redis that fails lets calls through rather than taking the site down with it.
 */
export async function registerRateLimits(app: FastifyInstance, redisUrl: string | undefined): Promise<void> {
  // ioredis is loaded only when there is a Redis: one process's start-up does not pay for it.
  const redis = redisUrl ? new (await import('ioredis')).Redis(redisUrl, { connectTimeout: 500, maxRetriesPerRequest: 1, lazyConnect: false }) : undefined;
  redis?.on('error', (error: Error) => app.log.warn({ err: error }, 'rate limit store error'));
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: 'pitchside-rate-limit-', skipOnError: true } : {}),
    keyGenerator: (request) => request.ip,
    errorResponseBuilder: (_request, context) => new TooManyRequests(`retry in ${context.after}`),
  });
  if (redis) app.addHook('onClose', async () => void (await redis.quit()));
}
