import { sql, type Compilable } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  aliasQuery,
  anchorNameQuery,
  leagueNameQuery,
  newsQuery,
  queryOf,
  roomTitleQuery,
  teamNameQuery,
  videoQuery,
  type Query,
} from '../../server/areas/content/search-service.ts';
import type { components } from '../../src/api/schema.d.ts';
import { startTestServer, type TestServer } from './test-server.ts';

// Search (SPEC §2 /search, §7 Search/index, Search/anchor, Search/live): one Chinese character finds an
// anchor, a team is found by its short Chinese name, its English name and an alias, and each kind is read
// through its grams index, on PGlite and on PostgreSQL alike.

type Schemas = components['schemas'];

describe('search', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  }, 120_000);
  afterAll(() => server.close());

  const search = (name: string) => server.call<Schemas['SearchIndexResult']>('GET', '/api/Search/index', { name });

  it('finds an anchor by one character of a Chinese nickname, and their room by it', async () => {
    const anchor = await server.database.db
      .selectFrom('users')
      .innerJoin('live_rooms', 'live_rooms.anchor_id', 'users.id')
      .select(['users.id', 'users.user_nickname', 'live_rooms.id as room_id'])
      .where('users.mobile', '=', '86-13800000002')
      .executeTakeFirstOrThrow();
    const character = [...anchor.user_nickname].find((each) => /\p{Script=Han}/u.test(each))!;
    const found = await search(character);
    expect(found.code, found.msg).toBe(0);
    expect(found.data.anchors.map((hit) => hit.anchor.id)).toContain(anchor.id);
    expect(found.data.anchors.every((hit) => hit.anchor.user_nickname.includes(character))).toBe(true);

    const anchors = await server.call<Schemas['SearchAnchorHitPage']>('GET', '/api/Search/anchor', { name: anchor.user_nickname, page: 1, limit: 5 });
    expect(anchors.data.list[0]!.anchor.id).toBe(anchor.id);
    expect(anchors.data.list[0]!.room_id).toBe(anchor.room_id);
    const rooms = await server.call<Schemas['LiveRoomPage']>('GET', '/api/Search/live', { name: anchor.user_nickname });
    expect(rooms.data.list.map((room) => room.id)).toContain(anchor.room_id);
  });

  it('finds a team by its short Chinese name, its English name and its aliases, with its matches', async () => {
    const shortName = await search('曼联');
    expect(shortName.data.teams[0]).toMatchObject({ name: '曼彻斯特联', short_name_zh: '曼联' });
    expect(shortName.data.teams[0]).not.toHaveProperty('alias');
    const english = await search('Manchester');
    expect(english.data.teams.map((team) => team.name_en).sort()).toEqual(['Manchester City', 'Manchester United']);
    expect((await search('Man Utd')).data.teams.map((team) => team.alias)).toEqual(['Man Utd']);
    for (const alias of ['Barça', 'barca', 'bsln', '红蓝军团']) {
      const found = await search(alias);
      expect(found.data.teams[0], alias).toMatchObject({ name: '巴塞罗那' });
    }
    // 巴萨 is the club's own short name, and the basketball section's short name starts with it.
    const barca = await search('巴萨');
    expect(barca.data.teams.map((team) => team.name)).toEqual(['巴塞罗那', '巴塞罗那篮球']);
    const teamNames = new Set(barca.data.teams.flatMap((team) => [team.name, team.short_name_zh]));
    expect(barca.data.matches.length).toBeGreaterThan(0);
    expect(barca.data.matches.every((match) => teamNames.has(match.home_team_name_zh) || teamNames.has(match.away_team_name_zh))).toBe(true);
  });

  it('ranks matches in progress first, then those kicking off soonest', async () => {
    const found = await search('联');
    const statuses = found.data.matches.map((match) => match.status);
    const order = { in_progress: 0, not_started: 1, over: 2 } as const;
    expect(statuses).toEqual([...statuses].sort((a, b) => order[a] - order[b]));
    const upcoming = found.data.matches.filter((match) => match.status === 'not_started').map((match) => match.match_time);
    expect(upcoming).toEqual([...upcoming].sort((a, b) => a - b));
  });

  it('finds news and videos by their titles, and nothing for what no name holds', async () => {
    const headline = await server.database.db.selectFrom('headlines').select(['id', 'title']).where('status', '=', 'audit_successful').executeTakeFirstOrThrow();
    const words = [...headline.title].slice(0, 4).join('');
    expect((await search(words)).data.news.map((hit) => hit.id)).toContain(headline.id);
    const video = await server.database.db.selectFrom('videos').select(['id', 'title']).where('status', '=', 'audit_successful').where('deleted_at', 'is', null).executeTakeFirstOrThrow();
    expect((await search([...video.title].slice(0, 3).join(''))).data.videos.map((hit) => hit.id)).toContain(video.id);
    const none = await search('zqxj');
    expect(none.data).toEqual({ anchors: [], rooms: [], matches: [], videos: [], teams: [], news: [] });
    expect((await search('12345678901')).code).toBe(1);
  });

  // Over the few rows of the seeded world any plan is quick; over a site's worth of rows the planner must
  // choose the grams index by itself. Two thousand more rows of each kind are written (then rolled back),
  // with names of random Chinese characters, and each query's plan must name its index.
  const plans: Array<[string, string, (query: Query) => Compilable]> = [
    ['anchors', 'users_anchor_search_idx', (query) => anchorNameQuery(server.database.db, query)],
    ['rooms', 'live_rooms_search_idx', (query) => roomTitleQuery(server.database.db, query)],
    ['teams', 'teams_search_idx', (query) => teamNameQuery(server.database.db, query)],
    ['leagues', 'leagues_search_idx', (query) => leagueNameQuery(server.database.db, query)],
    ['aliases', 'search_aliases_search_idx', (query) => aliasQuery(server.database.db, 'team', query)],
    ['news', 'headlines_search_idx', (query) => newsQuery(server.database.db, query)],
    ['videos', 'videos_search_idx', (query) => videoQuery(server.database.db, query)],
  ];
  it('reads every kind through its grams index over a site\'s worth of rows', async () => {
    const missing: string[] = [];
    await server.database.db
      .transaction()
      .execute(async (trx) => {
        // Correlated with the row (`+ g * 0`), so each row draws its own name.
        const name = (length: number, row = 'g') =>
          sql.raw(`(select string_agg(chr(19968 + (random() * 6000)::int), '') from generate_series(1, ${length} + ${row} * 0))`);
        await sql`insert into users (mobile, password_hash, user_nickname, avatar, is_anchor, invite_code)
          select '86-1990' || lpad(g::text, 7, '0'), 'scrypt$x', ${name(4)}, '/media/a.svg', 1, 'SRCH' || lpad(g::text, 5, '0') from generate_series(1, 2000) g`.execute(trx);
        await sql`insert into live_rooms (anchor_id, title, cover, type, stream_key)
          select id, ${name(8, 'id')}, '/media/c.jpg', 1, 'searchkey' || lpad(id::text, 12, '0') from users where invite_code like 'SRCH%'`.execute(trx);
        await sql`insert into leagues (sport, name, name_en, short_name_zh, short_name_en, logo, current_season)
          select 'football', ${name(6)} || g, 'League ' || g, ${name(2)}, 'L' || g, '/media/l.svg', '2026' from generate_series(1, 2000) g`.execute(trx);
        await sql`insert into teams (league_id, name, name_en, short_name_zh, short_name_en, logo)
          select (select min(id) from leagues), ${name(5)} || g, 'Team ' || g, ${name(2)}, 'T' || g, '/media/t.svg' from generate_series(1, 2000) g`.execute(trx);
        await sql`insert into search_aliases (target_kind, target_id, alias)
          select 'team', (select min(id) from teams), ${name(3)} || g from generate_series(1, 2000) g`.execute(trx);
        await sql`insert into headlines (category_id, title, content, cover, status, published_at)
          select (select min(id) from headline_categories), ${name(16)}, 'text', '/media/n.jpg', 'audit_successful', now() from generate_series(1, 2000) g`.execute(trx);
        await sql`insert into videos (category_id, user_id, title, cover, video_path, duration_seconds, bytes, status)
          select (select min(id) from video_categories), (select min(id) from users), ${name(12)}, '/media/v.jpg', '/media/v.mp4', 60, 1000, 'audit_successful' from generate_series(1, 2000) g`.execute(trx);
        await sql`analyze users, live_rooms, leagues, teams, search_aliases, headlines, videos`.execute(trx);
        for (const [kind, index, build] of plans) {
          for (const name of ['王', '曼联', 'Manchester', '巴塞罗那']) {
            const compiled = build(queryOf(name)!).compile();
            const rows = await trx.executeQuery<Record<string, string>>({ ...compiled, sql: `explain ${compiled.sql}` });
            const plan = rows.rows.map((row) => Object.values(row)[0]).join('\n');
            if (!plan.includes(index)) missing.push(`${kind} ${name}:\n${plan}`);
          }
        }
        throw new Error('rolled back');
      })
      .catch((error: unknown) => {
        if (!(error instanceof Error) || error.message !== 'rolled back') throw error;
      });
    expect(missing).toEqual([]);
  }, 120_000);
});
