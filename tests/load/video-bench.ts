// The video area's figures: the list page's p99 over 10,000 videos (newest and hottest), and upload
// throughput over loopback. Runs alone with `tsx tests/load/video-bench.ts`, or from bench.ts.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { createSession } from '../../server/areas/account/session-service.ts';
import { buildApp } from '../../server/app.ts';
import { copyClusterTemplate } from '../../server/db/cluster-template.ts';
import { openDatabase } from '../../server/db/database.ts';
import { migrate } from '../../server/db/migrate.ts';
import { seedWorld } from '../../server/seed/seed.ts';
import { percentile } from './percentile.ts';

const generatedVideos = 10_000;
const listRequests = 400;
const uploadMegabytes = 40;

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

export async function benchVideos(): Promise<void> {
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
    const app = await buildApp({ database, distDir: '/nonexistent', rateLimits: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    const baseUrl = `http://127.0.0.1:${address.port}`;

    console.log(`\nvideos (${generatedVideos.toLocaleString('en')} generated beside the seeded ones, PGlite, in-process server):`);
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
    const rates: number[] = [];
    for (let round = 0; round < 3; round++) {
      const form = new FormData();
      form.set('title', `bench ${randomBytes(3).toString('hex')}`);
      form.set('category_id', '1');
      form.set('video', new Blob([file], { type: 'video/mp4' }), 'bench.mp4');
      const started = performance.now();
      const response = await fetch(`${baseUrl}/api/Video_user/insert`, { method: 'POST', headers: { token }, body: form });
      const answer = (await response.json()) as { code: number; msg: string };
      const seconds = (performance.now() - started) / 1000;
      if (answer.code !== 0) throw new Error(`upload refused: ${answer.msg}`);
      rates.push(file.length / (1024 * 1024) / seconds);
    }
    console.log(
      `  Video_user/insert of ${uploadMegabytes} MiB over loopback, stored, hashed and probed: ${percentile(rates, 50).toFixed(0)} MiB/s median [${rates.map((rate) => rate.toFixed(0)).join(' ')}] (goal ≥100)`,
    );
    await app.close();
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchVideos();
