import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { openTemplateCopy } from '../../../tests/api/database-template.ts';
import { buildApp } from '../../app.ts';
import type { DatabaseHandle } from '../../db/database.ts';
import type { ServerContext } from '../../ports/server-context.ts';
import { openSession } from './login-service.ts';
import { createSession, forgetSessions, resolveSession } from './session-service.ts';

describe('sessions opened at login', () => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let server: ServerContext;
  let userId: number;

  beforeAll(async () => {
    database = await openTemplateCopy(inject('databaseTemplate'));
    app = await buildApp({ database, distDir: '/nonexistent' });
    server = app.serverContext;
    const user = await database.db.selectFrom('users').select('id').where('mobile', '=', '86-13800000001').executeTakeFirstOrThrow();
    userId = user.id;
  }, 60_000); // copying the seeded world can take a while on a busy machine
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const status = async (token: string) => (await resolveSession(server, token)).status;

  it('ends older sessions of the same device type as elsewhere, keeps other device types and the one asked', async () => {
    const olderPc = await createSession(server, userId, { deviceType: 'pc', ip: '192.0.2.1' });
    const confirming = await createSession(server, userId, { deviceType: 'pc', ip: '192.0.2.2' });
    const phone = await createSession(server, userId, { deviceType: 'h5', ip: '192.0.2.3' });
    const confirmingId = await sessionId(confirming);
    const token = await openSession(database.db, server, userId, { deviceType: 'pc', ip: '192.0.2.4', keepSessionId: confirmingId });
    forgetSessions(server);
    expect(await status(olderPc)).toBe('elsewhere');
    expect(await status(confirming)).toBe('ok');
    expect(await status(phone)).toBe('ok');
    expect(await status(token)).toBe('ok');
    const row = await database.db
      .selectFrom('sessions')
      .select(['ip', 'device_type', 'revoked_at'])
      .where('id', '=', await sessionId(token))
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ ip: '192.0.2.4', device_type: 'pc', revoked_at: null });
  });

  async function sessionId(token: string): Promise<number> {
    const lookup = await resolveSession(server, token);
    if (lookup.status !== 'ok') throw new Error(lookup.status);
    return lookup.user.sessionId;
  }
});
