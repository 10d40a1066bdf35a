import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGroup } from '../../server/areas/chat/group-service.ts';
import { refundExpiredEnvelopes, shareTenths } from '../../server/areas/chat/red-envelope-service.ts';
import { createLoggedInUser, demoLogins, logIn } from './demo-session.ts';
import { startTestServer, type TestServer } from './test-server.ts';

// Red envelopes through the ledger: the total held from the sender at once, each share opened once,
// concurrent openers never overrun the shares, the rest back to the sender after 24 hours.
describe('red envelopes', () => {
  let server: TestServer;
  let senderToken: string;
  let senderId: number;
  const openers: { id: number; token: string }[] = [];

  beforeAll(async () => {
    server = await startTestServer();
    senderToken = await logIn(server, demoLogins.viewer);
    senderId = Number(
      (await server.database.db.selectFrom('users').select('id').where('mobile', '=', demoLogins.viewer.mobile).executeTakeFirstOrThrow()).id,
    );
    for (let index = 0; index < 50; index += 1) {
      openers.push(await createLoggedInUser(server, { mobile: `86-1990000${String(index).padStart(4, '0')}`, nickname: `抢红包${String(index)}`, invitePrefix: 'RE' }));
    }
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });

  const post = async (path: string, token: string, body: unknown, key?: string) => {
    const response = await server.app.inject({
      method: 'POST',
      url: `/api/${path}`,
      headers: { token, ...(key ? { 'idempotency-key': key } : {}) },
      payload: body as Record<string, unknown>,
    });
    return response.json<{ code: number; msg: string; data: Record<string, unknown> & { red_envelope?: { id: number } } }>();
  };
  const balanceOf = async (userId: number) =>
    Number(
      (await server.database.db.selectFrom('wallet_accounts').select('balance').where('owner_id', '=', userId).where('kind', '=', 'consumer').executeTakeFirstOrThrow())
        .balance,
    );

  it('splits lucky shares of at least one tenth that add up, the last taking the rest', () => {
    let left = 100;
    const shares: number[] = [];
    for (let count = 10; count > 0; count -= 1) {
      const share = shareTenths('lucky', left, count);
      expect(share).toBeGreaterThanOrEqual(1);
      expect(left - share).toBeGreaterThanOrEqual(count - 1);
      shares.push(share);
      left -= share;
    }
    expect(shares.reduce((sum, share) => sum + share, 0)).toBe(100);
    expect(shareTenths('equal', 100, 3)).toBe(33);
  });

  it('50 openers at once of a 10-share envelope: exactly 10 get a share, and the money balances', async () => {
    const group = await createGroup(server.app.serverContext, senderId, { name: '红包群', member_ids: openers.map((opener) => opener.id) });
    const before = await balanceOf(senderId);
    const sent = await post('Redenvelope/insert', senderToken, { group_id: group.id, total_amount: 10, count: 10, kind: 'lucky' }, 'red-envelope-50');
    expect(sent.code, sent.msg).toBe(0);
    expect(await balanceOf(senderId)).toBeCloseTo(before - 10, 5);
    const redId = sent.data.red_envelope!.id;
    const answers = await Promise.all(openers.map((opener, index) => post('Redenvelope/receiveRed', opener.token, { red_id: redId }, `open-key-${String(index)}`)));
    const won = answers.filter((answer) => answer.code === 0);
    expect(won).toHaveLength(10);
    const total = won.reduce((sum, answer) => sum + Number(answer.data.amount), 0);
    expect(Math.round(total * 10)).toBe(100);
    const detail = await post('Redenvelope/getRedInfo', senderToken, { red_id: redId });
    expect(detail.data).toMatchObject({ status: 'finished', remaining_count: 0, remaining_amount: 0 });
    expect(detail.data.shares).toHaveLength(10);
    // Opening again answers the same (the Idempotency-Key) or is refused; no second share.
    const again = await post('Redenvelope/receiveRed', openers[0]!.token, { red_id: redId }, 'open-again');
    expect(again.code).toBe(1);
  });

  it('holds the total from the sender and refunds the rest after 24 hours', async () => {
    const [receiver] = openers;
    const before = await balanceOf(senderId);
    const sent = await post('Redenvelope/insert', senderToken, { to_uid: receiver!.id, total_amount: 5, count: 1, kind: 'equal' }, 'red-c2c-key');
    expect(sent.code, sent.msg).toBe(0);
    expect(await balanceOf(senderId)).toBeCloseTo(before - 5, 5);
    // Someone outside it cannot see or open it.
    expect((await post('Redenvelope/receiveRed', openers[1]!.token, { red_id: sent.data.red_envelope!.id }, 'outsider-key')).code).toBe(1);
    await server.database.db
      .updateTable('red_envelopes')
      .set({ expires_at: new Date(Date.now() - 1000), created_at: new Date(Date.now() - 2000) })
      .where('id', '=', sent.data.red_envelope!.id)
      .execute();
    expect(await refundExpiredEnvelopes(server.app.serverContext)).toBeGreaterThanOrEqual(1);
    expect(await balanceOf(senderId)).toBeCloseTo(before, 5);
    const late = await post('Redenvelope/receiveRed', receiver!.token, { red_id: sent.data.red_envelope!.id }, 'late-open');
    expect(late.code).toBe(1);
    expect((await post('Redenvelope/getRedInfo', receiver!.token, { red_id: sent.data.red_envelope!.id })).data).toMatchObject({ status: 'expired' });
  });

  it('refuses more than the wallet holds', async () => {
    const poor = openers[49]!;
    const answer = await post('Redenvelope/insert', poor.token, { to_uid: senderId, total_amount: 20000, count: 1 }, 'too-much');
    expect(answer.code).toBe(1);
  });
});
