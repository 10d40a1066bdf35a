// Real broadcasting's figures for `npm run bench`: glass-to-glass latency of a push,
// the time from ffmpeg's start to the room on air, and the media server's CPU per published stream
// with and without the quality ladder. Needs nginx with its RTMP module and ffmpeg.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type HlsPlayer from 'hls.js';
import { chromium } from 'playwright-core';
import { chromiumLaunchOptions } from '../../scripts/chromium.mjs';
import { liveHlsConfig } from '../../src/features/live/room/live-hls-config.ts';
import { solveHumanCheck } from '../api/human-check.ts';
import { freePort } from '../free-port.ts';
import { percentile } from './percentile.ts';
import { cpuMs } from './process-cpu.ts';

const hlsScript = fileURLToPath(new URL('../../node_modules/hls.js/dist/hls.min.js', import.meta.url));
const demoAnchor = { mobile: '86-13800000002', password: 'pitchside2' };
/** The sender's clock is drawn as this many stripes, one bit each, 12 px wide. */
const clockBits = 24;

function mediaToolsInstalled(): boolean {
  return existsSync('/usr/lib/nginx/modules/ngx_rtmp_module.so') && spawnSync('sh', ['-c', 'command -v ffmpeg && command -v nginx']).status === 0;
}

/**
 * ffmpeg pushing a 320×180 picture whose stripes spell the stream time in centiseconds, so the
 * browser can read back from the frame it shows when that frame was sent. `-progress` reports the
 * stream time against this process's clock, which pins the stream's start in wall time.
 */
function pushClock(target: string): { child: ChildProcess; startedAtMs: () => number } {
  const bit = `mod(floor(floor(T*100)/pow(2,floor(X/12))),2)`;
  const child = spawn(
    'ffmpeg',
    [
      ...['-hide_banner', '-loglevel', 'error', '-progress', 'pipe:1', '-re'],
      ...['-f', 'lavfi', '-i', `nullsrc=s=320x180:r=25,geq=lum='if(lt(X,${String(clockBits * 12)}),255*${bit},128)':cb=128:cr=128,format=yuv420p`],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-g', '25', '-f', 'flv', target],
    ],
    { stdio: ['ignore', 'pipe', 'ignore'] },
  );
  let startedAtMs = Number.POSITIVE_INFINITY;
  child.stdout?.on('data', (chunk: Buffer) => {
    for (const match of chunk.toString('utf8').matchAll(/out_time_us=(\d+)/g)) {
      // Each report comes a little after the time it names: the earliest start seen is the truest.
      startedAtMs = Math.min(startedAtMs, Date.now() - Number(match[1]) / 1000);
    }
  });
  return { child, startedAtMs: () => startedAtMs };
}

async function startSite(env: Record<string, string>): Promise<{ child: ChildProcess; url: string; dataDir: string }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'pitchside-broadcast-bench-'));
  const port = await freePort();
  const rtmpPort = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', RTMP_PORT: String(rtmpPort), RTMP_HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  const url = `http://127.0.0.1:${String(port)}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    const ready = await fetch(`${url}/api/Live/getRoomList`).then((response) => response.ok, () => false);
    if (ready) break;
    if (Date.now() > deadline) throw new Error('the site did not start');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  // The media server starts after the database.
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  return { child, url, dataDir };
}

function stopSite(site: { child: ChildProcess; dataDir: string }): void {
  if (site.child.pid) process.kill(-site.child.pid, 'SIGTERM');
  rmSync(site.dataDir, { recursive: true, force: true });
}

