// The video area's figures: the list page's p99 over 10,000 videos (newest and hottest), upload throughput over
// loopback (resumable, as the page sends it, and one form), transcode seconds per minute of 1080p source on one
// core, and time to first frame on /video-player. Runs alone with `tsx tests/load/video-bench.ts` (it builds the
// app then), or from bench.ts with the app it built.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { createSession } from '../../server/areas/account/session-service.ts';
import { buildApp } from '../../server/app.ts';
import { copyClusterTemplate } from '../../server/db/cluster-template.ts';
import { openDatabase } from '../../server/db/database.ts';
import { migrate } from '../../server/db/migrate.ts';
import { seedWorld } from '../../server/seed/seed.ts';
import { chromium, type Browser } from 'playwright-core';
import { chromiumLaunchOptions } from '../../scripts/chromium.mjs';
import { makeRenditions } from '../../server/areas/video/video-renditions.ts';
import { buildTheApp } from '../../server/site/app-build.ts';
import { planRungs, type PlannedRung } from '../../src/machines/transcode-job-machine.ts';
import { percentile } from './percentile.ts';

const generatedVideos = 10_000;
const listRequests = 400;
const uploadMegabytes = 40;
/** The PATCH size the page sends (chunkBytes in src/api/tus-upload.ts, which needs a browser to load). */
const tusChunkBytes = 4 * 1024 * 1024;

/** An ISO media file of `bytes`: the test clip and a `free` box filling the rest, whole as its boxes say. */
function paddedClip(bytes: number): Buffer {
  const clip = readFileSync(new URL('../fixtures/video-clip.mp4', import.meta.url));
  const fill = bytes - clip.length;
  const box = Buffer.alloc(fill);
  box.writeUInt32BE(fill, 0);
  box.write('free', 4, 'ascii');
  return Buffer.concat([clip, box]);
}

async function timeList(baseUrl: string, sort: 'new' | 'hot'): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < listRequests; i++) {
    const page = 1 + (i % 50);
    const started = performance.now();
    const response = await fetch(`${baseUrl}/api/Video/getList`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ sort, page, limit: 20 }),
    });
    await response.arrayBuffer();
    times.push(performance.now() - started);
  }
  return times;
}

interface TusTiming {
  seconds: number;
  patchSeconds: number;
  finishSeconds: number;
}

/** One file up by tus as the page sends it (create, PATCHes of `chunk` bytes, then Video_user/insertUpload), timed by phase. */
async function tusUpload(baseUrl: string, token: string, file: Buffer, chunk: number): Promise<TusTiming> {
  const started = performance.now();
  const tus = { token, 'tus-resumable': '1.0.0' };
  const created = await fetch(`${baseUrl}/api/tus/videos`, { method: 'POST', headers: { ...tus, 'upload-length': String(file.length) } });
  const location = created.headers.get('location');
  if (created.status !== 201 || !location) throw new Error(`tus create answered ${String(created.status)}`);
  for (let offset = 0; offset < file.length; offset += chunk) {
    const body = file.subarray(offset, Math.min(file.length, offset + chunk));
    const answer = await fetch(`${baseUrl}${location}`, {
      method: 'PATCH',
      headers: { ...tus, 'content-type': 'application/offset+octet-stream', 'upload-offset': String(offset) },
      body,
    });
    if (answer.status !== 204) throw new Error(`tus PATCH answered ${String(answer.status)}`);
  }
  const patched = performance.now();
  const made = await fetch(`${baseUrl}/api/Video_user/insertUpload`, {
    method: 'POST',
    headers: { token, 'content-type': 'application/json' },
    body: JSON.stringify({ upload_id: location.split('/').pop(), title: `bench ${randomBytes(3).toString('hex')}`, category_id: 1 }),
  });
  const answer = (await made.json()) as { code: number; msg: string };
  if (answer.code !== 0) throw new Error(`insertUpload refused: ${answer.msg}`);
  const done = performance.now();
  return { seconds: (done - started) / 1000, patchSeconds: (patched - started) / 1000, finishSeconds: (done - patched) / 1000 };
}

