import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiMessages } from '../../server/site/api-routes.ts';
import { createSession } from '../../server/areas/account/session-service.ts';
import { fuzzedOperations } from './contract-fuzz.ts';
import { demoLogins } from './demo-session.ts';
import { resolverFor, sampleObject } from './sample-input.ts';
import { loadContract } from '../../server/contract/contract.ts';
import { startTestServer, type TestServer } from './test-server.ts';

const resolve = resolverFor(loadContract().document);
type Role = 'guest' | 'viewer' | 'anchor' | 'expert' | 'admin';
const roles: Role[] = ['guest', 'viewer', 'anchor', 'expert', 'admin'];
const userManagement = new Set(['/api/admin/setUserBan', '/api/admin/setUserMute', '/api/admin/setUserRoles', '/api/admin/resetPassword']);
// Calls open to guests that need a login for some inputs: without `uid`, a user's posts are the caller's own.
const loginForSomeInputs = new Set(['/api/Video/userPostList']);

// Every implemented call as each role: a call that needs a login refuses a guest with 700; a call of a role
// (x-role) refuses everyone without it with 'Permission denied'; every other caller gets past both checks.
// The matrix's other dimension, another user's things, is ownership-probes.test.ts.
describe('the role matrix of the contract', () => {
  let server: TestServer;
  const userIds: Partial<Record<Role, number>> = {};
  let managers = new Set<number>();
  // The admin's user management (ban, roles, password) is tried on a seeded user outside the matrix, so a
  // sampled id never bans or demotes one of the roles whose cases follow.
  let bystander = 0;

  beforeAll(async () => {
    server = await startTestServer();
    for (const role of ['viewer', 'anchor', 'expert', 'admin'] as const) {
      const user = await server.database.db.selectFrom('users').select('id').where('mobile', '=', demoLogins[role].mobile).executeTakeFirstOrThrow();
      userIds[role] = Number(user.id);
    }
    managers = new Set((await server.database.db.selectFrom('room_managers').select('user_id').execute()).map((row) => Number(row.user_id)));
    const outside = await server.database.db
      .selectFrom('users')
      .select('id')
      .where('id', 'not in', Object.values(userIds))
      .orderBy('id')
      .executeTakeFirstOrThrow();
    bystander = Number(outside.id);
  });
  afterAll(() => server.close());

  /** Whether the contract lets the role in (api-routes' hasRole, read from the demo users' flags). */
  function allowed(role: Role, operationRole: string | undefined): boolean {
    if (!operationRole || role === 'admin') return true;
    if (operationRole === 'manager') return role === 'anchor' || managers.has(userIds[role as Exclude<Role, 'guest'>] ?? -1);
    return role === operationRole;
  }

  const cases = fuzzedOperations.flatMap((operation) => roles.map((role) => [`${role} ${operation.method.toUpperCase()} ${operation.path}`, operation, role] as const));

  it.each(cases)('%s', async (_name, operation, role) => {
    // A session of its own for each call, so a sign-out or a login elsewhere ends no other case's.
    const token = role === 'guest' ? undefined : await createSession(server.app.serverContext, userIds[role]!, { deviceType: 'h5', ip: '127.0.0.1' });
    const sampled = operation.bodyKind === 'multipart' ? {} : sampleObject(operation.inputSchema ?? { type: 'object' }, resolve);
    const input = userManagement.has(operation.path) ? { ...sampled, user_id: bystander } : sampled;
    const answer = await server.call(operation.method === 'get' ? 'GET' : 'POST', operation.path, input, {
      ...(token ? { token } : {}),
      'idempotency-key': 'role-matrix-key-1',
    });
    expect(answer.status).toBeLessThan(500);
    if (role === 'guest' && (operation.requiresLogin || loginForSomeInputs.has(operation.path))) {
      expect(answer.code).toBe(700);
      return;
    }
    if (role !== 'guest' && !allowed(role, operation.role)) {
      expect(answer).toMatchObject({ code: 1, msg: apiMessages.permissionDenied, data: null });
      return;
    }
    expect(answer.code).not.toBe(700);
    expect(answer.msg).not.toBe(apiMessages.permissionDenied);
  });
});
