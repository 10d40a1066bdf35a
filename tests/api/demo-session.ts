import { createSession } from '../../server/areas/account/session-service.ts';
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