/** CPU milliseconds this process spent (client and in-process server together) while `work` ran. */
async function cpuOf<T>(work: () => Promise<T>): Promise<{ result: T; cpuMs: number }> {
  const before = process.cpuUsage();
  const result = await work();
  const used = process.cpuUsage(before);
  return { result, cpuMs: (used.user + used.system) / 1000 };
}

/**
 * The 720/480/360 ladder of a 1080p source as the worker makes it (one ffmpeg run, the source decoded once), with
 * ffmpeg pinned to one core: its wall time and, since the machine is shared, the CPU seconds ffmpeg itself used
 * (the shell's `times` of its child). Then the same ladder made a run per rung, as it was before, for the ratio.
 */
async function benchTranscode(work: string): Promise<void> {
  const seconds = 30;
  const source = join(work, 'source-1080p.mp4');
  execFileSync('ffmpeg', [
    '-v', 'error', '-y',
    '-f', 'lavfi', '-i', `testsrc2=size=1920x1080:rate=30:duration=${String(seconds)}`,
    '-f', 'lavfi', '-i', `sine=frequency=440:duration=${String(seconds)}`,
    '-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '18', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', source,
  ]);
  const wrapper = join(work, 'ffmpeg-one-core.sh');
  const ladder = planRungs({ height: 1080, videoCodec: 'h264', audioCodec: 'aac' });
  const minutes = (text: string) => {
    const match = /^(\d+)m([\d.]+)s$/.exec(text);
    return match ? Number(match[1]) * 60 + Number(match[2]) : 0;
  };
  const timed = async (label: string, runs: PlannedRung[][]) => {
    const cpuFile = join(work, `ffmpeg-cpu-${String(runs.length)}.txt`);
    writeFileSync(wrapper, `#!/bin/sh\ntaskset -c 0 ffmpeg "$@"\ncode=$?\ntimes > '${cpuFile}.now'\ntail -n 1 '${cpuFile}.now' >> '${cpuFile}'\nexit $code\n`);
    chmodSync(wrapper, 0o755);
    const started = performance.now();
    for (const rungs of runs) {
      await makeRenditions({
        ffmpeg: wrapper,
        source,
        directory: join(work, 'renditions'),
        rungs,
        durationSeconds: seconds,
        audioCodec: 'aac',
        onProgress: () => undefined,
        signal: new AbortController().signal,
      });
    }
    const wall = (performance.now() - started) / 1000;
    const cpu = readFileSync(cpuFile, 'utf8').trim().split('\n').reduce((sum, line) => sum + line.trim().split(/\s+/).map(minutes).reduce((a, b) => a + b, 0), 0);
    console.log(
      `  transcode of ${String(seconds)} s of 1080p to the 720/480/360 ladder, ${label}, ffmpeg pinned to one core: ${(wall * (60 / seconds)).toFixed(0)} s wall per minute of source, ` +
        `${(cpu * (60 / seconds)).toFixed(0)} CPU s per minute (goal ≤60 s)`,
    );
    return wall;
  };
  const together = await timed('one run (as the worker makes it)', [ladder]);
  const apart = await timed('a run per rung (the source decoded for each, as before)', ladder.map((rung) => [rung]));
  console.log(`  one run against a run per rung: ${(apart / together).toFixed(2)}× faster`);
}

/** The moments (ms since navigation) the page reached on its way to the first frame. */
interface FirstFrame {
  frame: number;
  /** When each step's response ended: the page, its data, hls.js, the playlists and the first segment. */
  steps: Record<string, number>;
}

/** The steps by their resource's address; the first playlist is the master one, the second a rendition's. */
const frameSteps: Array<[string, string]> = [
  ['document', '^/video-player$'],
  ['page chunk', '/assets/video-player-page[^/]*[.]js$'],
  ['getVideoInfo', '/api/Video/getVideoInfo'],
  ['hls.js chunk', '/assets/[^/]*hls[^/]*[.]js$'],
  ['master playlist', '[.]m3u8$'],
  ['media playlist', '[.]m3u8$'],
  ['first segment', '[.]ts$'],
];

