import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../server/areas/account/session-service.ts';
import { ImClient } from '../../server/realtime/im-test-client.ts';
import { ResultCode } from '../../server/errors.ts';
import { databaseDigest } from './contract-fuzz.ts';
import { createLoggedInUser, demoLogins, openWallet } from './demo-session.ts';
import { messagingSigFor } from './messaging-login.ts';
import { greyPng } from './test-pictures.ts';
import { startTestServer, type TestServer } from './test-server.ts';

// The role matrix's other dimension: every call that acts on something with an owner, tried by another user of the
// same standing on the owner's thing. Each is refused in the envelope and writes nothing, or, where the contract
// answers the caller about their own things whatever id is sent, writes nothing and shows none of the owner's.

interface Person {
  id: number;
  token: string;
}

/** Who the probes act on and with: an owner and a stranger of each standing. */
interface World {
  server: TestServer;
  /** An ordinary user whose things are probed, with diamonds to send envelopes. */
  owner: Person;
  /** Another ordinary user: the prober of an ordinary user's things. */
  stranger: Person;
  /** A third user an owner's one-to-one things are meant for. */
  recipient: Person;
  /** The demo anchor and its room: the owner of room things. */
  anchor: Person & { roomId: number };
  /** Another anchor with a room of its own: the prober of room things (a viewer is refused by role already). */
  rival: Person & { roomId: number };
  /** A picture the given person uploaded, by its site path. */
  uploadedBy(person: Person, purpose: string): Promise<string>;
}

interface OwnershipProbe {
  /** What the prober tries. */
  name: string;
  method: 'GET' | 'POST';
  path: string;
  /** Who probes: the stranger (an ordinary user) or the rival anchor. */
  prober: 'stranger' | 'rival';
  /**
   * Who may make the same call with the same input, and does after the probe, so a refusal is shown to be about
   * who asked. Left out where the owner's own call is refused for another reason (a job not failed, an upload cut).
   */
  control?: 'owner' | 'recipient' | 'anchor';
  /** The refusal's text where no control can show the refusal is the owner's. */
  refusal?: string;
  /** Makes the owner's thing and gives the call's input naming it. */
  input(world: World): Promise<Record<string, unknown>>;
  /**
   * refused (the default): an error in the envelope. ownAnswer: the call answers about the prober's own things
   * whatever is named, so it may succeed, but shows none of the texts `hidden` gives.
   */
  outcome?: 'refused' | 'ownAnswer';
  hidden?: (world: World, input: Record<string, unknown>) => Promise<string[]>;
  /**
   * For a call that rightly writes the prober's own things (its own room's title): what of the owner's must stay as
   * it was, checked instead of the whole database.
   */
  ownersPart?: (world: World) => Promise<unknown>;
}

const marker = () => `owned-${randomBytes(4).toString('hex')}`;

/** A seeded video, given to the owner. */
async function videoOf(world: World): Promise<number> {
  const { db } = world.server.database;
  const row = await db.selectFrom('videos').select('id').where('user_id', '!=', world.owner.id).where('deleted_at', 'is', null).orderBy('id').executeTakeFirstOrThrow();
  await db.updateTable('videos').set({ user_id: world.owner.id }).where('id', '=', row.id).execute();
  return Number(row.id);
}

/** A video of the owner's whose transcoding failed. */
async function failedTranscodeOf(world: World): Promise<number> {
  const videoId = await videoOf(world);
  await world.server.database.db.insertInto('video_transcode_jobs').values({ video_id: videoId, status: 'failed', reason: 'probe', attempts: 3 }).execute();
  return videoId;
}

/** A group of the owner's with the recipient in it (the stranger is not, unless `withStranger`). */
async function groupOf(world: World, withStranger = false): Promise<number> {
  const members = [world.recipient.id, ...(withStranger ? [world.stranger.id] : [])];
  const made = await world.server.call<{ group_id?: number; id?: number }>('POST', '/api/group/addgroup', { name: marker(), member_ids: members }, { token: world.owner.token });
  expect(made.code, made.msg).toBe(ResultCode.ok);
  return Number(made.data.group_id ?? made.data.id);
}

