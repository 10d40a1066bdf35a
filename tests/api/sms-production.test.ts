import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smsMessages } from '../../server/areas/account/sms-code-service.ts';
import { demoLogins } from './demo-session.ts';
import { solveHumanCheck } from './human-check.ts';
import { startTestServer, type TestServer } from './test-server.ts';

describe('in production without an SMS provider', () => {
  let server: TestServer;
  const logged: string[] = [];
  const savedEnv = { ...process.env };
  beforeAll(async () => {
    for (const key of ['SMS_PROVIDER_URL', 'SMS_PROVIDER_KEY_ID', 'SMS_PROVIDER_SECRET']) delete process.env[key];
    server = await startTestServer({
      production: true,
      logger: { level: 'info', stream: { write: (line: string) => void logged.push(line) } },
    });
  });
  afterAll(async () => {
    await server.close();
    process.env = savedEnv;
  });

  it('says at start that SMS is not configured', () => {
    expect(logged.join('')).toContain('SMS is not configured');
  });

  it('refuses getCode with code 1 for every mobile alike, stores no code and logs none', async () => {
    const unknown = '86-13911112222';
    const ask = async (mobile: string, type: 1 | 2) =>
      server.call('POST', '/api/user/getCode', { mobile, type, altcha: await solveHumanCheck(server.baseUrl) });
    // A registered mobile is refused like an unknown one, so the refusal does not tell them apart.
    for (const [mobile, type] of [[unknown, 1], [unknown, 2], [demoLogins.viewer.mobile, 2]] as const) {
      expect(await ask(mobile, type)).toMatchObject({ code: 1, msg: smsMessages.notConfigured, data: null });
      const rows = await server.database.db.selectFrom('sms_codes').select('id').where('mobile', '=', mobile).execute();
      expect(rows).toHaveLength(0);
    }
    expect(logged.join('')).not.toMatch(/"code":"\d{6}"/);
  });

  it('serves no development inbox', async () => {
    const response = await fetch(new URL('/dev/sms', server.baseUrl));
    expect(response.status).toBe(404);
  });
});