/** Milliseconds from navigation to the first presented frame on /video-player, in fresh contexts (nothing cached). */
async function benchFirstFrame(browser: Browser, url: string, runs: number): Promise<FirstFrame[]> {
  const results: FirstFrame[] = [];
  for (let run = 0; run < runs; run++) {
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await page.goto(url);
      // A string, not a function: tsx would wrap a function's inner names in a helper the page lacks.
      results.push(
        await page.evaluate<FirstFrame>(`new Promise((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error('no frame within 30 s')), 30000);
          const steps = ${JSON.stringify(frameSteps)};
          const watch = () => {
            const video = document.querySelector('video');
            if (!video) return requestAnimationFrame(watch);
            video.requestVideoFrameCallback((now) => {
              clearTimeout(timer);
              const entries = [performance.getEntriesByType('navigation')[0], ...performance.getEntriesByType('resource')];
              const found = {};
              const taken = new Set();
              for (const [name, pattern] of steps) {
                const entry = entries.find((candidate) => candidate && !taken.has(candidate) && new RegExp(pattern).test(new URL(candidate.name).pathname));
                if (!entry) continue;
                taken.add(entry);
                found[name] = entry.responseEnd;
              }
              resolve({ frame: now, steps: found });
            });
          };
          watch();
        })`),
      );
    } finally {
      await context.close();
    }
  }
  return results.sort((a, b) => a.frame - b.frame);
}