async function envelope(world: World, to: { to_uid: number } | { group_id: number }): Promise<number> {
  const sent = await world.server.call<{ red_envelope: { id: number } }>(
    'POST',
    '/api/Redenvelope/insert',
    { ...to, total_amount: 3, count: 1, kind: 'equal', greeting: marker() },
    { token: world.owner.token, 'idempotency-key': `probe-${marker()}` },
  );
  expect(sent.code, sent.msg).toBe(ResultCode.ok);
  return sent.data.red_envelope.id;
}

/** A room mute the anchor gave the recipient. */
async function mutedInAnchorRoom(world: World): Promise<number> {
  const muted = await world.server.call('POST', '/api/Live/setTaboo', { room_id: world.anchor.roomId, uid: world.recipient.id, duration: 600, reason: marker() }, { token: world.anchor.token });
  expect(muted.code, muted.msg).toBe(ResultCode.ok);
  return world.recipient.id;
}

const probes: OwnershipProbe[] = [
  { name: "deletes another user's video", method: 'POST', path: '/api/Video_user/delete', prober: 'stranger', control: 'owner', input: async (w) => ({ video_id: await videoOf(w) }) },
  { name: "reads another user's transcoding job", method: 'GET', path: '/api/Video_user/transcodeJob', prober: 'stranger', control: 'owner', input: async (w) => ({ video_id: await failedTranscodeOf(w) }) },
  { name: "retries another user's transcoding", method: 'POST', path: '/api/Video_user/retryTranscode', prober: 'stranger', control: 'owner', input: async (w) => ({ video_id: await failedTranscodeOf(w) }) },
  {
    name: "makes a video of another user's resumable upload",
    method: 'POST',
    path: '/api/Video_user/insertUpload',
    prober: 'stranger',
    // The owner's own upload, cut short here, would be refused as not whole: the stranger is told it is not there.
    refusal: 'This video does not exist or has been deleted',
    input: async (w) => {
      const id = randomBytes(16).toString('hex');
      await w.server.database.db
        .insertInto('video_tus_uploads')
        .values({ id, user_id: w.owner.id, length: 1024, expires_at: new Date(Date.now() + 86_400_000) })
        .execute();
      return { upload_id: id, title: marker(), category_id: 1 };
    },
  },
  {
    name: "deletes another user's circle post",
    method: 'POST',
    path: '/api/anchor_dynamics/deletePost',
    prober: 'stranger',
    control: 'owner',
    input: async (w) => {
      const { db } = w.server.database;
      const post = await db.selectFrom('circle_posts').select('id').where('user_id', '!=', w.owner.id).where('deleted_at', 'is', null).orderBy('id').executeTakeFirstOrThrow();
      await db.updateTable('circle_posts').set({ user_id: w.owner.id }).where('id', '=', post.id).execute();
      return { id: Number(post.id) };
    },
  },
  { name: "dissolves another user's group as a plain member", method: 'POST', path: '/api/group/destroyGroupNew', prober: 'stranger', control: 'owner', input: async (w) => ({ group_id: await groupOf(w, true) }) },
  { name: "adds people to a group one is not in", method: 'POST', path: '/api/group/addGroupUser', prober: 'stranger', control: 'owner', input: async (w) => ({ group_id: await groupOf(w), member_ids: [w.stranger.id] }) },
  { name: "reads the members of a group one is not in", method: 'POST', path: '/api/group/groupMembers', prober: 'stranger', control: 'recipient', input: async (w) => ({ group_id: await groupOf(w) }) },
  { name: "quits a group one is not in", method: 'POST', path: '/api/group/quitGroup', prober: 'stranger', control: 'recipient', input: async (w) => ({ group_id: await groupOf(w) }) },
  {
    name: 'opens a one-to-one red envelope meant for someone else',
    method: 'POST',
    path: '/api/Redenvelope/receiveRed',
    prober: 'stranger',
    control: 'recipient',
    input: async (w) => ({ red_id: await envelope(w, { to_uid: w.recipient.id }) }),
  },
  {
    name: "opens a red envelope of a group one is not in",
    method: 'POST',
    path: '/api/Redenvelope/receiveRed',
    prober: 'stranger',
    control: 'recipient',
    input: async (w) => ({ red_id: await envelope(w, { group_id: await groupOf(w) }) }),
  },
  {
    name: 'reads a one-to-one red envelope meant for someone else',
    method: 'POST',
    path: '/api/Redenvelope/getRedInfo',
    prober: 'stranger',
    control: 'recipient',
    input: async (w) => ({ red_id: await envelope(w, { to_uid: w.recipient.id }) }),
  },
  {
    name: "marks another user's notice read",
    method: 'POST',
    path: '/api/Push/read',
    prober: 'stranger',
    outcome: 'ownAnswer',
    input: async (w) => {
      const notice = await w.server.database.db
        .insertInto('push_notices')
        .values({ kind: 'system', user_id: w.owner.id, title: marker(), content: marker() })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { id: Number(notice.id) };
    },
  },
  {
    name: "deletes another anchor's scheduled broadcast",
    method: 'GET',
    path: '/api/live/deleteReserveLive',
    prober: 'rival',
    control: 'anchor',
    input: async (w) => {
      const match = await w.server.database.db.selectFrom('matches').select('id').where('status', '=', 'not_started').orderBy('start_time', 'desc').executeTakeFirstOrThrow();
      const start = Math.floor(w.server.app.serverContext.clock.now().getTime() / 1000) + 7200;
      const made = await w.server.call<{ id: number }>('POST', '/api/Live/setReserveLiveNew', { match_id: match.id, start_time: start }, { token: w.anchor.token });
      expect(made.code, made.msg).toBe(ResultCode.ok);
      return { id: made.data.id };
    },
  },
  {
    name: "shows or hides another anchor's fan group in its room",
    method: 'POST',
    path: '/api/live/addshowGroup',
    prober: 'rival',
    control: 'anchor',
    input: async (w) => {
      const group = await w.server.database.db.selectFrom('chat_groups').select(['id', 'is_shown']).where('room_id', '=', w.anchor.roomId).executeTakeFirstOrThrow();
      return { group_id: Number(group.id), is_show: group.is_shown ? 0 : 1 };
    },
  },
  { name: "mutes someone in another anchor's room", method: 'POST', path: '/api/Live/setTaboo', prober: 'rival', control: 'anchor', input: async (w) => ({ room_id: w.anchor.roomId, uid: w.recipient.id, duration: 600, reason: marker() }) },
  { name: "kicks someone out of another anchor's room", method: 'POST', path: '/api/live/liveKickout', prober: 'rival', control: 'anchor', input: async (w) => ({ room_id: w.anchor.roomId, uid: w.recipient.id, duration: 600, reason: marker() }) },
  { name: "sets another anchor's chat rules", method: 'POST', path: '/api/live/setChatRules', prober: 'rival', control: 'anchor', input: async (w) => ({ room_id: w.anchor.roomId, slow_seconds: 30 }) },
  { name: "lifts a mute in another anchor's room", method: 'POST', path: '/api/RoomManage/relieveTaboo', prober: 'rival', control: 'anchor', input: async (w) => ({ room_id: w.anchor.roomId, uid: await mutedInAnchorRoom(w) }) },
  { name: "takes another anchor's uploaded cover for its room", method: 'GET', path: '/api/live/updateLive', prober: 'rival', control: 'anchor', input: async (w) => ({ cover: await w.uploadedBy(w.anchor, 'cover') }) },
  {
    name: "takes another user's uploaded picture as an article cover",
    method: 'GET',
    path: '/api/Headlines_user/insert',
    prober: 'stranger',
    control: 'owner',
    input: async (w) => {
      const category = await w.server.database.db.selectFrom('headline_categories').select('id').orderBy('id').executeTakeFirstOrThrow();
      return { title: marker(), content: `${marker()} ${'text '.repeat(20)}`, classify_id: Number(category.id), cover: await w.uploadedBy(w.owner, 'headline') };
    },
  },
  { name: "takes another user's uploaded picture as its avatar", method: 'POST', path: '/api/member/updateInfo', prober: 'stranger', control: 'owner', input: async (w) => ({ avatar: await w.uploadedBy(w.owner, 'avatar') }) },
  ...(['/api/Bank_card/getInfo', '/api/Bank_card/getAliPayInfo'] as const).map(
    (path): OwnershipProbe => ({
      name: `reads another user's payout account by naming them (${path.split('/').pop()!})`,
      method: 'GET',
      path,
      prober: 'stranger',
      outcome: 'ownAnswer',
      input: async (w) => ({ uid: w.owner.id, user_id: w.owner.id }),
      hidden: async () => [cardNumber, alipayAccount],
    }),
  ),
  {
    name: "reads another user's withdrawals by naming them",
    method: 'GET',
    path: '/api/Balance/withdrawalList',
    prober: 'stranger',
    outcome: 'ownAnswer',
    input: async (w) => ({ uid: w.owner.id, user_id: w.owner.id }),
    hidden: async () => [cardNumber],
  },
  {
    name: "reads another user's orders by naming them",
    method: 'GET',
    path: '/api/Order/getList',
    prober: 'stranger',
    outcome: 'ownAnswer',
    input: async (w) => ({ uid: w.owner.id, user_id: w.owner.id }),
    hidden: async () => [envelopeGreeting],
  },
  {
    name: "reads a paid plan's analysis without buying it",
    method: 'GET',
    path: '/api/expert/planDetail',
    prober: 'stranger',
    outcome: 'ownAnswer',
    input: async (w) => {
      const { db } = w.server.database;
      const plan = await db.selectFrom('expert_plans').select('id').where('settled_at', 'is', null).where('price', '>', 0).orderBy('id').executeTakeFirstOrThrow();
      // The teaser is the analysis's beginning: what a buyer pays for is its end.
      await db.updateTable('expert_plans').set({ analysis: `${'开头是预告。'.repeat(60)}${planAnalysis}` }).where('id', '=', plan.id).execute();
      return { id: Number(plan.id) };
    },
    hidden: async () => [planAnalysis],
  },
  ...(
    [
      ['/api/live/setTitle', 'title'],
      ['/api/Live/setPlacard', 'placard'],
    ] as const
  ).map(
    ([path, field]): OwnershipProbe => ({
      name: `changes another anchor's room by naming it (${path.split('/').pop()!})`,
      method: path === '/api/live/setTitle' ? 'GET' : 'POST',
      path,
      prober: 'rival',
      outcome: 'ownAnswer',
      input: async (w) => ({ [field]: marker(), room_id: w.anchor.roomId, id: w.anchor.roomId }),
      ownersPart: async (w) => w.server.database.db.selectFrom('live_rooms').selectAll().where('id', '=', w.anchor.roomId).executeTakeFirstOrThrow(),
    }),
  ),
];

