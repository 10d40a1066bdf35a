import { readFile } from 'node:fs/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ResultCode } from '../errors.ts';
import { languageOf, translate } from '../i18n/server-messages.ts';
import type { ServerContext } from '../ports/server-context.ts';
import { ClipLibrary, clipForRoom } from './hls-clips.ts';
import { clipOffset, clipSegmentOf, isHlsQuality, masterPlaylist, mediaPlaylist } from './hls-playlists.ts';
import { ingestMasterPlaylist, type RtmpIngest } from './ingest/rtmp-ingest.ts';

export const hlsMessages = {
  notFound: 'Not found',
  notOnAir: 'This room is not on air',
} as const;

// The routes (the media-server port's playUrls names them):
//   /hls/<roomId>/master.m3u8            the four renditions
//   /hls/<roomId>/<quality>.m3u8         a live window of 1 s segments
//   /hls/<roomId>/<quality>/<seq>.ts     stream segment seq: the clip's segment seq mod its length

/** How long the set of rooms on air is kept: every viewer asks for a playlist each second. */
const onAirTtlMs = 5_000;
/** How long a playlist of a push is waited for before it is called missing: under hls.js's 10 s loading limit. */
const firstPlaylistWaitMs = 6_000;
/** The memory cache key of that set: a service that starts or ends a broadcast may invalidate it to be seen at once. */
export const onAirCacheKey = 'hls:on-air';
const roomIdPattern = /^[1-9]\d{0,9}$/;
const sequencePattern = /^\d{1,12}$/;

export interface HlsRoutesOptions {
  server: ServerContext;
  /** The clips; the committed ones by default. */
  clips?: ClipLibrary;
  /** Real broadcasts: a room nginx receives a push for plays that push rather than its demo clip. */
  ingest?: RtmpIngest;
}

interface RoomOnAir {
  clip: string;
  startedAtMs: number;
}

/** The rooms on air, the clip each plays and when it went on air, read at most once per onAirTtlMs (PGlite runs one query at a time). */
function roomsOnAir(server: ServerContext): Promise<ReadonlyMap<number, RoomOnAir>> {
  return server.cache.get(onAirCacheKey, onAirTtlMs, async () => {
    const rows = await server.database.db
      .selectFrom('live_rooms')
      .select(['id', 'type', 'demo_clip', 'started_at'])
      .where('status', '=', 'in_progress')
      .execute();
    // 004_live.sql: a room in progress always has started_at.
    return new Map(rows.flatMap((row) => (row.started_at ? [[row.id, { clip: clipForRoom(row), startedAtMs: row.started_at.getTime() }] as const] : [])));
  });
}

export async function hlsRoutes(app: FastifyInstance, { server, clips = new ClipLibrary(), ingest }: HlsRoutesOptions): Promise<void> {
  function notFound(request: FastifyRequest, reply: FastifyReply, message: string = hlsMessages.notFound) {
    return reply
      .code(404)
      .header('cache-control', 'no-store')
      .type('application/json; charset=utf-8')
      .send({ code: ResultCode.error, msg: translate(message, languageOf(request.headers)), data: null });
  }

  /** The room's broadcast and clip when the room id is well formed and the room is on air. */
  async function clipOf(roomId: string) {
    if (!roomIdPattern.test(roomId)) return null;
    const id = Number(roomId);
    const room = (await roomsOnAir(server)).get(id);
    return room === undefined ? null : { broadcast: { roomId: id, startedAtMs: room.startedAtMs }, clip: clips.get(room.clip) };
  }

  /** The room id when a real push of it is arriving. */
  function pushedRoom(roomId: string): number | null {
    if (!ingest || !roomIdPattern.test(roomId)) return null;
    return ingest.isLive(Number(roomId)) ? Number(roomId) : null;
  }

  app.get<{ Params: { roomId: string; name: string } }>('/hls/:roomId/:name.m3u8', async (request, reply) => {
    const { roomId, name } = request.params;
    if (name !== 'master' && !isHlsQuality(name)) return notFound(request, reply);
    const pushed = pushedRoom(roomId);
    if (ingest && pushed !== null) {
      const playlist = name === 'master' ? ingestMasterPlaylist(ingest.renditions) : await ingest.firstLivePlaylist(pushed, name, firstPlaylistWaitMs);
      if (playlist === null) return notFound(request, reply, hlsMessages.notOnAir);
      return reply.type('application/vnd.apple.mpegurl').header('cache-control', name === 'master' ? 'no-cache' : 'no-store').send(playlist);
    }
    const room = await clipOf(roomId);
    if (!room) return notFound(request, reply, hlsMessages.notOnAir);
    reply.type('application/vnd.apple.mpegurl');
    if (name === 'master') return reply.header('cache-control', 'no-cache').send(masterPlaylist(room.clip.manifest));
    // A live playlist changes each second (RFC 8216 §6.2.1: clients reload it about once a target duration).
    return reply.header('cache-control', 'public, max-age=1').send(mediaPlaylist(room.clip.manifest, name, room.broadcast, server.clock.now().getTime()));
  });

  app.get<{ Params: { roomId: string; quality: string; sequence: string } }>('/hls/:roomId/:quality/:sequence.ts', async (request, reply) => {
    const { roomId, quality, sequence } = request.params;
    if (!isHlsQuality(quality) || !sequencePattern.test(sequence)) return notFound(request, reply);
    const pushed = pushedRoom(roomId);
    if (ingest && pushed !== null) {
      const path = ingest.liveFragment(pushed, quality, `${sequence}.ts`);
      const body = path === null ? null : await readFile(path).catch(() => null);
      if (body === null) return notFound(request, reply);
      return reply.type('video/mp2t').header('cache-control', 'public, max-age=60').send(body);
    }
    const room = await clipOf(roomId);
    if (!room) return notFound(request, reply, hlsMessages.notOnAir);
    const { segments } = room.clip.manifest;
    const body = room.clip.segments[quality][clipSegmentOf(Number(sequence), clipOffset(room.broadcast.roomId, segments), segments)]!;
    // A stream segment's number fixes its picture for good, whichever broadcast asks for it.
    return reply.type('video/mp2t').header('cache-control', 'public, max-age=31536000, immutable').send(body);
  });
}
