import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../src/api/schema.d.ts';
import { broadcastMessages } from '../../server/areas/live/broadcast-service.ts';
import { apiMessages } from '../../server/site/api-routes.ts';
import { RtmpIngest } from '../../server/media/ingest/rtmp-ingest.ts';
import { demoLogins, logIn } from './demo-session.ts';
import { messagingSigFor } from './messaging-login.ts';
import { startTestServer, type TestServer } from './test-server.ts';

// Broadcasting's first calls: the push address and key, start and end, and nginx's
// on_publish callbacks that put a room on air from a real push and keep its recording.

type Schemas = components['schemas'];

/** Writes a rendition's playlist and fragments where nginx would, so these tests need no nginx. */
function writeAsNginx(ingest: RtmpIngest, quality: 'original' | 'smooth' | 'standard', streamKey: string, fragments: number): void {
  const dir = join(ingest.hlsDir, quality, streamKey);
  mkdirSync(dir, { recursive: true });
  const lines = ['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-MEDIA-SEQUENCE:0', '#EXT-X-TARGETDURATION:1'];
  for (let n = 0; n < fragments; n++) {
    writeFileSync(join(dir, `${String(n)}.ts`), Buffer.from(`fragment ${String(n)}`));
    lines.push('#EXTINF:1.000,', `${String(n)}.ts`);
  }
  writeFileSync(join(dir, 'index.m3u8'), `${lines.join('\n')}\n`);
}

