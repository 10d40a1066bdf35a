import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ResultCode } from '../errors.ts';
import { languageOf, translate } from '../i18n/server-messages.ts';
import { ClipLibrary } from './hls-clips.ts';
import { isHlsQuality } from './hls-playlists.ts';
import { clipOfRecording, vodMasterPlaylist, vodMediaPlaylist, vodSegments } from './vod-playlists.ts';

// The routes of a recorded broadcast (playback_path in live_records names the first):
//   /media/videos/<clip>-<n>/index.m3u8             the four renditions
//   /media/videos/<clip>-<n>/<quality>.m3u8         the whole recording, ENDLIST
//   /media/videos/<clip>-<n>/<quality>/<seq>.ts     segment seq: the clip's segment seq mod its length

export const vodMessages = { notFound: 'Not found' } as const;

const sequencePattern = /^\d{1,6}$/;

export interface VodRoutesOptions {
  clips?: ClipLibrary;
}

export async function vodRoutes(app: FastifyInstance, { clips = new ClipLibrary() }: VodRoutesOptions): Promise<void> {
  function notFound(request: FastifyRequest, reply: FastifyReply) {
    return reply
      .code(404)
      .header('cache-control', 'no-store')
      .type('application/json; charset=utf-8')
      .send({ code: ResultCode.error, msg: translate(vodMessages.notFound, languageOf(request.headers)), data: null });
  }

  // A recording never changes: its playlists and segments are cached like the stream's segments.
  const forever = 'public, max-age=86400';

  app.get<{ Params: { recording: string; name: string } }>('/media/videos/:recording/:name.m3u8', async (request, reply) => {
    const { recording, name } = request.params;
    const clip = clipOfRecording(recording);
    if (!clip || (name !== 'index' && !isHlsQuality(name))) return notFound(request, reply);
    const { manifest } = clips.get(clip);
    reply.type('application/vnd.apple.mpegurl').header('cache-control', forever);
    return reply.send(name === 'index' ? vodMasterPlaylist(manifest) : vodMediaPlaylist(manifest, name));
  });

  app.get<{ Params: { recording: string; quality: string; sequence: string } }>(
    '/media/videos/:recording/:quality/:sequence.ts',
    async (request, reply) => {
      const { recording, quality, sequence } = request.params;
      const clip = clipOfRecording(recording);
      if (!clip || !isHlsQuality(quality) || !sequencePattern.test(sequence)) return notFound(request, reply);
      const loaded = clips.get(clip);
      const n = Number(sequence);
      if (n >= vodSegments(loaded.manifest)) return notFound(request, reply);
      return reply
        .type('video/mp2t')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(loaded.segments[quality][n % loaded.manifest.segments]!);
    },
  );
}
