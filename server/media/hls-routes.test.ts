import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openTemplateCopy } from '../../tests/api/database-template.ts';
import { ownMediaServer } from '../adapters/media/media-server.ts';
import { buildApp } from '../app.ts';
import type { DatabaseHandle } from '../db/database.ts';
import { ManualClock } from '../feed/feed-clock.ts';
import { ClipLibrary, clipForRoom } from './hls-clips.ts';
import { onAirCacheKey } from './hls-routes.ts';
import { clipOffset, clipSegmentOf, hlsQualities } from './hls-playlists.ts';

const template = inject('databaseTemplate');

describe('/hls: demo rooms as live streams', { timeout: 120_000 }, () => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let clock: ManualClock;
  let onAir: { id: number; type: 1 | 2 | 3; demo_clip: string | null; started_at: Date | null };
  let offAir: number;
  const clips = new ClipLibrary();

  beforeAll(async () => {
    database = await openTemplateCopy(template);
    // half a second into a second, so moving the clock by whole seconds never lands on an edge
    clock = new ManualClock(Math.floor(Date.parse(template.seededAt) / 1000) * 1000 + 500);
    app = await buildApp({ database, distDir: '/nonexistent', now: clock.date, production: false, rateLimits: false });
    await app.ready();
    const rooms = await database.db.selectFrom('live_rooms').select(['id', 'type', 'status', 'demo_clip', 'started_at']).orderBy('id').execute();
    onAir = rooms.find((room) => room.status === 'in_progress')!;
    offAir = rooms.find((room) => room.status !== 'in_progress')!.id;
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });
  const sequenceOf = (playlist: string) => Number(/#EXT-X-MEDIA-SEQUENCE:(\d+)/.exec(playlist)![1]);

  it('names the master and the four qualities of a room', () => {
    expect(ownMediaServer.playUrls(7)).toEqual({
      master: '/hls/7/master.m3u8',
      original: '/hls/7/original.m3u8',
      high_definition: '/hls/7/high_definition.m3u8',
      standard: '/hls/7/standard.m3u8',
      smooth: '/hls/7/smooth.m3u8',
    });
  });

  it('serves a master playlist of four renditions for a room on air', async () => {
    const answer = await get(`/hls/${onAir.id}/master.m3u8`);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^application\/vnd\.apple\.mpegurl/);
    expect(answer.body.startsWith('#EXTM3U\n')).toBe(true);
    const variants = [...answer.body.matchAll(/#EXT-X-STREAM-INF:(.*)\n(.*)/g)];
    expect(variants.map((v) => v[2])).toEqual(hlsQualities.map((q) => `${q}.m3u8`));
    for (const v of variants) expect(v[1]).toMatch(/BANDWIDTH=\d+.*RESOLUTION=\d+x\d+.*CODECS="avc1\.[0-9a-f]{6}"/);
  });

  it('serves a live playlist that moves one segment a second with the server clock', async () => {
    const first = await get(`/hls/${onAir.id}/smooth.m3u8`);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('public, max-age=1');
    expect(first.body).toContain('#EXT-X-TARGETDURATION:1\n');
    expect(first.body).not.toContain('#EXT-X-ENDLIST');
    const sequence = sequenceOf(first.body);
    // segment n is second n of the broadcast; the window ends at the last finished one
    expect(sequence).toBe(Math.floor((clock.now() - onAir.started_at!.getTime()) / 1000) - 6);
    expect(first.body.match(/#EXTINF:1\.000,/g)).toHaveLength(6);
    expect(first.body).toContain(`\nsmooth/${sequence}.ts\n`);
    clock.advance(3000);
    expect(sequenceOf((await get(`/hls/${onAir.id}/smooth.m3u8`)).body)).toBe(sequence + 3);
  });

  it('tags the restart of the clip with a discontinuity and counts restarts as the window slides', async () => {
    const n = clips.get(clipForRoom(onAir)).manifest.segments;
    const offset = clipOffset(onAir.id, n);
    let tagged = 0;
    for (let step = 0; step < n + 1; step++) {
      const { body } = await get(`/hls/${onAir.id}/original.m3u8`);
      const sequence = sequenceOf(body);
      expect(Number(/#EXT-X-DISCONTINUITY-SEQUENCE:(\d+)/.exec(body)![1])).toBe(Math.floor((sequence + offset) / n));
      const tag = /#EXT-X-DISCONTINUITY\n#EXTINF:1\.000,\noriginal\/(\d+)\.ts/.exec(body);
      if (tag) {
        tagged++;
        expect(clipSegmentOf(Number(tag[1]), offset, n)).toBe(0);
      }
      clock.advance(1000);
    }
    expect(tagged).toBeGreaterThan(0);
  });

  it('serves segment bytes from the clip, as MPEG-TS that caches for good', async () => {
    const clip = clips.get(clipForRoom(onAir));
    const n = clip.manifest.segments;
    const sequence = Math.floor((clock.now() - onAir.started_at!.getTime()) / 1000) - 2;
    for (const quality of hlsQualities) {
      const answer = await get(`/hls/${onAir.id}/${quality}/${sequence}.ts`);
      expect(answer.statusCode, quality).toBe(200);
      expect(answer.headers['content-type']).toBe('video/mp2t');
      expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(answer.rawPayload[0]).toBe(0x47);
      expect(answer.rawPayload.equals(clip.segments[quality][clipSegmentOf(sequence, clipOffset(onAir.id, n), n)]!)).toBe(true);
    }
    // a whole clip later, the same picture
    const again = await get(`/hls/${onAir.id}/standard/${sequence + n}.ts`);
    expect(again.rawPayload.equals((await get(`/hls/${onAir.id}/standard/${sequence}.ts`)).rawPayload)).toBe(true);
  });

  it('answers 404 in the envelope for a room off air or unknown, in the viewer’s language', async () => {
    for (const url of [`/hls/${offAir}/master.m3u8`, `/hls/${offAir}/original.m3u8`, `/hls/${offAir}/original/5.ts`, '/hls/999999/original.m3u8']) {
      const answer = await get(url, { lang: 'en' });
      expect(answer.statusCode, url).toBe(404);
      expect(answer.json(), url).toEqual({ code: 1, msg: 'This room is not on air', data: null });
    }
  });

  it('refuses malformed paths: only known qualities, digits for the room and the segment', async () => {
    const bad = [
      `/hls/${onAir.id}/best.m3u8`,
      `/hls/${onAir.id}/..%2F..%2Fpackage.m3u8`,
      `/hls/${onAir.id}/..%2Fclips/0.ts`,
      `/hls/${onAir.id}/original/-1.ts`,
      `/hls/${onAir.id}/original/1e3.ts`,
      `/hls/${onAir.id}/original/..%2F0.ts`,
      `/hls/0${onAir.id}/original.m3u8`,
      `/hls/abc/original.m3u8`,
      `/hls/${onAir.id}/manifest.json`,
      `/hls/${onAir.id}/original/0.mpegts`,
    ];
    for (const url of bad) {
      const answer = await get(url, { lang: 'en' });
      expect(answer.statusCode, url).toBe(404);
      expect(answer.json(), url).toMatchObject({ code: 1, data: null });
    }
  });

  it('stops the stream within seconds of the room going off air', async () => {
    await database.db.updateTable('live_rooms').set({ status: 'over', ended_at: clock.date() }).where('id', '=', onAir.id).execute();
    clock.advance(6000);
    expect((await get(`/hls/${onAir.id}/master.m3u8`)).statusCode).toBe(404);
  });

  it('starts the stream as soon as a room goes on air and the cache is told', async () => {
    await database.db.updateTable('live_rooms').set({ status: 'in_progress', started_at: clock.date(), ended_at: null }).where('id', '=', offAir).execute();
    app.serverContext.cache.invalidate(onAirCacheKey);
    const answer = await get(`/hls/${offAir}/standard.m3u8`);
    expect(answer.statusCode).toBe(200);
    // a new broadcast opens on its first segments
    expect(sequenceOf(answer.body)).toBe(0);
  });
});
