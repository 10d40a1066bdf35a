// Search over the seeded world grown a hundredfold: p99 of Search/index for one-, two- and four-character
// Chinese queries and an English one, and of a page of the circle feed, on PGlite and, with DATABASE_URL, on PostgreSQL. The server is built
// in this process and asked through inject, so the figure is the server's own time, not the network's.
// Run alone: `tsx tests/load/search-bench.ts`; SEARCH_BENCH_DATABASE_URL=postgres://... adds PostgreSQL (that database is emptied).
import { sql, type Kysely } from 'kysely';
import { buildApp } from '../../server/app.ts';
import { openDatabase, type DatabaseHandle } from '../../server/db/database.ts';
import type { Database } from '../../server/db/schema.ts';
import { migrate } from '../../server/db/migrate.ts';
import { seedWorld } from '../../server/seed/seed.ts';
import { percentile } from './percentile.ts';

/** Pages of the circle feed (anchor_dynamics/userPostList), all circles and one, newest and hot. */
const feeds: Array<[string, string]> = [
  ['feed, newest', 'order=new&limit=20'],
  ['feed, hot', 'order=hot&limit=20'],
  ['one circle, newest', 'circle_id=1&order=new&limit=20'],
  ['one circle, hot', 'circle_id=1&order=hot&limit=20'],
];

/** The seeded world's searchable rows are copied this many times over (100 in all). */
const copies = 99;
const rounds = 200;
const queries: Array<[string, string]> = [
  ['1 Chinese character', '王'],
  ['2 Chinese characters', '曼联'],
  ['4 Chinese characters', '巴塞罗那'],
  ['English', 'Manchester'],
];

/** Copies every searchable row `copies` times, each copy's names numbered so unique names stay unique. */
async function growHundredfold(db: Kysely<Database>): Promise<void> {
  await sql`insert into users (mobile, password_hash, user_nickname, avatar, is_anchor, invite_code)
    select '86-' || (17000000000 + u.id * 1000 + k)::text, u.password_hash, left(u.user_nickname, 17) || k, u.avatar, 1, 'BN' || lpad((u.id * 1000 + k)::text, 9, '0')
    from users u, generate_series(1, ${copies}) k where u.is_anchor = 1`.execute(db);
  await sql`insert into live_rooms (anchor_id, title, cover, type, category_id, match_id, stream_key, status, started_at, ended_at, heat, viewers)
    select c.id, left(r.title, 36) || right(c.invite_code, 2), r.cover, r.type, r.category_id, r.match_id, 'bench' || c.invite_code, r.status, r.started_at, r.ended_at, r.heat, r.viewers
    from users c join live_rooms r on r.anchor_id = (substr(c.invite_code, 3)::bigint / 1000)
    where c.invite_code like 'BN%'`.execute(db);
  await sql`insert into leagues (sport, name, name_en, short_name_zh, short_name_en, logo, current_season)
    select sport, name || k, name_en || ' ' || k, left(short_name_zh, 8) || k, left(short_name_en, 13) || k, logo, current_season
    from leagues, generate_series(1, ${copies}) k`.execute(db);
  await sql`insert into teams (league_id, name, name_en, short_name_zh, short_name_en, logo)
    select league_id, left(name, 37) || k, name_en || ' ' || k, left(short_name_zh, 8) || k, left(short_name_en, 13) || k, logo
    from teams, generate_series(1, ${copies}) k`.execute(db);
  await sql`insert into search_aliases (target_kind, target_id, alias)
    select target_kind, target_id, left(alias, 37) || k from search_aliases, generate_series(1, ${copies}) k`.execute(db);
  await sql`insert into headlines (category_id, author_id, title, summary, content, cover, status, published_at)
    select category_id, author_id, left(title, 77) || k, summary, content, cover, status, published_at
    from headlines, generate_series(1, ${copies}) k`.execute(db);
  await sql`insert into videos (category_id, user_id, title, cover, video_path, duration_seconds, bytes, views, status)
    select category_id, user_id, left(title, 77) || k, cover, video_path, duration_seconds, bytes, views, status
    from videos, generate_series(1, ${copies}) k where deleted_at is null`.execute(db);
  // The circles' posts, spread back over the last month so the hot order's week holds a quarter of them.
  await sql`insert into circle_posts (circle_id, user_id, kind, content, views, created_at)
    select circle_id, user_id, 'text', content, views, created_at - (k % 30) * interval '1 day'
    from circle_posts, generate_series(1, ${copies}) k where deleted_at is null`.execute(db);
  await sql`insert into likes (user_id, target_type, target_id)
    select u.id, 'circle_post', p.id from circle_posts p
    join lateral (select id from users where is_anchor = 1 order by id limit 1 + p.id % 5) u on true
    on conflict do nothing`.execute(db);
  await sql`analyze`.execute(db);
}

