import { randomBytes } from 'node:crypto';
import { createSession } from '../../server/areas/account/session-service.ts';
import { book } from '../../server/areas/wallet/ledger.ts';
import type { TestServer } from './test-server.ts';

/** The demo accounts of the seeded world (README.md lists them). */
export const demoLogins = {
  viewer: { mobile: '86-13800000001', password: 'pitchside1' },
  anchor: { mobile: '86-13800000002', password: 'pitchside2' },
  expert: { mobile: '86-13800000003', password: 'pitchside3' },
  admin: { mobile: '86-13800000004', password: 'pitchside4' },
} as const;

/** A token for a demo user, made by the session service itself (login by password is its own flow). */
export async function logIn(server: TestServer, login: { mobile: string }): Promise<string> {
  const user = await server.database.db
    .selectFrom('users')
    .select('id')
    .where('mobile', '=', login.mobile)
    .executeTakeFirstOrThrow();
  return createSession(server.app.serverContext, Number(user.id), { deviceType: 'pc', ip: '127.0.0.1' });
}

/** A user made for one test (no history of any kind), logged in. Its password is not a real hash: it logs in by token only. */
export async function createLoggedInUser(
  server: TestServer,
  user: { mobile: string; nickname: string; invitePrefix: string },
): Promise<{ id: number; token: string }> {
  const row = await server.database.db
    .insertInto('users')
    .values({
      mobile: user.mobile,
      password_hash: 'scrypt$not-a-real-hash',
      user_nickname: user.nickname,
      avatar: '/media/avatars/1.svg',
      invite_code: `${user.invitePrefix}${randomBytes(3).toString('hex').toUpperCase()}`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const id = Number(row.id);
  return { id, token: await createSession(server.app.serverContext, id, { deviceType: 'pc', ip: '127.0.0.1' }) };
}

/**
 * Puts money in a user's wallet the way the seed opens wallets: an opening transaction through the ledger,
 * from the system's opening account of that currency (diamonds for the consumer and income wallets).
 */
export async function openWallet(server: TestServer, userId: number, kind: 'consumer' | 'income' | 'coins', amount: number): Promise<void> {
  const tenths = Math.round(amount * 10);
  await server.database.db.transaction().execute((trx) =>
    book(trx, server.app.serverContext, {
      key: `test-opening:${kind}:${userId}:${randomBytes(12).toString('hex')}`,
      kind: 'opening',
      userId,
      postings: [
        { account: { system: kind === 'coins' ? 'system_opening_coins' : 'system_opening' }, tenths: -tenths },
        { account: { user: userId, kind }, tenths },
      ],
    }),
  );
}

/** The seeded demo anchor, logged in, with the id of their room. */
export async function demoAnchorInRoom(server: TestServer): Promise<{ id: number; token: string; roomId: number }> {
  const row = await server.database.db
    .selectFrom('users')
    .innerJoin('live_rooms', 'live_rooms.anchor_id', 'users.id')
    .select(['users.id', 'live_rooms.id as room_id'])
    .where('users.mobile', '=', demoLogins.anchor.mobile)
    .executeTakeFirstOrThrow();
  return { id: Number(row.id), roomId: Number(row.room_id), token: await logIn(server, demoLogins.anchor) };
}
