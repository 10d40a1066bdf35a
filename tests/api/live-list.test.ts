import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../src/api/schema.d.ts';
import { schemaErrors } from './schema-errors.ts';
import { startTestServer, type TestServer } from './test-server.ts';

// Live_streaming/getLiveList: the rooms /main and the streamer pages list, against the seeded world.

type LiveRoomPage = components['schemas']['LiveRoomPage'];

describe('Live_streaming/getLiveList', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
  });

  afterAll(() => server.close());

  it('lists the rooms as the contract writes them, on air first, with names for the zh and the en site', async () => {
    const answer = await server.call<LiveRoomPage>('GET', '/api/Live_streaming/getLiveList', { type: 0, limit: 50 });
    expect(answer.code).toBe(0);
    expect(schemaErrors('LiveRoomPage', answer.data)).toEqual([]);
    const rooms = answer.data.list;
    expect(rooms.length).toBeGreaterThan(0);
    const onAir = rooms.map((room) => room.status === 'in_progress');
    expect(onAir).toEqual([...onAir].sort((a, b) => Number(b) - Number(a)));
    const categorised = rooms.filter((room) => room.category.id > 0);
    expect(categorised.length).toBeGreaterThan(0);
    for (const room of categorised) expect(room.category.name_en).toMatch(/[A-Za-z]/);
    const withMatch = rooms.flatMap((room) => (room.match ? [room.match] : []));
    expect(withMatch.length).toBeGreaterThan(0);
    for (const match of withMatch) {
      expect(match.league_name_en).toMatch(/[A-Za-z0-9]/);
      expect(match.home_team_name_en).toMatch(/[A-Za-z0-9]/);
      expect(match.away_team_name_en).toMatch(/[A-Za-z0-9]/);
    }
  });

  it('keeps to the sport asked for', async () => {
    const answer = await server.call<LiveRoomPage>('GET', '/api/Live_streaming/getLiveList', { type: 2, limit: 50 });
    expect(answer.code).toBe(0);
    expect(answer.data.list.length).toBeGreaterThan(0);
    expect(answer.data.list.every((room) => room.type === 2)).toBe(true);
  });

  it('sends a visitor the answer made once, compressed as asked, and still refuses a bad query and reads a token', async () => {
    const url = `${server.baseUrl}/api/Live_streaming/getLiveList?type=0&page=1&limit=50`;
    const identity = await fetch(url, { headers: { lang: 'en', 'accept-encoding': 'identity' } });
    const text = await identity.text();
    expect(identity.headers.get('content-encoding')).toBeNull();
    expect((JSON.parse(text) as { code: number }).code).toBe(0);
    // The same bytes again, now from memory, and brotli for a browser that takes it (fetch decodes it).
    const again = await fetch(url, { headers: { lang: 'en', 'accept-encoding': 'identity' } });
    expect(await again.text()).toBe(text);
    const compressed = await fetch(url, { headers: { lang: 'en', 'accept-encoding': 'br, gzip' } });
    expect(compressed.headers.get('content-encoding')).toBe('br');
    expect(await compressed.text()).toBe(text);

    const refused = await server.call('GET', '/api/Live_streaming/getLiveList', { type: 0, page: 1, limit: 'many' });
    expect(refused.status).toBe(400);
    expect(refused.code).toBe(1);

    const stranger = await server.call('GET', '/api/Live_streaming/getLiveList', { type: 0, page: 1, limit: 50 }, { token: 'not-a-session' });
    expect(stranger.code).toBe(0);
  });
});
