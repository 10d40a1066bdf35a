// The server of the room chat benchmark (room-chat-bench.ts): the site on a freshly seeded in-memory database,
// reporting over IPC where it listens, a room on air, and signed messaging logins for the senders and members.
import { buildApp } from '../../server/app.ts';
import { openDatabase } from '../../server/db/database.ts';
import { migrate } from '../../server/db/migrate.ts';
import { seedWorld } from '../../server/seed/seed.ts';
import { messagingSigFor } from '../api/messaging-login.ts';

export interface RoomChatServerReady {
  type: 'ready';
  port: number;
  groupID: string;
  member: { userID: string; userSig: string };
  senders: Array<{ userID: string; userSig: string }>;
}

const database = await openDatabase({});
await migrate(database);
await seedWorld(database, { now: new Date(), seed: 20261122 });
const app = await buildApp({ database, distDir: '/nonexistent', logger: { level: 'warn' }, rateLimits: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const room = await database.db
  .selectFrom('live_rooms')
  .select('id')
  .where('status', '=', 'in_progress')
  .orderBy('id')
  .executeTakeFirstOrThrow();
const users = await database.db.selectFrom('users').select('id').where('is_anchor', '=', 0).orderBy('id').limit(Number(process.env.SENDERS ?? 20)).execute();
const server = app.serverContext;
const ready: RoomChatServerReady = {
  type: 'ready',
  port: typeof address === 'object' && address ? address.port : 0,
  groupID: `live${String(room.id)}`,
  member: { userID: 'guest_bench', userSig: await messagingSigFor(server, 'guest_bench') },
  senders: await Promise.all(users.map(async (user) => ({ userID: String(user.id), userSig: await messagingSigFor(server, String(user.id)) }))),
};
process.send?.(ready);
process.on('message', (message: { type: string }) => {
  if (message.type === 'stop') void app.close().then(() => database.close()).then(() => process.exit(0));
});