/** The same on the messaging socket: frames naming a conversation, or a room's line, of someone else's. */
interface FrameProbe {
  name: string;
  prober: 'stranger' | 'rival';
  control: 'recipient' | 'anchor';
  frame(world: World, socketOf: (who: Person) => Promise<ImClient>): Promise<Record<string, unknown>>;
}

const ownersGroup = async (w: World) => `GROUP${String(await groupOf(w))}`;
const frameProbes: FrameProbe[] = [
  { name: "reads the history of a group one is not in", prober: 'stranger', control: 'recipient', frame: async (w) => ({ type: 'history', conversationID: await ownersGroup(w), count: 15 }) },
  { name: "syncs a group one is not in", prober: 'stranger', control: 'recipient', frame: async (w) => ({ type: 'sync', conversationID: await ownersGroup(w), afterSequence: 0 }) },
  { name: "marks a group one is not in read", prober: 'stranger', control: 'recipient', frame: async (w) => ({ type: 'read', conversationID: await ownersGroup(w) }) },
  {
    name: "says something in a group one is not in",
    prober: 'stranger',
    control: 'recipient',
    frame: async (w) => ({ type: 'send', conversationID: await ownersGroup(w), clientMsgID: marker(), messageType: 'TIMTextElem', payload: { text: marker() } }),
  },
  {
    name: "deletes a line of another anchor's room chat",
    prober: 'rival',
    control: 'anchor',
    frame: async (w, socketOf) => {
      const speaker = await socketOf(w.anchor);
      try {
        const groupID = `live${String(w.anchor.roomId)}`;
        expect(await speaker.call({ type: 'join_group', groupID })).toMatchObject({ type: 'group_joined' });
        const sent = await speaker.call({ type: 'send', conversationID: `GROUP${groupID}`, clientMsgID: marker(), messageType: 'TIMTextElem', payload: { text: marker() } });
        expect(sent).toMatchObject({ type: 'sent' });
        return { type: 'revoke', conversationID: `GROUP${groupID}`, messageID: (sent as { message: { ID: string } }).message.ID };
      } finally {
        speaker.close();
      }
    },
  },
];

