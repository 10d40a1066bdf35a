import { fileURLToPath } from 'node:url';
import type HlsPlayer from 'hls.js';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { components } from '../../src/api/schema';
import { launchBrowser } from './browser.ts';

const siteUrl = inject('siteUrl');
const hlsScript = fileURLToPath(new URL('../../node_modules/hls.js/dist/hls.min.js', import.meta.url));

type LiveRoomPage = components['schemas']['LiveRoomPage'];

/** What the page reports of its player, sampled once a second. */
interface Sample {
  time: number;
  level: number;
  width: number;
  errors: string[];
  levels: string[];
}

// The demo rooms' streams (server/media/hls-routes.ts) as hls.js plays them, without the room page:
// silent clips, looped behind discontinuities, in the four qualities of SPEC §9.
describe('a demo room streams to hls.js', { timeout: 90_000 }, () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await browser.newPage();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('plays on across the clip’s loops, and switches to smooth', async () => {
    const list = (await (await fetch(`${siteUrl}/api/Live_streaming/getLiveList?type=0&limit=20`)).json()) as { data: LiveRoomPage };
    const room = list.data.list.find((r) => r.status === 'in_progress')!;
    expect(room.stream.master).toBe(`/hls/${room.id}/master.m3u8`);

    // a blank page of the site's origin, so hls.js fetches /hls as the room page will
    await page.route(`${siteUrl}/hls-check`, (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><video muted playsinline></video>' }));
    await page.goto(`${siteUrl}/hls-check`);
    await page.addScriptTag({ path: hlsScript });
    await page.evaluate((source) => {
      const video = document.querySelector('video')!;
      const hls = new Hls();
      const state = { errors: [] as string[], levels: [] as string[] };
      Object.assign(window, { hls, state });
      hls.on(Hls.Events.ERROR, (_event, data) => state.errors.push(`${data.details}${data.fatal ? ' (fatal)' : ''}`));
      hls.on(Hls.Events.MANIFEST_PARSED, (_event, data) => (state.levels = data.levels.map((l) => `${l.name} ${l.width}x${l.height}`)));
      hls.loadSource(source);
      hls.attachMedia(video);
      void video.play();
    }, room.stream.master!);

    const sample = () =>
      page.evaluate((): Sample => {
        const { hls, state } = window as unknown as { hls: HlsPlayer; state: { errors: string[]; levels: string[] } };
        const video = document.querySelector('video')!;
        return { time: video.currentTime, level: hls.currentLevel, width: video.videoWidth, errors: state.errors, levels: state.levels };
      });

    await expect.poll(async () => (await sample()).time, { timeout: 20_000 }).toBeGreaterThan(0.5);
    const started = await sample();
    expect(started.levels).toEqual(['smooth 426x240', 'standard 640x360', 'high_definition 960x540', 'original 1280x720']);
    // more than one 8 s loop of the clip: playback must run through a discontinuity
    await page.waitForTimeout(10_000);
    const later = await sample();
    expect(later.time - started.time).toBeGreaterThan(8.5);
    expect(later.errors.filter((e) => e.includes('fatal'))).toEqual([]);

    await page.evaluate(() => ((window as unknown as { hls: HlsPlayer }).hls.currentLevel = 0));
    await expect.poll(async () => (await sample()).width, { timeout: 15_000 }).toBe(426);
    const switched = await sample();
    await page.waitForTimeout(2_000);
    expect((await sample()).time).toBeGreaterThan(switched.time + 1);
  });
});

declare global {
  /** hls.js's UMD build, added to the page by addScriptTag. */
  const Hls: typeof HlsPlayer;
}
