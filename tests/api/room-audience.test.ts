import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messagingSigFor } from './messaging-login.ts';
import { endBroadcast, startBroadcast } from '../../server/areas/live/broadcast-service.ts';
import { ImClient } from '../../server/realtime/im-test-client.ts';
import { startTestServer, type TestServer } from './test-server.ts';

// A real broadcast's figures are its own: a room that carried the seed's audience starts from nobody, counts who
// is in its chat, and records the peak of that; a demo room keeps the audience the seed gave it.
describe('the audience of a broadcast', () => {
  let server: TestServer;
  const clients: ImClient[] = [];

  beforeAll(async () => {
    server = await startTestServer();
  }, 120_000);
  afterAll(async () => {
    for (const client of clients) client.close();
    await server.close();
  });

  async function viewer(roomId: number, userID: string): Promise<ImClient> {
    const client = await ImClient.open(`${server.baseUrl.replace('http', 'ws')}/im`, server.app.serverContext.contract.validatorFor('ImServerMessage'));
    clients.push(client);
    expect(await client.call({ type: 'login', userID, userSig: await messagingSigFor(server.app.serverContext, userID) })).toMatchObject({ type: 'ok' });
    expect(await client.call({ type: 'join_group', groupID: `live${String(roomId)}` })).toMatchObject({ type: 'group_joined' });
    return client;
  }
  const viewersOf = async (roomId: number) =>
    (await server.database.db.selectFrom('live_rooms').select('viewers').where('id', '=', roomId).executeTakeFirstOrThrow()).viewers;

  it('counts the viewers in the room and keeps their peak, never the seeded figure', async () => {
    const { db } = server.database;
    const room = await db.selectFrom('live_rooms').select('id').where('status', '<>', 'in_progress').orderBy('id').executeTakeFirstOrThrow();
    // A seeded room (its demo clip kept) with the seed's audience, now broadcast for real: an anchor's push.
    await db.updateTable('live_rooms').set({ viewers: 9590, heat: 40_000 }).where('id', '=', room.id).execute();
    expect((await db.selectFrom('live_rooms').select(['seeded_audience', 'demo_clip']).where('id', '=', room.id).executeTakeFirstOrThrow())).toMatchObject({
      seeded_audience: true,
      demo_clip: expect.any(String),
    });
    await startBroadcast(server.app.serverContext, room.id, { pushed: true });
    const figures = () => db.selectFrom('live_rooms').select(['viewers', 'heat', 'seeded_audience']).where('id', '=', room.id).executeTakeFirstOrThrow();
    expect(await figures()).toEqual({ viewers: 0, heat: 0, seeded_audience: false });
    const first = await viewer(room.id, 'guest_audience_1');
    await viewer(room.id, 'guest_audience_2');
    await expect.poll(figures, { timeout: 5000 }).toEqual({ viewers: 2, heat: 2, seeded_audience: false });
    first.close();
    await expect.poll(() => viewersOf(room.id), { timeout: 5000 }).toBe(1);
    const record = await endBroadcast(server.app.serverContext, room.id);
    expect(record.peak_viewers).toBe(2);
  });

  it("leaves a demo room's seeded audience as the seed gave it", async () => {
    const demo = await server.database.db
      .selectFrom('live_rooms')
      .select(['id', 'viewers'])
      .where('status', '=', 'in_progress')
      .where('seeded_audience', '=', true)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await viewer(demo.id, 'guest_audience_3');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await viewersOf(demo.id)).toBe(demo.viewers);
  });
});
