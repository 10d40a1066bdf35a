import { timingSafeEqual } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ResultCode } from '../../errors.ts';
import { languageOf, translate } from '../../i18n/server-messages.ts';
import type { BroadcastRooms } from '../../ports/broadcast-ingest.ts';
import type { ServerContext } from '../../ports/server-context.ts';
import { isHlsQuality } from '../hls-playlists.ts';
import { ingestMasterPlaylist, type RtmpIngest } from './rtmp-ingest.ts';

// nginx's callbacks (server/media/ingest/nginx-rtmp.conf.template):
//   POST /media-server/<secret>/on-publish        a push starts: 2xx lets it in, 403 refuses the key
//   POST /media-server/<secret>/on-publish-done   the push ended: the room goes off air, its recording is kept
//   POST /media-server/<secret>/on-ladder-publish the site's ffmpeg publishes a rendition: 2xx only for a key on air
//   POST /media-server/<secret>/on-ladder-publish-done  the ladder closed a rendition, its last fragment written
// and the recordings, as video on demand:
//   /hls/records/<recordId>/master.m3u8, /<quality>.m3u8, /<quality>/<n>.ts

export const ingestMessages = {
  notFound: 'Not found',
} as const;

/** The address of a recording's multivariant playlist: a playback entry's `video`. */
export function recordingPath(recordId: number): string {
  return `/hls/records/${String(recordId)}/master.m3u8`;
}

/** How long after a push ends its files are moved: nginx writes the last fragment as it closes. */
const settleMs = 1_000;
/** How long the ladder may take to encode what it still held when a push ended, before the recording is kept as is. */
const ladderDrainMs = 15_000;
const loopback = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
const recordIdPattern = /^[1-9]\d{0,11}$/;

export interface IngestRoutesOptions {
  server: ServerContext;
  ingest: RtmpIngest;
  /** The live area's side of a broadcast: which room a key opens, and its going on and off air. */
  rooms: BroadcastRooms;
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export async function ingestRoutes(app: FastifyInstance, { server, ingest, rooms }: IngestRoutesOptions): Promise<void> {
  function notFound(request: FastifyRequest, reply: FastifyReply) {
    return reply
      .code(404)
      .header('cache-control', 'no-store')
      .type('application/json; charset=utf-8')
      .send({ code: ResultCode.error, msg: translate(ingestMessages.notFound, languageOf(request.headers)), data: null });
  }

  await app.register(async (callbacks) => {
    // nginx-rtmp posts its notifications as a form: call, app, name (the stream key), addr, ...
    callbacks.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 8192 }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });

    callbacks.post<{ Params: { secret: string; event: string }; Body: Record<string, string> | undefined }>(
      '/media-server/:secret/:event',
      async (request, reply) => {
        const refuse = () => reply.code(403).send({ code: ResultCode.error, msg: 'refused', data: null });
        if (!loopback.has(request.socket.remoteAddress ?? '') || !sameSecret(request.params.secret, ingest.callbackSecret)) return refuse();
        const streamKey = request.body?.name ?? '';
        if (request.params.event === 'on-publish') {
          const room = await rooms.roomOfStreamKey(streamKey);
          // The key is a secret: the log names the room, never the key.
          if (!room) {
            server.log.warn({ addr: request.body?.addr }, 'media server: a push with an unknown stream key was refused');
            return refuse();
          }
          if (!ingest.published(room.id, streamKey)) {
            server.log.warn({ roomId: room.id }, 'media server: a second push to a room on air was refused');
            return refuse();
          }
          await rooms.started(room.id);
          server.log.info({ roomId: room.id }, 'media server: a broadcast started');
          return reply.send({ code: ResultCode.ok, msg: '', data: null });
        }
        if (request.params.event === 'on-ladder-publish') {
          // Anything on this machine can reach the rendition applications; only the ladder of a push the site let
          // in publishes there, so nothing else writes HLS that no broadcast owns and nobody would clean up.
          if (ingest.roomOfKey(streamKey) === undefined) {
            server.log.warn({ app: request.body?.app }, 'media server: a rendition publish that no broadcast owns was refused');
            return refuse();
          }
          ingest.ladderPublished(streamKey, request.body?.app ?? '');
          return reply.send({ code: ResultCode.ok, msg: '', data: null });
        }
        if (request.params.event === 'on-ladder-publish-done') {
          ingest.ladderEnded(streamKey, request.body?.app ?? '');
          return reply.send({ code: ResultCode.ok, msg: '', data: null });
        }
        if (request.params.event === 'on-publish-done') {
          const roomId = ingest.roomOfKey(streamKey);
          if (roomId === undefined) return reply.send({ code: ResultCode.ok, msg: '', data: null });
          // The live window stays served until the room is off air and its viewers are told so (the room's status
          // frame): a page that asked for it meanwhile would hear 404s and try again, for nothing.
          await new Promise((resolve) => setTimeout(resolve, settleMs));
          const record = await rooms.ended(roomId, recordingPath).catch(() => null);
          ingest.ended(roomId);
          // The ladder is still encoding the last seconds it read: the recording is kept once it wrote them.
          const drained = await ingest.ladderDrained(streamKey, ladderDrainMs);
          if (!drained) server.log.warn({ roomId }, 'media server: the ladder did not finish a broadcast; its recording is kept as it is');
          await new Promise((resolve) => setTimeout(resolve, settleMs));
          if (record && ingest.keepRecording(record.id, streamKey)) {
            // The qualities the ladder missed part of are made again from the original, after this answer.
            void ingest
              .completeRecording(record.id)
              .then((made) => {
                if (made.length > 0) server.log.info({ recordId: record.id, made }, 'media server: a recording got its missing qualities');
              })
              .catch((error: unknown) => server.log.warn({ err: error instanceof Error ? error.message : String(error), recordId: record.id }, 'media server: a recording could not be completed'));
          }
          server.log.info({ roomId, recordId: record?.id }, 'media server: a broadcast ended');
          return reply.send({ code: ResultCode.ok, msg: '', data: null });
        }
        return notFound(request, reply);
      },
    );
  });

  app.get<{ Params: { recordId: string; name: string } }>('/hls/records/:recordId/:name.m3u8', async (request, reply) => {
    const { recordId, name } = request.params;
    if (!recordIdPattern.test(recordId)) return notFound(request, reply);
    const id = Number(recordId);
    const renditions = ingest.recordedRenditions(id);
    if (renditions.length === 0) return notFound(request, reply);
    // The master playlist gains the qualities made again after the recording was kept: it is kept briefly.
    reply.type('application/vnd.apple.mpegurl').header('cache-control', name === 'master' ? 'public, max-age=60' : 'public, max-age=3600');
    if (name === 'master') return reply.send(ingestMasterPlaylist(renditions));
    if (!isHlsQuality(name) || !renditions.includes(name)) return notFound(request, reply);
    const playlist = await ingest.recordingPlaylist(id, name);
    return playlist === null ? notFound(request, reply) : reply.send(playlist);
  });

  app.get<{ Params: { recordId: string; quality: string; fragment: string } }>('/hls/records/:recordId/:quality/:fragment', async (request, reply) => {
    const { recordId, quality, fragment } = request.params;
    if (!recordIdPattern.test(recordId) || !isHlsQuality(quality)) return notFound(request, reply);
    const path = ingest.recordingFragment(Number(recordId), quality, fragment);
    const body = path === null ? null : await readFile(path).catch(() => null);
    if (body === null) return notFound(request, reply);
    return reply.type('video/mp2t').header('cache-control', 'public, max-age=31536000, immutable').send(body);
  });
}
