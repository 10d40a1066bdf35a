import type { FastifyInstance } from 'fastify';
import { ResultCode } from '../../errors.ts';
import type { ServerContext } from '../../ports/server-context.ts';
import { isLoopback } from '../scores/scores-public.ts';
import { kickOut } from './kickout-service.ts';
import { setRoomOnAir } from './live-alerts.ts';

export interface LiveDevRoutesOptions {
  server: ServerContext;
}

interface KickBody {
  room_id: number;
  uid: number;
  duration?: number;
}

/**
 * Outside production, for this machine only: POST /dev/live/kick kicks a viewer out of a room as a manager
 * would (live/liveKickout comes with the anchor's console), so the end-to-end tests and a developer see the
 * kick-out push (SPEC §4) arrive.
 */
export async function liveDevRoutes(app: FastifyInstance, { server }: LiveDevRoutesOptions): Promise<void> {
  if (server.production) return;
  app.post<{ Body: KickBody }>(
    '/dev/live/kick',
    {
      schema: {
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['room_id', 'uid'],
          properties: {
            room_id: { type: 'integer', minimum: 1, maximum: 2147483647 },
            uid: { type: 'integer', minimum: 1, maximum: 2147483647 },
            duration: { type: 'integer', minimum: 60, maximum: 2592000 },
          },
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      if (!isLoopback(request.socket.remoteAddress)) {
        return reply.code(403).send({ code: ResultCode.error, msg: 'Only from this machine', data: null });
      }
      const { room_id: roomId, uid, duration } = request.body;
      const data = await kickOut(server, { roomId, userId: uid, byUserId: null, durationSeconds: duration ?? 3600, reason: 'dev' });
      return { code: ResultCode.ok, msg: '', data };
    },
  );

  // POST /dev/live/air { room_id, on } puts a room on or off air as an anchor would, so tests and a
  // developer see the followers' alert on demand.
  app.post<{ Body: { room_id: number; on: boolean } }>(
    '/dev/live/air',
    {
      schema: {
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['room_id', 'on'],
          properties: { room_id: { type: 'integer', minimum: 1, maximum: 2147483647 }, on: { type: 'boolean' } },
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      if (!isLoopback(request.socket.remoteAddress)) {
        return reply.code(403).send({ code: ResultCode.error, msg: 'Only from this machine', data: null });
      }
      const changed = await setRoomOnAir(server, request.body.room_id, request.body.on);
      return { code: ResultCode.ok, msg: '', data: { changed } };
    },
  );
}
