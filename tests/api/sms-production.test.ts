import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smsMessages } from '../../server/areas/account/sms-code-service.ts';
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

  it('refuses getCode with code 1, stores no code and logs none', async () => {
    const mobile = '86-13911112222';
    const answer = await server.call('POST', '/api/user/getCode', { mobile, type: 1 });
    expect(answer).toMatchObject({ code: 1, msg: smsMessages.notConfigured, data: null });
    const rows = await server.database.db.selectFrom('sms_codes').select('id').where('mobile', '=', mobile).execute();
    expect(rows).toHaveLength(0);
    expect(logged.join('')).not.toMatch(/"code":"\d{6}"/);
  });

  it('serves no development inbox', async () => {
    const response = await fetch(new URL('/dev/sms', server.baseUrl));
    expect(response.status).toBe(404);
  });
});