const planAnalysis = `analysis-${randomBytes(3).toString('hex')}`;
const cardNumber = `62220${String(Date.now()).slice(-11)}`;
const alipayAccount = `owner-${randomBytes(3).toString('hex')}@example.com`;
const envelopeGreeting = `greeting-${randomBytes(3).toString('hex')}`;

describe("another user's things: every owner-bearing call refused to a stranger, writing nothing", () => {
  let world: World;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'pitchside-ownership-'));
    process.env.DATA_DIR = dataDir;
    const server = await startTestServer();
    const { db } = server.database;
    const person = async (nickname: string) => createLoggedInUser(server, { mobile: `86-1660${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`, nickname, invitePrefix: 'OW' });
    const anchorOf = async (mobile: string) => {
      const user = await db.selectFrom('users').select('id').where('mobile', '=', mobile).executeTakeFirstOrThrow();
      const room = await db.selectFrom('live_rooms').select('id').where('anchor_id', '=', user.id).executeTakeFirstOrThrow();
      return { id: Number(user.id), roomId: Number(room.id), token: await createSession(server.app.serverContext, Number(user.id), { deviceType: 'pc', ip: '127.0.0.1' }) };
    };
    const demoAnchor = await anchorOf(demoLogins.anchor.mobile);
    const rivalRow = await db.selectFrom('live_rooms').select('anchor_id').where('anchor_id', '!=', demoAnchor.id).orderBy('id').executeTakeFirstOrThrow();
    const rivalMobile = await db.selectFrom('users').select('mobile').where('id', '=', rivalRow.anchor_id).executeTakeFirstOrThrow();
    world = {
      server,
      owner: await person('物主'),
      stranger: await person('陌生人'),
      recipient: await person('收件人'),
      anchor: demoAnchor,
      rival: await anchorOf(String(rivalMobile.mobile)),
      async uploadedBy(who, purpose) {
        const grant = await server.call<{ token: string; upload_url: string }>('POST', '/api/Member/getQiniuToken', { kind: 'image' }, { token: who.token });
        expect(grant.code, grant.msg).toBe(ResultCode.ok);
        const form = new FormData();
        form.append('token', grant.data.token);
        form.append('purpose', purpose);
        form.append('file', new Blob([greyPng(64, 48)], { type: 'image/png' }), 'picture.png');
        const response = await fetch(new URL(grant.data.upload_url, server.baseUrl), { method: 'POST', headers: { token: who.token, lang: 'en' }, body: form });
        const answer = (await response.json()) as { code: number; msg: string; data: { path: string } };
        expect(answer.code, answer.msg).toBe(ResultCode.ok);
        return answer.data.path;
      },
    };
    // The owner's money and money matters: diamonds, a bank card, an Alipay account, a withdrawal and an envelope sent.
    await openWallet(server, world.owner.id, 'consumer', 100);
    await db.insertInto('bank_cards').values({ user_id: world.owner.id, real_name: '物主', bank_name: '工商银行', card_number: cardNumber }).execute();
    await db.insertInto('pay_accounts').values({ user_id: world.owner.id, account: alipayAccount, real_name: '物主' }).execute();
    const anyTransaction = await db.selectFrom('ledger_transactions').select('id').orderBy('id').executeTakeFirstOrThrow();
    await db
      .insertInto('withdrawals')
      .values({ user_id: world.owner.id, amount: 100, method: 'bank_card', destination: cardNumber, hold_transaction_id: anyTransaction.id })
      .execute();
    const sent = await server.call('POST', '/api/Redenvelope/insert', { to_uid: world.recipient.id, total_amount: 1, count: 1, kind: 'equal', greeting: envelopeGreeting }, { token: world.owner.token, 'idempotency-key': 'probe-order' });
    expect(sent.code, sent.msg).toBe(ResultCode.ok);
  }, 120_000);
  afterAll(async () => {
    await world?.server.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it.each(probes.map((probe) => [probe.name, probe] as const))('%s', async (_name, probe) => {
    const input = await probe.input(world);
    const prober = world[probe.prober];
    const before = probe.ownersPart ? await probe.ownersPart(world) : await databaseDigest(world.server.database);
    const answer = await world.server.call(probe.method, probe.path, input, { token: prober.token, 'idempotency-key': `probe-${marker()}` });
    expect(answer.status).toBeLessThan(500);
    expect(Object.keys(answer).sort()).toEqual(['code', 'data', 'msg', 'status']);
    if ((probe.outcome ?? 'refused') === 'refused') {
      expect(answer.code, `${probe.path} answered ${JSON.stringify(answer).slice(0, 300)}`).not.toBe(ResultCode.ok);
      expect(answer.data).toBeNull();
    }
    for (const text of (await probe.hidden?.(world, input)) ?? []) expect(JSON.stringify(answer.data)).not.toContain(text);
    if (probe.ownersPart) expect(await probe.ownersPart(world), "the owner's part unchanged").toEqual(before);
    else expect(await databaseDigest(world.server.database), 'nothing written').toBe(before);
    if (probe.refusal) expect(answer.msg).toBe(probe.refusal);
    if (probe.control) {
      const allowed = await world.server.call(probe.method, probe.path, input, { token: world[probe.control].token, 'idempotency-key': `probe-${marker()}` });
      expect(allowed.code, `${probe.control}: ${allowed.msg}`).toBe(ResultCode.ok);
    }
  });

  it.each(frameProbes.map((probe) => [probe.name, probe] as const))('/im: %s', async (_name, probe) => {
    const socketOf = async (who: Person) => {
      const client = await ImClient.open(`${world.server.baseUrl.replace('http', 'ws')}/im`, world.server.app.serverContext.contract.validatorFor('ImServerMessage'));
      const userID = String(who.id);
      expect(await client.call({ type: 'login', userID, userSig: await messagingSigFor(world.server.app.serverContext, userID), lang: 'en' })).toMatchObject({ type: 'ok' });
      return client;
    };
    const frame = await probe.frame(world, socketOf);
    const prober = await socketOf(world[probe.prober]);
    const control = await socketOf(world[probe.control]);
    try {
      const before = await databaseDigest(world.server.database);
      expect(await prober.call(frame)).toMatchObject({ type: 'error' });
      expect(await databaseDigest(world.server.database), 'nothing written').toBe(before);
      expect(await control.call(frame)).not.toMatchObject({ type: 'error' });
    } finally {
      prober.close();
      control.close();
    }
  });
});
