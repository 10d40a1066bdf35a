import type { FastifyInstance } from 'fastify';
import { ResultCode } from '../../errors.ts';
import type { FeedPlayed } from '../../ports/match-feed.ts';
import type { ServerContext } from '../../ports/server-context.ts';

export interface FeedDevRoutesOptions {
  server: ServerContext;
}

interface AdvanceBody {
  /** How far to move the clock, or with `until` the most it may move. */
  minutes?: number;
  /** `goal`: stop after the pass in which a goal is scored (in one of `match_ids` when given). */
  until?: 'goal';
  match_ids?: number[];
}

const goalKinds = new Set(['goal', 'own_goal', 'penalty_goal']);
const minuteMs = 60_000;
/** Two days: the feed has planned no further than tomorrow. */
const longestMinutes = 48 * 60;

/** Only the machine itself may move the site's clock: the address of the connection, never a header. */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
  return v4 === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}

function goalsOf(passes: FeedPlayed[], matchIds: ReadonlySet<number> | null) {
  return passes.flatMap((pass) =>
    pass.incidents
      .filter((incident) => goalKinds.has(incident.kind) && (!matchIds || matchIds.has(incident.match_id)))
      .filter((incident) => pass.matches.some((match) => match.id === incident.match_id && match.sport === 'football'))
      .map((incident) => ({
        match_id: incident.match_id,
        kind: incident.kind,
        minute: incident.minute,
        home_score: incident.home_score,
        away_score: incident.away_score,
      })),
  );
}

/**
 * Outside production: POST /dev/feed/advance fast-forwards the feed this process plays (DESIGN.md, Live
 * scores: tests fast-forward its clock), so the end-to-end tests and a developer see goals on demand.
 * Pushes go out as they would have; the feed stays on the moved clock afterwards.
 */
export async function feedDevRoutes(app: FastifyInstance, { server }: FeedDevRoutesOptions): Promise<void> {
  if (server.production) return;
  app.post<{ Body: AdvanceBody | undefined }>(
    '/dev/feed/advance',
    {
      schema: {
        body: {
          type: 'object',
          additionalProperties: false,
          properties: {
            minutes: { type: 'integer', minimum: 1, maximum: longestMinutes },
            until: { type: 'string', enum: ['goal'] },
            match_ids: { type: 'array', maxItems: 500, items: { type: 'integer', minimum: 1 } },
          },
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      if (!isLoopback(request.socket.remoteAddress)) {
        return reply.code(403).send({ code: ResultCode.error, msg: 'Only from this machine', data: null });
      }
      const { feed } = server;
      if (!feed) return reply.code(409).send({ code: ResultCode.error, msg: 'This process plays no feed', data: null });
      // A start-up that is still answering the calls that waited for it has not started its feed yet.
      await feed.start();
      const body = request.body ?? {};
      const matchIds = body.match_ids?.length ? new Set(body.match_ids) : null;
      let passes: FeedPlayed[];
      if (body.until === 'goal') {
        passes = await feed.advanceUntil((body.minutes ?? longestMinutes) * minuteMs, (pass) => goalsOf([pass], matchIds).length > 0);
      } else {
        const seen: FeedPlayed[] = [];
        const unsubscribe = feed.subscribe((event) => {
          if (event.type === 'played') seen.push(event);
        });
        try {
          await feed.advance((body.minutes ?? 1) * minuteMs);
        } finally {
          unsubscribe();
        }
        passes = seen;
      }
      const last = passes.at(-1);
      return {
        code: ResultCode.ok,
        msg: '',
        data: { at: last ? new Date(last.at).toISOString() : null, passes: passes.length, goals: goalsOf(passes, matchIds) },
      };
    },
  );
}