async function anchorPush(url: string): Promise<{ target: string; roomId: number; token: string }> {
  const login = (await (
    await fetch(`${url}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...demoAnchor, device_type: 'pc', altcha: await solveHumanCheck(url) }),
    })
  ).json()) as { data: { token: string } };
  const push = (await (await fetch(`${url}/api/Live/getLiveUrl`, { headers: { token: login.data.token } })).json()) as {
    data: { push_url: string; stream_key: string; room_id: number };
  };
  return { target: `${push.data.push_url}/${push.data.stream_key}`, roomId: push.data.room_id, token: login.data.token };
}

async function roomOnAir(url: string, roomId: number): Promise<boolean> {
  const info = (await (await fetch(`${url}/api/Live_streaming/getRoomInfo?room_id=${String(roomId)}`)).json()) as { data: { room: { status: string } } };
  return info.data.room.status === 'in_progress';
}

/** CPU seconds used so far by the processes whose command line contains `marker`. */
function cpuSeconds(marker: string): number {
  const found = spawnSync('pgrep', ['-f', '--', marker], { encoding: 'utf8' }).stdout.trim().split('\n').filter(Boolean);
  return found.reduce((sum, pid) => sum + cpuMs(pid), 0) / 1000;
}

/** The media server's CPU (nginx, and the ladder's ffmpeg reading the push) per second of a push, over `seconds`. */
async function mediaCpu(dataDir: string, rtmpPrefix: string, seconds: number): Promise<number> {
  const measure = () => cpuSeconds(join(dataDir, 'media-server')) + cpuSeconds(`-i ${rtmpPrefix}/live/`);
  const before = measure();
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  return (measure() - before) / seconds;
}

async function glassToGlass(url: string, roomId: number, startedAtMs: () => number): Promise<{ latencies: number[]; hlsLatency: number[] }> {
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const page = await browser.newPage();
    await page.route(`${url}/broadcast-bench`, (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><video muted playsinline></video><canvas width="320" height="180"></canvas>' }));
    await page.goto(`${url}/broadcast-bench`);
    await page.addScriptTag({ path: hlsScript });
    // As the page's own script: tsx's helpers would not exist in the page for a function passed to evaluate.
    await page.addScriptTag({
      content: `
        const video = document.querySelector('video');
        const context = document.querySelector('canvas').getContext('2d', { willReadFrequently: true });
        const hls = new Hls(${JSON.stringify(liveHlsConfig)});
        const shown = [];
        Object.assign(window, { hls, shown });
        function onFrame() {
          context.drawImage(video, 0, 0, 320, 180);
          const row = context.getImageData(0, 90, 320, 1).data;
          let value = 0;
          for (let bit = 0; bit < ${String(clockBits)}; bit++) if (row[(bit * 12 + 6) * 4] > 128) value += 2 ** bit;
          shown.push({ at: Date.now(), centiseconds: value });
          video.requestVideoFrameCallback(onFrame);
        }
        video.requestVideoFrameCallback(onFrame);
        hls.loadSource('/hls/${String(roomId)}/original.m3u8');
        hls.attachMedia(video);
        void video.play();
      `,
    });
    const hlsLatency: number[] = [];
    for (let second = 0; second < 25; second++) {
      await page.waitForTimeout(1_000);
      const latency = (await page.evaluate('window.hls.latency')) as number;
      if (latency > 0) hlsLatency.push(latency * 1000);
    }
    const shown = (await page.evaluate('window.shown')) as Array<{ at: number; centiseconds: number }>;
    const start = startedAtMs();
    // The first seconds are the player catching up with the live edge: not counted.
    const latencies = shown.slice(Math.floor(shown.length / 3)).map((frame) => frame.at - (start + frame.centiseconds * 10));
    return { latencies: latencies.sort((a, b) => a - b), hlsLatency: hlsLatency.sort((a, b) => a - b) };
  } finally {
    await browser.close();
  }
}

async function onePush(ladder: boolean): Promise<void> {
  const site = await startSite(ladder ? {} : { MEDIA_LADDER: 'off' });
  let pusher: ChildProcess | undefined;
  try {
    const { target, roomId, token } = await anchorPush(site.url);
    // The demo anchor's room is on air with its clip: off air first, so the push is what starts it.
    await fetch(`${site.url}/api/Live/endRoom`, { headers: { token } });
    const spawned = performance.now();
    const push = pushClock(target);
    pusher = push.child;
    while (!(await roomOnAir(site.url, roomId))) await new Promise((resolve) => setTimeout(resolve, 100));
    const toOnAir = performance.now() - spawned;
    const marker = target.split('/').slice(0, 3).join('/');
    const cpu = await mediaCpu(site.dataDir, marker, 10);
    const label = ladder ? 'with the ladder (4 qualities)' : 'without the ladder (original only)';
    console.log(`  ${label}: ffmpeg start → room on air ${toOnAir.toFixed(0)} ms; media server CPU ${(cpu * 100).toFixed(0)}% of a core per stream`);
    if (ladder) {
      const { latencies, hlsLatency } = await glassToGlass(site.url, roomId, push.startedAtMs);
      if (latencies.length === 0) console.log('  glass-to-glass: no frame was read back');
      else
        console.log(
          `  glass-to-glass (frame sent → frame shown, ${String(latencies.length)} frames): p50 ${(percentile(latencies, 50) / 1000).toFixed(2)} s, p95 ${(percentile(latencies, 95) / 1000).toFixed(2)} s (goal ≤6 s); hls.js latency p50 ${(percentile(hlsLatency, 50) / 1000).toFixed(2)} s`,
        );
    }
  } finally {
    pusher?.kill('SIGKILL');
    stopSite(site);
  }
}

/** Prints the broadcast figures, or says why it cannot. */
export async function benchBroadcast(): Promise<void> {
  console.log('real broadcast (ffmpeg → nginx RTMP → site HLS → hls.js):');
  if (!mediaToolsInstalled()) {
    console.log('  skipped: nginx, libnginx-mod-rtmp and ffmpeg are not installed');
    return;
  }
  await onePush(true);
  await onePush(false);
}

declare global {
  /** hls.js's UMD build, added to the page by addScriptTag. */
  const Hls: typeof HlsPlayer;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await benchBroadcast();
