// The live room's figures for `npm run bench`: video start (navigation to the first frame)
// on a demo room, the live latency hls.js reports, and the JavaScript /live and /main load (gzip).
// Headless Debian Chromium; figures, not pass/fail. The room plays through hls.js wherever Media Source
// Extensions are, Chromium's own HLS included (room-media.ts), so the bench loads what viewers load.
import { gzipSync } from 'node:zlib';
import { chromium, type Browser } from 'playwright-core';
import { chromiumLaunchOptions } from '../../scripts/chromium.mjs';
import { percentile } from './percentile.ts';

const startRuns = 10;

const liveBudgetKiB = 350;
const latencyGoalS = 6;

/** Every script a page loads until its network settles (and, for /live, its video plays), gzip-weighed. */
async function scriptsOf(browser: Browser, url: string, waitForVideo: boolean): Promise<{ files: number; raw: number; gzip: number }> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const bodies: Promise<Buffer | null>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') bodies.push(response.body().catch(() => null));
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    if (waitForVideo) await page.waitForFunction(`(document.querySelector('video')?.currentTime ?? 0) > 0.5`, undefined, { timeout: 30_000 });
    const loaded = (await Promise.all(bodies)).filter((body): body is Buffer => body !== null);
    return {
      files: loaded.length,
      raw: loaded.reduce((sum, body) => sum + body.length, 0),
      gzip: loaded.reduce((sum, body) => sum + gzipSync(body, { level: 9 }).length, 0),
    };
  } finally {
    await context.close();
  }
}

/** Milliseconds from navigation start to the video's first presented frame, in a fresh context (nothing cached). */
async function videoStart(browser: Browser, url: string): Promise<number> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(url);
    // A string, not a function: tsx would wrap a function's inner names in a helper the page lacks.
    return await page.evaluate<number>(`new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no frame within 30 s')), 30000);
      const watch = () => {
        const video = document.querySelector('video');
        if (!video) return requestAnimationFrame(watch);
        video.requestVideoFrameCallback((now) => { clearTimeout(timer); resolve(now); });
      };
      watch();
    })`);
  } finally {
    await context.close();
  }
}

/** The latency hls.js reports (data-latency on the video) after the room has played a while. */
async function liveLatency(browser: Browser, url: string): Promise<number[]> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(url);
    // Read through locators: the site's CSP refuses the eval behind a waitForFunction predicate.
    const video = page.locator('video[data-latency]');
    await video.waitFor({ state: 'attached', timeout: 30_000 });
    const samples: number[] = [];
    for (let n = 0; n < 10; n++) {
      await page.waitForTimeout(1_000);
      samples.push(Number((await video.getAttribute('data-latency')) ?? 'NaN'));
    }
    return samples.filter(Number.isFinite).sort((a, b) => a - b);
  } finally {
    await context.close();
  }
}

export async function benchLiveRoom(siteUrl: string): Promise<void> {
  const rooms = (await (await fetch(`${siteUrl}/api/Live_streaming/getLiveList?type=0&page=1&limit=20`)).json()) as {
    data: { list: Array<{ id: number; status: string }> };
  };
  const room = rooms.data.list.find((entry) => entry.status === 'in_progress');
  if (!room) throw new Error('no demo room on air');
  const roomUrl = `${siteUrl}/live?id=${String(room.id)}`;
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const starts: number[] = [];
    for (let run = 0; run < startRuns; run++) starts.push(await videoStart(browser, roomUrl));
    starts.sort((a, b) => a - b);
    console.log(
      `live room video start (navigation → first frame, ${String(startRuns)} fresh loads of room ${String(room.id)}): p50 ${percentile(starts, 50).toFixed(0)} ms, p95 ${percentile(starts, 95).toFixed(0)} ms`,
    );
    const latency = await liveLatency(browser, roomUrl);
    console.log(
      `live latency (hls.latency, 10 samples over 10 s): p50 ${percentile(latency, 50).toFixed(2)} s, max ${Math.max(...latency).toFixed(2)} s (goal ≤ ${String(latencyGoalS)} s)`,
    );
    const kib = (bytes: number) => (bytes / 1024).toFixed(1);
    const live = await scriptsOf(browser, roomUrl, true);

    const main = await scriptsOf(browser, `${siteUrl}/main`, false);
    console.log(
      `JavaScript of /live (with hls.js, until it plays): ${String(live.files)} files, ${kib(live.raw)} KiB, ${kib(live.gzip)} KiB gzip (goal ≤ ${String(liveBudgetKiB)} KiB)`,
    );
    console.log(`JavaScript of /main: ${String(main.files)} files, ${kib(main.raw)} KiB, ${kib(main.gzip)} KiB gzip (must not grow)`);
  } finally {
    await browser.close();
  }
}