async function benchOn(label: string, handle: DatabaseHandle): Promise<void> {
  await migrate(handle);
  await seedWorld(handle, { now: new Date(), seed: 20261122 });
  await growHundredfold(handle.db);
  const counts = await sql<{ anchors: number; teams: number; headlines: number }>`
    select (select count(*) from users where is_anchor = 1)::int as anchors, (select count(*) from teams)::int as teams,
           (select count(*) from headlines)::int as headlines`.execute(handle.db);
  const app = await buildApp({ database: handle, distDir: '/nonexistent', rateLimits: false, logger: false });
  try {
    console.log(`search on ${label}, world x100 (${JSON.stringify(counts.rows[0])}):`);
    for (const [kind, name] of queries) {
      const url = `/api/Search/index?name=${encodeURIComponent(name)}`;
      for (let warm = 0; warm < 10; warm++) await app.inject({ method: 'GET', url });
      const times: number[] = [];
      let found = 0;
      for (let round = 0; round < rounds; round++) {
        const started = performance.now();
        const response = await app.inject({ method: 'GET', url });
        times.push(performance.now() - started);
        const data = (response.json() as { data: Record<string, unknown[]> }).data;
        found = Object.values(data).reduce((sum, list) => sum + list.length, 0);
      }
      console.log(
        `  ${kind.padEnd(22)} ${name.padEnd(12)} p50 ${percentile(times, 50).toFixed(1)} ms  p99 ${percentile(times, 99).toFixed(1)} ms  (${found} hits)`,
      );
    }
    console.log(`circle feed on ${label} (goal p99 <= 20 ms):`);
    for (const [kind, query] of feeds) {
      const url = `/api/anchor_dynamics/userPostList?${query}`;
      for (let warm = 0; warm < 10; warm++) await app.inject({ method: 'GET', url });
      const times: number[] = [];
      let shown = 0;
      for (let round = 0; round < rounds; round++) {
        const started = performance.now();
        const response = await app.inject({ method: 'GET', url });
        times.push(performance.now() - started);
        shown = (response.json() as { data: { list: unknown[] } }).data.list.length;
      }
      console.log(`  ${kind.padEnd(22)} p50 ${percentile(times, 50).toFixed(1)} ms  p99 ${percentile(times, 99).toFixed(1)} ms  (${shown} posts)`);
    }
  } finally {
    await app.close();
  }
}

/** Prints the search figures on PGlite, and on PostgreSQL when SEARCH_BENCH_DATABASE_URL names a database it may empty. */
export async function benchSearch(): Promise<void> {
  const pglite = await openDatabase({});
  try {
    await benchOn('PGlite', pglite);
  } finally {
    await pglite.close();
  }
  const url = process.env.SEARCH_BENCH_DATABASE_URL;
  if (url) {
    const postgres = await openDatabase({ url });
    try {
      await sql`drop schema public cascade`.execute(postgres.db);
      await sql`create schema public`.execute(postgres.db);
      await benchOn('PostgreSQL', postgres);
    } finally {
      await postgres.close();
    }
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchSearch();