export async function benchVideos(builtDist?: string): Promise<void> {
  const distDir = builtDist ?? mkdtempSync(join(tmpdir(), 'pitchside-video-bench-dist-'));
  if (!builtDist) await buildTheApp(distDir);
  const dataDir = mkdtempSync(join(tmpdir(), 'pitchside-video-bench-'));
  process.env.DATA_DIR = dataDir;
  await copyClusterTemplate(join(dataDir, 'db'));
  const database = await openDatabase({ dataDir: join(dataDir, 'db') });
  try {
    await migrate(database);
    await seedWorld(database, { now: new Date(), seed: 20261122 });
    await sql`
      insert into videos (category_id, user_id, title, cover, video_path, duration_seconds, bytes, views, status, created_at)
      select (select id from video_categories order by id limit 1 offset (n % 8)),
             (select id from users order by id limit 1 offset (n % 20)),
             'Generated video ' || n, '/media/covers/video-' || n || '.svg', '/media/videos/football-1/index.m3u8',
             60 + n % 500, 1000000 + n, (n * 7919) % 100000, 'audit_successful', now() - make_interval(mins => n * 3)
      from generate_series(1, ${generatedVideos}) as n`.execute(database.db);
    await sql`analyze videos`.execute(database.db);
    const app = await buildApp({ database, distDir, rateLimits: false });
    await app.listen({ port: Number(process.env.VIDEO_BENCH_PORT ?? 0), host: '127.0.0.1' });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    const baseUrl = `http://127.0.0.1:${address.port}`;

    console.log(`\nvideos (load average ${loadavg().map((value) => value.toFixed(1)).join(' ')} on ${String(cpus().length)} cores; ${generatedVideos.toLocaleString('en')} generated beside the seeded ones, PGlite, in-process server):`);
    for (const sort of ['new', 'hot'] as const) {
      await timeList(baseUrl, sort);
      const times = await timeList(baseUrl, sort);
      console.log(
        `  Video/getList sort=${sort.padEnd(3)} ${listRequests} sequential pages: p50 ${percentile(times, 50).toFixed(1)} ms, p99 ${percentile(times, 99).toFixed(1)} ms (goal ≤20 ms)`,
      );
    }

    const user = await database.db.selectFrom('users').select('id').where('mobile', '=', '86-13800000001').executeTakeFirstOrThrow();
    const token = await createSession(app.serverContext, Number(user.id), { deviceType: 'pc', ip: '127.0.0.1' });
    const file = paddedClip(uploadMegabytes * 1024 * 1024);
    const megabytes = file.length / (1024 * 1024);
    for (const chunk of [tusChunkBytes, 16 * 1024 * 1024]) {
      const runs: Array<TusTiming & { cpuMs: number }> = [];
      for (let round = 0; round < 3; round++) {
        const { result, cpuMs } = await cpuOf(() => tusUpload(baseUrl, token, file, chunk));
        runs.push({ ...result, cpuMs });
      }
      const median = (pick: (run: (typeof runs)[number]) => number) => percentile(runs.map(pick), 50);
      console.log(
        `  tus upload of ${String(uploadMegabytes)} MiB in ${String(chunk / (1024 * 1024))} MiB PATCHes${chunk === tusChunkBytes ? ' (the page\'s)' : ''}, then insertUpload: ` +
          `${(megabytes / median((run) => run.seconds)).toFixed(0)} MiB/s end to end [${runs.map((run) => (megabytes / run.seconds).toFixed(0)).join(' ')}], ` +
          `PATCHes ${(megabytes / median((run) => run.patchSeconds)).toFixed(0)} MiB/s, insertUpload ${(median((run) => run.finishSeconds) * 1000).toFixed(0)} ms; ` +
          `CPU ${(median((run) => run.cpuMs) / megabytes).toFixed(1)} ms per MiB, client and server (goal ≥100 MiB/s)`,
      );
    }
    const rates: number[] = [];
    const formCpu: number[] = [];
    for (let round = 0; round < 3; round++) {
      const form = new FormData();
      form.set('title', `bench ${randomBytes(3).toString('hex')}`);
      form.set('category_id', '1');
      form.set('video', new Blob([file], { type: 'video/mp4' }), 'bench.mp4');
      const { result: seconds, cpuMs } = await cpuOf(async () => {
        const started = performance.now();
        const response = await fetch(`${baseUrl}/api/Video_user/insert`, { method: 'POST', headers: { token }, body: form });
        const answer = (await response.json()) as { code: number; msg: string };
        if (answer.code !== 0) throw new Error(`upload refused: ${answer.msg}`);
        return (performance.now() - started) / 1000;
      });
      rates.push(megabytes / seconds);
      formCpu.push(cpuMs / megabytes);
    }
    console.log(
      `  Video_user/insert of ${String(uploadMegabytes)} MiB as one form, stored, hashed and probed: ${percentile(rates, 50).toFixed(0)} MiB/s median [${rates.map((rate) => rate.toFixed(0)).join(' ')}], ` +
        `CPU ${percentile(formCpu, 50).toFixed(1)} ms per MiB`,
    );

    const played = await database.db
      .selectFrom('videos')
      .select('id')
      .where('status', '=', 'audit_successful')
      .where('video_path', 'like', '/media/videos/%')
      .orderBy('id')
      .limit(1)
      .executeTakeFirstOrThrow();
    const browser = await chromium.launch(chromiumLaunchOptions);
    try {
      const url = `${baseUrl}/video-player?id=${String(played.id)}`;
      await benchFirstFrame(browser, url, 1);
      const loads = await benchFirstFrame(browser, url, 10);
      const frames = loads.map((load) => load.frame);
      console.log(
        `  /video-player first frame (navigation → first presented frame, 10 fresh loads, HLS): p50 ${percentile(frames, 50).toFixed(0)} ms, p95 ${percentile(frames, 95).toFixed(0)} ms (goal ≤1000 ms)`,
      );
      const medianOf = (name: string) => percentile(loads.flatMap((load) => (load.steps[name] === undefined ? [] : [load.steps[name]!])), 50);
      console.log(`    median moment each step ended: ${[...frameSteps.map(([name]) => name), 'first frame'].map((name) => `${name} ${(name === 'first frame' ? percentile(frames, 50) : medianOf(name)).toFixed(0)} ms`).join(', ')}`);
    } finally {
      await browser.close();
    }
    await app.close();
    await benchTranscode(dataDir);
    console.log(`  (load average after: ${loadavg().map((value) => value.toFixed(1)).join(' ')})`);
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
    if (!builtDist) rmSync(distDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchVideos();