describe('broadcasting: push address, start, end and the media server callbacks', () => {
  let server: TestServer;
  let ingest: RtmpIngest;
  let dir: string;
  let anchor: { token: string; roomId: number };
  let viewerToken: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'pitchside-ingest-'));
    ingest = new RtmpIngest({ dir, rtmpPort: 19_350 });
    // As the media server sets them when ffmpeg is there: the pushed original and the ladder's three.
    ingest.renditions = ['original', 'high_definition', 'standard', 'smooth'];
    server = await startTestServer({ ingest });
    const room = await server.database.db
      .selectFrom('live_rooms')
      .innerJoin('users', 'users.id', 'live_rooms.anchor_id')
      .select('live_rooms.id')
      .where('users.mobile', '=', demoLogins.anchor.mobile)
      .executeTakeFirstOrThrow();
    anchor = { token: await logIn(server, demoLogins.anchor), roomId: room.id };
    viewerToken = await logIn(server, demoLogins.viewer);
  });
  afterAll(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const roomStatus = async () =>
    (await server.database.db.selectFrom('live_rooms').select(['status', 'stream_key']).where('id', '=', anchor.roomId).executeTakeFirstOrThrow());

  function callback(event: string, body: Record<string, string>, secret = ingest.callbackSecret) {
    return fetch(`${server.baseUrl}/media-server/${secret}/${event}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ call: event === 'on-publish' ? 'publish' : 'publish_done', app: 'live', addr: '127.0.0.1', ...body }).toString(),
    });
  }

  it('gives the anchor the push address on the media server port and the room key; reset=1 replaces the key', async () => {
    const first = await server.call<Schemas['LivePushInfo']>('GET', '/api/Live/getLiveUrl', {}, { token: anchor.token });
    expect(first).toMatchObject({ code: 0, data: { room_id: anchor.roomId, push_url: 'rtmp://127.0.0.1:19350/live' } });
    expect(first.data.stream_key).toBe((await roomStatus()).stream_key);
    const reset = await server.call<Schemas['LivePushInfo']>('GET', '/api/Live/getLiveUrl', { reset: 1 }, { token: anchor.token });
    expect(reset.data.stream_key).toMatch(/^[0-9a-f]{32}$/);
    expect(reset.data.stream_key).not.toBe(first.data.stream_key);
    expect((await roomStatus()).stream_key).toBe(reset.data.stream_key);
    // The old key no longer opens the room.
    expect((await callback('on-publish', { name: first.data.stream_key })).status).toBe(403);
  });

  it('refuses the anchor calls to a viewer, and a reset value outside the contract', async () => {
    for (const path of ['/api/Live/getLiveUrl', '/api/Live/startRoom', '/api/Live/endRoom']) {
      expect(await server.call('GET', path, {}, { token: viewerToken })).toMatchObject({ code: 1, msg: apiMessages.permissionDenied });
    }
    expect((await server.call('GET', '/api/Live/getLiveUrl', { reset: 2 }, { token: anchor.token })).code).toBe(1);
  });

  it('starts and ends the room by the calls; ending a room off air is refused', async () => {
    const started = await server.call<Schemas['LiveStartResult']>('GET', '/api/Live/startRoom', {}, { token: anchor.token });
    expect(started).toMatchObject({ code: 0, data: { room: { id: anchor.roomId, status: 'in_progress' }, push: { room_id: anchor.roomId } } });
    const ended = await server.call<Schemas['LiveRecord']>('GET', '/api/Live/endRoom', {}, { token: anchor.token });
    expect(ended.code).toBe(0);
    expect(ended.data.end_time).toBeGreaterThanOrEqual(ended.data.start_time);
    expect((await roomStatus()).status).toBe('over');
    expect(await server.call('GET', '/api/Live/endRoom', {}, { token: anchor.token })).toMatchObject({ code: 1, msg: broadcastMessages.notOnAir });
  });

  it('refuses a callback with the wrong secret or an unknown key, and a second push to a room on air', async () => {
    const { stream_key: key } = await roomStatus();
    expect((await callback('on-publish', { name: key }, 'not-the-secret')).status).toBe(403);
    expect((await callback('on-publish', { name: 'a'.repeat(32) })).status).toBe(403);
    expect((await callback('on-publish', { name: '<script>' })).status).toBe(403);
    expect((await roomStatus()).status).toBe('over');
  });

  it('puts the room on air from a push, serves its live window, and keeps the broadcast as a playback', async () => {
    const { stream_key: key } = await roomStatus();
    // Off air, nothing may publish a rendition under the key.
    expect((await callback('on-ladder-publish', { name: key, app: 'smooth' })).status).toBe(403);
    expect((await callback('on-publish', { name: key })).status).toBe(200);
    expect((await callback('on-publish', { name: key })).status).toBe(403);
    expect((await roomStatus()).status).toBe('in_progress');
    // On air, the site's ladder publishes its renditions; a made-up name still may not.
    expect((await callback('on-ladder-publish', { name: key, app: 'smooth' })).status).toBe(200);
    expect((await callback('on-ladder-publish', { name: 'b'.repeat(32), app: 'smooth' })).status).toBe(403);
    expect((await callback('on-ladder-publish', { name: key, app: 'smooth' }, 'not-the-secret')).status).toBe(403);

    writeAsNginx(ingest, 'original', key, 9);
    // The ladder's renditions: one whole, one that started too late to hold the broadcast.
    writeAsNginx(ingest, 'standard', key, 8);
    writeAsNginx(ingest, 'smooth', key, 5);
    const master = await fetch(`${server.baseUrl}/hls/${String(anchor.roomId)}/master.m3u8`);
    expect(await master.text()).toContain('NAME="original"');
    const live = await (await fetch(`${server.baseUrl}/hls/${String(anchor.roomId)}/original.m3u8`)).text();
    // The last six fragments, numbered on from the first one nginx still lists.
    expect(live).toContain('#EXT-X-MEDIA-SEQUENCE:3');
    expect(live.match(/^original\/\d+\.ts$/gm)).toEqual(['original/3.ts', 'original/4.ts', 'original/5.ts', 'original/6.ts', 'original/7.ts', 'original/8.ts']);
    expect(live).not.toContain('ENDLIST');
    expect(live).not.toContain(key);
    const fragment = await fetch(`${server.baseUrl}/hls/${String(anchor.roomId)}/original/8.ts`);
    expect(await fragment.text()).toBe('fragment 8');

    // The push ends; the ladder drains what it still holds, and the recording is kept once it has.
    const ended = callback('on-publish-done', { name: key });
    await expect.poll(async () => (await roomStatus()).status, { timeout: 5_000, interval: 50 }).toBe('over');
    expect(ingest.recordedRenditions(Number((await server.database.db.selectFrom('live_records').select('id').where('room_id', '=', anchor.roomId).orderBy('id', 'desc').executeTakeFirstOrThrow()).id))).toEqual([]);
    expect((await callback('on-ladder-publish-done', { name: key, app: 'smooth' })).status).toBe(200);
    expect((await ended).status).toBe(200);
    expect((await callback('on-ladder-publish', { name: key, app: 'smooth' })).status).toBe(403);
    const playbacks = await server.call<Schemas['LivePlaybackPage']>('POST', '/api/Live_streaming/getLivePlaybackList', { limit: 1 });
    const newest = playbacks.data.list[0]!;
    expect(newest.room_id).toBe(anchor.roomId);
    expect(newest.video).toBe(`/hls/records/${String(newest.id)}/master.m3u8`);
    // A playback holds the whole broadcast: the rendition that missed its start is not offered.
    const recordedMaster = await (await fetch(`${server.baseUrl}/hls/records/${String(newest.id)}/master.m3u8`)).text();
    expect(recordedMaster.match(/NAME="(\w+)"/g)).toEqual(['NAME="original"', 'NAME="standard"']);
    expect((await fetch(`${server.baseUrl}/hls/records/${String(newest.id)}/smooth.m3u8`)).status).toBe(404);
    const recorded = await (await fetch(`${server.baseUrl}/hls/records/${String(newest.id)}/original.m3u8`)).text();
    expect(recorded.match(/^original\/\d+\.ts$/gm)).toHaveLength(9);
    expect(recorded).toContain('#EXT-X-ENDLIST');
    expect(await (await fetch(`${server.baseUrl}/hls/records/${String(newest.id)}/original/0.ts`)).text()).toBe('fragment 0');
    // Off air, the room's live playlists are gone.
    expect((await fetch(`${server.baseUrl}/hls/${String(anchor.roomId)}/original.m3u8`)).status).toBe(404);
  });

  it("tells everyone in the room's chat at once when a push puts the room on air and when it ends", async () => {
    const { stream_key: key } = await roomStatus();
    expect((await roomStatus()).status).toBe('over');
    const socket = new WebSocket(`${server.baseUrl.replace('http', 'ws')}/im`);
    const frames: Array<{ id?: number; type: string; at: number; [key: string]: unknown }> = [];
    socket.on('message', (data) => frames.push({ ...(JSON.parse(String(data)) as { type: string }), at: performance.now() }));
    await new Promise((resolve) => socket.once('open', resolve));
    const guest = 'guest_0a1b2c3d4e5f';
    socket.send(JSON.stringify({ id: 1, type: 'login', userID: guest, userSig: await messagingSigFor(server.app.serverContext, guest), lang: 'en' }));
    socket.send(JSON.stringify({ id: 2, type: 'join_group', groupID: `live${String(anchor.roomId)}` }));
    await expect.poll(() => frames.find((frame) => frame.id === 2)?.type, { timeout: 5_000 }).toBe('group_joined');
    const statuses = () => frames.filter((frame) => frame.type === 'room_status');

    const pushed = performance.now();
    expect((await callback('on-publish', { name: key })).status).toBe(200);
    await expect.poll(() => statuses().length, { timeout: 2_000, interval: 20 }).toBe(1);
    const onAir = statuses()[0]!;
    expect(onAir).toMatchObject({ type: 'room_status', conversationID: `GROUPlive${String(anchor.roomId)}`, room_id: anchor.roomId, status: 'in_progress' });
    expect(onAir.start_time).toBeTypeOf('number');
    expect(onAir.at - pushed).toBeLessThan(3_000);

    writeAsNginx(ingest, 'original', key, 3);
    const stopped = performance.now();
    const done = callback('on-publish-done', { name: key });
    await expect.poll(() => statuses().length, { timeout: 5_000, interval: 20 }).toBe(2);
    expect(statuses()[1]).toMatchObject({ room_id: anchor.roomId, status: 'over' });
    // The live window was served until the room was told it is off air, so a page that asked meanwhile got it.
    expect((await done).status).toBe(200);
    expect(statuses()[1]!.at - stopped).toBeLessThan(3_000);
    console.log(`room status frames: on air after ${String(Math.round(onAir.at - pushed))} ms, off air after ${String(Math.round(statuses()[1]!.at - stopped))} ms`);
    expect((await roomStatus()).status).toBe('over');
    socket.close();
  });
});
