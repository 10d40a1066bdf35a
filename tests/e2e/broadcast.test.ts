import type { ChildProcess } from 'node:child_process';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { components } from '../../src/api/schema';
import { solveHumanCheck } from '../api/human-check.ts';
import zh from '../../src/i18n/messages/zh.json';
import { hasMediaTools, playedSeconds, pushTestPattern as push, watchInTwoQualities } from './broadcast-steps.ts';
import { launchBrowser } from './browser.ts';

const siteUrl = inject('siteUrl');

type Schemas = components['schemas'];
interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

/** The demo anchor of the seeded world (README.md). */
const demoAnchor = { mobile: '86-13800000002', password: 'pitchside2' };

async function api<T>(path: string, init: RequestInit & { token?: string } = {}): Promise<Envelope<T>> {
  const headers = { lang: 'en', ...(init.token ? { token: init.token } : {}), ...(init.body ? { 'content-type': 'application/json' } : {}) };
  return (await (await fetch(new URL(path, siteUrl), { ...init, headers })).json()) as Envelope<T>;
}

// Real broadcasting: the anchor pushes RTMP to the address the site gives, nginx's RTMP
// module asks the site to authorise the key, the room goes on air, viewers play the four qualities,
// and when the push stops the room ends and the broadcast is kept as a playback.
describe.skipIf(!hasMediaTools)('a real broadcast from ffmpeg', { timeout: 240_000 }, () => {
  let browser: Browser;
  let page: Page;
  let pusher: ChildProcess | undefined;
  let token: string;
  let pushInfo: Schemas['LivePushInfo'];

  beforeAll(async () => {
    const login = await api<Schemas['LoginSession']>('/api/user/login', {
      method: 'POST',
      body: JSON.stringify({ ...demoAnchor, device_type: 'pc', altcha: await solveHumanCheck(siteUrl) }),
    });
    token = login.data.token;
    pushInfo = (await api<Schemas['LivePushInfo']>('/api/Live/getLiveUrl?reset=1', { token })).data;
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  });

  afterAll(async () => {
    pusher?.kill('SIGKILL');
    await browser?.close();
    // The demo anchor's room goes back on air with its demo clip, as the other suites expect it.
    if (token) await api('/api/Live/startRoom', { token });
  });

  const roomStatus = async () => (await api<Schemas['LiveRoomInfo']>(`/api/Live_streaming/getRoomInfo?room_id=${String(pushInfo.room_id)}`)).data.room.status;

  it("shows the anchor where to push in the console, /member?type=9", async () => {
    const login = await api<Schemas['LoginSession']>('/api/user/login', {
      method: 'POST',
      body: JSON.stringify({ ...demoAnchor, device_type: 'pc', altcha: await solveHumanCheck(siteUrl) }),
    });
    token = login.data.token;
    pushInfo = (await api<Schemas['LivePushInfo']>('/api/Live/getLiveUrl', { token })).data;
    const consolePage = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await consolePage.goto(`${siteUrl}/main`);
    await consolePage.evaluate(`localStorage.setItem('userInfo', ${JSON.stringify(JSON.stringify(login.data))})`);
    await consolePage.goto(`${siteUrl}/member?type=9`);
    await consolePage.getByText(pushInfo.push_url, { exact: true }).waitFor({ timeout: 30_000 });
    await consolePage.getByRole('button', { name: zh['console.showKey'], exact: true }).click();
    await consolePage.getByText(pushInfo.stream_key, { exact: true }).waitFor({ timeout: 5_000 });
    await consolePage.close();
  });

  it('refuses a push with a wrong key', async () => {
    const wrong = push(`${pushInfo.push_url}/${'0'.repeat(32)}`);
    const code = await new Promise<number | null>((resolve) => wrong.once('exit', resolve));
    expect(code).not.toBe(0);
  });

  it('puts the room on air within 10 s of the push, plays it in two qualities, and keeps it as a playback', async () => {
    expect(pushInfo.push_url).toMatch(/^rtmp:\/\/127\.0\.0\.1(:\d+)?\/live$/);
    // The demo anchor's room airs its demo clip: off air first, so on air is the push's doing and its delay is real.
    if ((await roomStatus()) === 'in_progress') await api('/api/Live/endRoom', { token });
    expect(await roomStatus()).toBe('over');
    const started = performance.now();
    pusher = push(`${pushInfo.push_url}/${pushInfo.stream_key}`);
    await expect.poll(roomStatus, { timeout: 10_000, interval: 250 }).toBe('in_progress');
    console.log(`push to on air: ${String(Math.round(performance.now() - started))} ms`);

    await watchInTwoQualities(page, siteUrl, pushInfo.room_id);

    const stopped = performance.now();
    pusher.kill('SIGINT');
    await expect.poll(roomStatus, { timeout: 15_000, interval: 250 }).toBe('over');
    console.log(`push stopped to off air: ${String(Math.round(performance.now() - stopped))} ms`);

    const anchorId = (await api<Schemas['LiveRoomInfo']>(`/api/Live_streaming/getRoomInfo?room_id=${String(pushInfo.room_id)}`)).data.room.anchor.id;
    const playbacks = await api<Schemas['LivePlaybackPage']>('/api/Live_streaming/getLivePlaybackList', {
      method: 'POST',
      body: JSON.stringify({ uid: anchorId, limit: 1 }),
    });
    const recording = playbacks.data.list[0]!;
    expect(recording.room_id).toBe(pushInfo.room_id);
    expect(recording.video).toMatch(/^\/hls\/records\/\d+\/master\.m3u8$/);
    // Kept once the ladder has written its last fragments; the renditions that hold the whole push are offered.
    await expect.poll(async () => (await fetch(new URL(recording.video, siteUrl))).status, { timeout: 30_000, interval: 250 }).toBe(200);
    const master = await (await fetch(new URL(recording.video, siteUrl))).text();
    expect(master.match(/NAME="(\w+)"/g)?.[0]).toBe('NAME="original"');
    const original = await (await fetch(new URL(recording.video.replace('master', 'original'), siteUrl))).text();
    expect(original).toContain('#EXT-X-ENDLIST');
    expect(original.match(/^original\/\d+\.ts$/gm)?.length).toBeGreaterThan(5);
  });

  it('tells an open room page it is on and off air within seconds, asks for no playlist that is gone, and keeps the whole push', async () => {
    if ((await roomStatus()) === 'in_progress') await api('/api/Live/endRoom', { token });
    const viewer = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    // Every playlist the page asks for, with its answer and when.
    const playlists: Array<{ at: number; status: number; path: string }> = [];
    viewer.on('response', (response) => {
      const path = new URL(response.url()).pathname;
      if (path.endsWith('.m3u8')) playlists.push({ at: performance.now(), status: response.status(), path });
    });
    await viewer.goto(`${siteUrl}/live?id=${String(pushInfo.room_id)}`);
    const player = viewer.locator('[data-status]').first();
    await expect.poll(() => player.getAttribute('data-status'), { timeout: 30_000 }).toBe('offline');
    // The room's chat is joined (its socket is where the status comes from) before the push starts.
    await viewer.waitForTimeout(2_000);
    expect(playlists, 'a room off air asks for no playlist').toEqual([]);

    const pushSeconds = 30;
    const started = performance.now();
    pusher = push(`${pushInfo.push_url}/${pushInfo.stream_key}`, pushSeconds);
    const pushEnded = new Promise<number>((resolve) => pusher!.once('exit', () => resolve(performance.now())));
    await expect.poll(() => player.getAttribute('data-status'), { timeout: 10_000, interval: 100 }).not.toBe('offline');
    const onAirSeconds = (performance.now() - started) / 1000;
    await viewer.getByText(zh['room.live'], { exact: true }).waitFor({ timeout: 2_000 });
    await expect.poll(() => viewer.locator('video').evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 40_000 }).toBeGreaterThan(1);

    const stopped = await pushEnded;
    await expect.poll(() => player.getAttribute('data-status'), { timeout: 10_000, interval: 100 }).toBe('offline');
    const offAir = performance.now();
    const offAirSeconds = (offAir - stopped) / 1000;
    console.log(`room page: on air ${onAirSeconds.toFixed(1)} s after the push started, off air ${offAirSeconds.toFixed(1)} s after it ended`);
    expect(onAirSeconds).toBeLessThan(5);
    expect(offAirSeconds).toBeLessThan(5);
    // Off air, the page asks for nothing more, and never for a playlist that is gone.
    await viewer.waitForTimeout(5_000);
    expect(playlists.filter((entry) => entry.at > offAir), 'playlists asked for after off air').toEqual([]);
    expect(playlists.filter((entry) => entry.status === 404), 'playlists answered 404').toEqual([]);
    await viewer.close();

    const anchorId = (await api<Schemas['LiveRoomInfo']>(`/api/Live_streaming/getRoomInfo?room_id=${String(pushInfo.room_id)}`)).data.room.anchor.id;
    const playbacks = await api<Schemas['LivePlaybackPage']>('/api/Live_streaming/getLivePlaybackList', {
      method: 'POST',
      body: JSON.stringify({ uid: anchorId, limit: 1 }),
    });
    const recording = playbacks.data.list[0]!;
    // The recording is kept once the ladder has written the last seconds it held.
    const kept = performance.now();
    await expect.poll(async () => (await fetch(new URL(recording.video.replace('master', 'original'), siteUrl))).status, { timeout: 30_000, interval: 250 }).toBe(200);
    console.log(`the recording was kept ${((performance.now() - kept) / 1000).toFixed(1)} s after the room went off air`);
    // Every quality is offered, each holding the whole push: one the ladder started late on is made again from the
    // original once the recording is kept, and offered then.
    const offeredNow = async () => [...(await (await fetch(new URL(recording.video, siteUrl))).text()).matchAll(/NAME="(\w+)"/g)].map((match) => match[1]!);
    await expect.poll(offeredNow, { timeout: 90_000, interval: 500 }).toEqual(['original', 'high_definition', 'standard', 'smooth']);
    console.log(`every quality of the recording was offered ${((performance.now() - kept) / 1000).toFixed(1)} s after the room went off air`);
    const offered = await offeredNow();
    const lengths = Object.fromEntries(offered.map((quality) => [quality, playedSeconds(new URL(recording.video.replace('master', quality), siteUrl).href)]));
    console.log(`a push of ${String(pushSeconds)} s played back as ${JSON.stringify(lengths)}`);
    for (const seconds of Object.values(lengths)) expect(Math.abs(seconds - pushSeconds)).toBeLessThan(1.2);
  });
});
