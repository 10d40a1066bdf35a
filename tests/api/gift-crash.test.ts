import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../free-port.ts';
import { exited, killLeftover, prepareSiteData, startSite, waitForSite, type SiteData } from './crashable-site.ts';
import { demoLogins } from './demo-session.ts';
import { solveHumanCheck } from './human-check.ts';
import { expectLedgerSound } from './ledger-invariants.ts';

// The real server process (server/main.ts) is killed with SIGKILL while members send gifts,
// then started again on the same database. Every gift it answered with code 0 must be there, whole,
// and the ledger must still balance.

/** The storm goes on until this many gifts were acknowledged, then the server is killed. */
const ackedBeforeKill = 150;
const lanesPerSender = 6;

interface Sender {
  id: number;
  token: string;
}
interface Outcome {
  sender: Sender;
  key: string;
  /** acked: answered code 0; refused: answered another code; cut: no answer (the process died). */
  status: 'acked' | 'refused' | 'cut';
  answer?: unknown;
}

const siteSettings = {
  FEED: 'off',
  // The members speak from many addresses (X-Forwarded-For), so the per-address gift limit does not cut the storm short.
  TRUST_PROXY: '127.0.0.1',
};
const readsGifts = { path: '/api/Gift/getList' };

let addressCount = 0;
/** A new client address for each call (see TRUST_PROXY above). */
const newAddress = () => {
  addressCount += 1;
  return `10.13.${String(Math.floor(addressCount / 250) % 250)}.${String((addressCount % 250) + 1)}`;
};

