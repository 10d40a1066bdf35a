// The server of the gift benchmarks (gift-bench.ts): the site on a freshly seeded database (PGlite in a data
// directory, or the PostgreSQL database GIFT_DATABASE_URL names), reporting over IPC where it listens, a room on
// air, and the senders: logged-in viewers, each topped up once through the ledger.
import { createSession } from '../../server/areas/account/session-service.ts';
import { book, moneyTransaction } from '../../server/areas/wallet/ledger.ts';
import { buildApp } from '../../server/app.ts';
import { openDatabase } from '../../server/db/database.ts';
import { migrate } from '../../server/db/migrate.ts';
import { seedWorld } from '../../server/seed/seed.ts';
import { maintainTables, startTableMaintenance } from '../../server/db/table-maintenance.ts';
import { messagingSigFor } from '../api/messaging-login.ts';

export interface GiftServerReady {
  type: 'ready';
  database: 'pglite' | 'postgres';
  port: number;
  room: { id: number; anchorId: number; groupID: string };
  giftId: number;
  senders: Array<{ id: number; token: string }>;
  /** A guest's messaging login for the room's viewers on `/im`. */
  viewer: { userID: string; userSig: string };
}

/** Each sender's top-up: more than any run of the benchmark spends. */
const openingDiamonds = 100_000;

const databaseUrl = process.env.GIFT_DATABASE_URL || undefined;
const database = await openDatabase(databaseUrl ? { url: databaseUrl } : { dataDir: process.env.GIFT_DATA_DIR });
await migrate(database);
await seedWorld(database, { now: new Date(), seed: 20261122 });
const app = await buildApp({ database, distDir: '/nonexistent', logger: { level: 'warn' }, rateLimits: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const server = app.serverContext;
const { db } = database;

const room = await db.selectFrom('live_rooms').select(['id', 'anchor_id']).where('status', '=', 'in_progress').orderBy('id').executeTakeFirstOrThrow();
const gift = await db.selectFrom('gifts').select('id').where('enabled', '=', true).where('price', '=', 1).orderBy('sort').executeTakeFirstOrThrow();
const senderCount = Number(process.env.SENDERS ?? 200);
const seeded = await db
  .selectFrom('users')
  .select('id')
  .where('is_anchor', '=', 0)
  .where('disabled_at', 'is', null)
  .orderBy('id')
  .limit(senderCount)
  .execute();
// The seeded world has fewer viewers than the benchmark's senders: the rest are made here (they log in by token only).
const made = [];
for (let index = seeded.length; index < senderCount; index++) {
  const suffix = String(index).padStart(5, '0');
  made.push(
    await db
      .insertInto('users')
      .values({ mobile: `86-139970${suffix}`, password_hash: 'scrypt$not-a-real-hash', user_nickname: `礼${suffix}`, avatar: '/media/avatars/1.svg', invite_code: `GB${suffix}` })
      .returning('id')
      .executeTakeFirstOrThrow(),
  );
}
const users = [...seeded, ...made];
const senders: GiftServerReady['senders'] = [];
for (const user of users) {
  const id = Number(user.id);
  await moneyTransaction(server, (trx) =>
    book(trx, server, {
      key: `gift-bench-opening:${String(id)}`,
      kind: 'opening',
      userId: id,
      postings: [
        { account: { system: 'system_opening' }, tenths: -openingDiamonds * 10 },
        { account: { user: id, kind: 'consumer' }, tenths: openingDiamonds * 10 },
      ],
    }),
  );
  senders.push({ id, token: await createSession(server, id, { deviceType: 'pc', ip: '127.0.0.1' }) });
}

// The tables analyzed as on a site that has been up a while (by its own maintenance on PGlite, by autovacuum on
// PostgreSQL), and the rounds going on while the benchmark runs, as on the site.
await maintainTables(database);
const maintenance = startTableMaintenance(database, app.log);

const ready: GiftServerReady = {
  type: 'ready',
  database: database.kind,
  port: typeof address === 'object' && address ? address.port : 0,
  room: { id: Number(room.id), anchorId: Number(room.anchor_id), groupID: `live${String(room.id)}` },
  giftId: Number(gift.id),
  senders,
  viewer: { userID: 'guest_gift_bench', userSig: await messagingSigFor(server, 'guest_gift_bench') },
};
process.send?.(ready);
process.on('message', (message: { type: string }) => {
  if (message.type === 'stop')
    void app
      .close()
      .then(() => maintenance?.stop())
      .then(() => database.close())
      .then(() => process.exit(0));
});
