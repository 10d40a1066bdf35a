import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClipLibrary } from './hls-clips.ts';
import { hlsQualities } from './hls-playlists.ts';
import { vodRoutes } from './vod-routes.ts';
import { vodLoops } from './vod-playlists.ts';

describe('/media/videos: recorded broadcasts as video on demand', () => {
  let app: FastifyInstance;
  const clips = new ClipLibrary();

  beforeAll(async () => {
    app = Fastify();
    await app.register(vodRoutes, { clips });
    await app.ready();
  });

  afterAll(async () => {
    await app.close();
  });

  const get = (url: string) => app.inject({ method: 'GET', url });

  it('serves the master playlist a seeded recording names, with the four renditions', async () => {
    const answer = await get('/media/videos/football-2/index.m3u8');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^application\/vnd\.apple\.mpegurl/);
    const variants = [...answer.body.matchAll(/#EXT-X-STREAM-INF:.*\n(.*)/g)].map((v) => v[1]);
    expect(variants).toEqual(hlsQualities.map((q) => `${q}.m3u8`));
  });

  it('serves a finished playlist: every segment, a discontinuity at each restart of the clip, ENDLIST', async () => {
    const { segments } = clips.get('basketball').manifest;
    const answer = await get('/media/videos/basketball-1/smooth.m3u8');
    expect(answer.statusCode).toBe(200);
    const body = answer.body;
    expect(body).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
    expect(body.trimEnd().endsWith('#EXT-X-ENDLIST')).toBe(true);
    const uris = [...body.matchAll(/^smooth\/(\d+)\.ts$/gm)].map((m) => Number(m[1]));
    expect(uris).toEqual(Array.from({ length: segments * vodLoops }, (_, n) => n));
    expect(body.match(/#EXT-X-DISCONTINUITY\n/g)).toHaveLength(vodLoops - 1);
  });

  it('serves segment n as the clip segment n mod its length', async () => {
    const clip = clips.get('esports');
    const { segments } = clip.manifest;
    const answer = await get(`/media/videos/esports-2/standard/${segments + 3}.ts`);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('video/mp2t');
    expect(answer.rawPayload.equals(clip.segments.standard[3]!)).toBe(true);
  });

  it('answers 404 in the envelope for names that are not recordings, qualities or segments', async () => {
    const { segments } = clips.get('football').manifest;
    for (const url of [
      '/media/videos/curling-1/index.m3u8',
      '/media/videos/football/index.m3u8',
      '/media/videos/football-1/ultra.m3u8',
      '/media/videos/football-1/smooth/abc.ts',
      `/media/videos/football-1/smooth/${segments * vodLoops}.ts`,
      '/media/videos/..%2Fx-1/index.m3u8',
    ]) {
      const answer = await get(url);
      expect(answer.statusCode, url).toBe(404);
      expect(answer.json(), url).toMatchObject({ code: 1, data: null });
    }
  });
});