describe('a gift storm cut by kill -9 of the server', () => {
  let data: SiteData;
  let site: ChildProcess | undefined;
  let anchor: { id: number; roomId: number };

  beforeAll(async () => {
    data = await prepareSiteData('crash');
    const database = await data.open();
    const anchorRow = await database.db.selectFrom('users').select('id').where('mobile', '=', demoLogins.anchor.mobile).executeTakeFirstOrThrow();
    const room = await database.db.selectFrom('live_rooms').select('id').where('anchor_id', '=', anchorRow.id).executeTakeFirstOrThrow();
    anchor = { id: Number(anchorRow.id), roomId: Number(room.id) };
    await database.close();
  });
  afterAll(async () => {
    await killLeftover(site);
    await data.dispose();
  });

  it('keeps every acknowledged gift, whole, and the ledger balanced', { timeout: 90_000 }, async () => {
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${String(port)}`;
    site = startSite(data, port, siteSettings);
    await waitForSite(baseUrl, site, readsGifts);

    const senders: Sender[] = await Promise.all(
      [demoLogins.viewer, demoLogins.expert, demoLogins.admin].map(async (login) => {
        const response = await fetch(`${baseUrl}/api/user/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': newAddress() },
          body: JSON.stringify({ ...login, device_type: 'pc', altcha: await solveHumanCheck(baseUrl) }),
        });
        const envelope = (await response.json()) as { code: number; msg: string; data: { id: number; token: string } };
        expect(envelope, envelope.msg).toMatchObject({ code: 0 });
        return { id: Number(envelope.data.id), token: envelope.data.token };
      }),
    );
    // Each sender tops up once through the sandbox checkout, so none starts the storm without diamonds.
    for (const sender of senders) {
      const headers = { token: sender.token, 'x-forwarded-for': newAddress() };
      const rules = (await (await fetch(`${baseUrl}/api/chargerules/getList`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: '{}' })).json()) as {
        data: Array<{ id: number }>;
      };
      const channels = (await (await fetch(`${baseUrl}/api/pay/getPayChannelList`, { headers })).json()) as { data: Array<{ id: number }> };
      const order = (await (
        await fetch(`${baseUrl}/api/chargerules/payUrl?rule_id=${String(rules.data[0]!.id)}&channel_id=${String(channels.data[0]!.id)}`, {
          headers: { ...headers, 'idempotency-key': `crash-topup-${String(sender.id)}` },
        })
      ).json()) as { code: number; data: { order_no: string } };
      expect(order.code).toBe(0);
      const paid = await fetch(`${baseUrl}/pay/sandbox`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ order: order.data.order_no, lang: 'en', action: 'pay' }).toString(),
      });
      expect(await paid.text()).toContain('Payment complete');
    }
    const gifts = (await (await fetch(`${baseUrl}/api/Gift/getList`)).json()) as { data: Array<{ id: number; price: number }> };
    // The cheapest gift, so even the demo expert's 100 diamonds outlast the storm.
    const gift = gifts.data.reduce((cheapest, candidate) => (candidate.price < cheapest.price ? candidate : cheapest));
    const query = (count: number) =>
      new URLSearchParams({ anchor_uid: String(anchor.id), room_id: String(anchor.roomId), gift_id: String(gift.id), count: String(count) });
    const sendGift = async (sender: Sender, key: string, count: number) => {
      const response = await fetch(`${baseUrl}/api/member/handselGift?${query(count).toString()}`, {
        headers: { token: sender.token, 'idempotency-key': key, 'x-forwarded-for': newAddress(), lang: 'en' },
      });
      return (await response.json()) as { code: number; msg: string; data: unknown };
    };

    const outcomes: Outcome[] = [];
    let acked = 0;
    let killed = false;
    const crashing = site;
    const lane = async (sender: Sender) => {
      while (!killed) {
        const outcome: Outcome = { sender, key: `crash-${randomBytes(9).toString('hex')}`, status: 'cut' };
        outcomes.push(outcome);
        try {
          const envelope = await sendGift(sender, outcome.key, 1);
          outcome.status = envelope.code === 0 ? 'acked' : 'refused';
          outcome.answer = envelope.code === 0 ? envelope.data : envelope.msg;
        } catch {
          // The connection died with the process: this gift may or may not have been made.
          continue;
        }
        if (outcome.status === 'acked' && ++acked === ackedBeforeKill) {
          killed = true;
          crashing.kill('SIGKILL');
        }
      }
    };
    await Promise.all(senders.flatMap((sender) => Array.from({ length: lanesPerSender }, () => lane(sender))));
    await exited(crashing);
    expect(crashing.signalCode).toBe('SIGKILL');

    const ackedOutcomes = outcomes.filter((outcome) => outcome.status === 'acked');
    const cut = outcomes.filter((outcome) => outcome.status === 'cut');
    expect(outcomes.filter((outcome) => outcome.status === 'refused').map((outcome) => outcome.answer)).toEqual([]);
    // Answers already on their way when the process died still count: they were acknowledged.
    expect(ackedOutcomes.length).toBeGreaterThanOrEqual(ackedBeforeKill);
    // Gifts were in flight when the process died: the crash fell in the middle of the storm.
    expect(cut.length).toBeGreaterThan(0);

    site = startSite(data, port, siteSettings);
    await waitForSite(baseUrl, site, readsGifts);
    // Every acknowledged gift's key is on record: asked again with another count, it is refused. (Asked first
    // with its own count, a lost gift would be made afresh and hide its loss.)
    const probes = await Promise.all(ackedOutcomes.map((outcome) => sendGift(outcome.sender, outcome.key, 2)));
    expect(probes.map((probe) => probe.msg)).toEqual(ackedOutcomes.map(() => 'This Idempotency-Key was already used with other parameters'));
    // Asked again as it was, it answers what it answered the first time, and makes no second gift.
    const replays = await Promise.all(ackedOutcomes.map((outcome) => sendGift(outcome.sender, outcome.key, 1)));
    expect(replays.map((replay) => replay.data)).toEqual(ackedOutcomes.map((outcome) => outcome.answer));
    site.kill('SIGTERM');
    await exited(site);
    site = undefined;

    const database = await data.open();
    try {
      const { db } = database;
      const claimed = await db
        .selectFrom('idempotent_requests')
        .select(['user_id', 'idempotency_key', 'answer'])
        .where('operation', '=', 'memberHandselGift')
        .where('idempotency_key', 'like', 'crash-%')
        .execute();
      const booked = await db
        .selectFrom('ledger_transactions')
        .innerJoin('gift_records', 'gift_records.transaction_id', 'ledger_transactions.id')
        .select(['ledger_transactions.idempotency_key', 'gift_records.quantity', 'gift_records.anchor_id'])
        .where('ledger_transactions.kind', '=', 'gift')
        .where('ledger_transactions.idempotency_key', 'like', 'gift:%:crash-%')
        .execute();
      const claimedKeys = new Set(claimed.map((row) => `gift:${String(row.user_id)}:${row.idempotency_key}`));
      const bookedKeys = new Set(booked.map((row) => row.idempotency_key));
      for (const outcome of ackedOutcomes) {
        expect(claimedKeys.has(`gift:${String(outcome.sender.id)}:${outcome.key}`), `acknowledged gift ${outcome.key} kept its key`).toBe(true);
        expect(bookedKeys.has(`gift:${String(outcome.sender.id)}:${outcome.key}`), `acknowledged gift ${outcome.key} is in the ledger`).toBe(true);
      }
      // A gift cut by the crash is there whole or not at all: a key is claimed exactly when its gift is booked and recorded.
      expect([...claimedKeys].sort()).toEqual([...bookedKeys].sort());
      expect(claimed.every((row) => row.answer !== null)).toBe(true);
      expect(booked.every((row) => row.quantity === 1 && Number(row.anchor_id) === anchor.id)).toBe(true);
      expect(bookedKeys.size).toBeGreaterThanOrEqual(ackedOutcomes.length);
      expect(bookedKeys.size).toBeLessThanOrEqual(ackedOutcomes.length + cut.length);
      await expectLedgerSound({ database });
    } finally {
      await database.close();
    }
  });
});
