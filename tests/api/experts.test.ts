import { sql } from 'kysely';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../src/api/schema.d.ts';
import { planSealText } from '../../src/machines/plan-seal.ts';
import { expertMessages } from '../../server/areas/expert/expert-application-service.ts';
import { settleDuePlans } from '../../server/areas/expert/plan-settlement-service.ts';
import { planMessages } from '../../server/areas/expert/plan-service.ts';
import { apiMessages } from '../../server/site/api-routes.ts';
import { loadContract } from '../../server/contract/contract.ts';
import { walletMessages } from '../../server/areas/wallet/wallet-messages.ts';
import { createLoggedInUser, demoLogins, logIn, openWallet } from './demo-session.ts';
import { expectLedgerSound } from './ledger-invariants.ts';
import { startTestServer, type TestServer } from './test-server.ts';

// Experts and the admin console: applying and the review (SPEC §4, §5), plans sealed at publication,
// bought through escrow and settled by the machine when the match ends, and every admin call refused
// to everyone but an admin and written to the hash-chained audit log.

type Schemas = components['schemas'];
const contract = loadContract();
function expectFits(operationId: string, answer: { code: number; msg: string; data: unknown }) {
  const fits = contract.answerValidatorFor(contract.byId.get(operationId)!);
  const { code, msg, data } = answer;
  expect(fits({ code, msg, data }), `${operationId}: ${JSON.stringify(fits.errors?.slice(0, 3))}`).toBe(true);
}

let nextMobile = 1;
const experience = '十年英超与中超数据分析，专注亚洲盘口与大小球。';

describe('experts and the admin console', () => {
  let server: TestServer;
  let admin: string;
  let secondAdmin: string;
  beforeAll(async () => {
    server = await startTestServer();
    admin = await logIn(server, demoLogins.admin);
    const other = await newUser();
    await server.database.db.updateTable('users').set({ is_admin: 1 }).where('id', '=', other.id).execute();
    secondAdmin = other.token;
  });
  afterAll(() => server.close());

  async function newUser() {
    const suffix = String(nextMobile++).padStart(4, '0');
    return createLoggedInUser(server, { mobile: `86-1997000${suffix}`, nickname: `专家${suffix}`, invitePrefix: 'EXP' });
  }
  const apply = (token: string, body: Record<string, unknown> = { speciality: 'football', experience, analyst_code_agreed: true }) =>
    server.call<Schemas['ExpertApplication']>('POST', '/api/Member/applyChannel', body, { token });
  const review = (body: Record<string, unknown>, token = admin) =>
    server.call<Schemas['AdminExpertApplication']>('POST', '/api/admin/reviewExpertApplication', body, { token });
  const queue = async (userId: number) => {
    const page = await server.call<Schemas['AdminExpertApplicationPage']>('GET', '/api/admin/expertApplicationList', { limit: 100 }, { token: admin });
    expectFits('adminExpertApplicationList', page);
    return page.data.list.find((row) => row.user_id === userId)!;
  };
  const auditLog = () => server.call<Schemas['AdminAuditPage']>('GET', '/api/admin/auditLog', { limit: 100 }, { token: admin });

  async function approvedExpert() {
    const user = await newUser();
    expect((await apply(user.token)).code).toBe(0);
    expect((await review({ id: (await queue(user.id)).id, decision: 'approve' })).code).toBe(0);
    return user;
  }

  it('takes an application within 200 words with the code ticked, and refuses one over', async () => {
    const user = await newUser();
    expect(await apply(user.token, { speciality: 'football', experience: '析'.repeat(201), analyst_code_agreed: true })).toMatchObject({
      code: 1,
      msg: expertMessages.experienceLong,
    });
    expect((await apply(user.token, { speciality: 'football', experience, analyst_code_agreed: false })).code).toBe(1);
    const sent = await apply(user.token);
    expect(sent).toMatchObject({ code: 0, data: { status: 'under_review', speciality: 'football', reason: null } });
    expectFits('memberApplyChannel', sent);
    expect(await apply(user.token)).toMatchObject({ code: 1, msg: expertMessages.underReview });
    const mine = await server.call('GET', '/api/Member/expertApplication', {}, { token: user.token });
    expect(mine.data).toEqual(sent.data);
  });

  it('approves in one transaction: the role, the profile, a notice and an audit entry', async () => {
    const user = await newUser();
    await apply(user.token, { speciality: 'basketball', experience, analyst_code_agreed: true });
    const pending = await queue(user.id);
    const decided = await review({ id: pending.id, decision: 'approve' });
    expect(decided).toMatchObject({ code: 0, data: { status: 'audit_successful', user_id: user.id } });
    expectFits('adminReviewExpertApplication', decided);
    const row = await server.database.db.selectFrom('users').innerJoin('experts', 'experts.user_id', 'users.id').select(['is_expert', 'experts.sport']).where('users.id', '=', user.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ is_expert: 1, sport: 'basketball' });
    const notices = await server.database.db.selectFrom('push_notices').select('title').where('user_id', '=', user.id).execute();
    expect(notices.map((notice) => notice.title)).toContain(expertMessages.approvedNotice);
    expect(await review({ id: pending.id, decision: 'refuse', reason: 'late' })).toMatchObject({ code: 1, msg: expertMessages.reviewedAlready });
    expect(await apply(user.token)).toMatchObject({ code: 1, msg: expertMessages.alreadyExpert });
    const log = await auditLog();
    expectFits('adminAuditLog', log);
    expect(log.data.list[0]).toMatchObject({ action: 'expert_application.approve', target_id: String(pending.id), after: { status: 'audit_successful' }, intact: true });
  });

  it('refuses only with a reason, which the applicant reads before applying again', async () => {
    const user = await newUser();
    await apply(user.token);
    const pending = await queue(user.id);
    expect((await review({ id: pending.id, decision: 'refuse' })).msg).toBe(expertMessages.reasonNeeded);
    expect(await review({ id: pending.id, decision: 'refuse', reason: '请补充近期分析记录' })).toMatchObject({ code: 0, data: { status: 'audit_failure' } });
    expect((await server.call<Schemas['ExpertApplication']>('GET', '/api/Member/expertApplication', {}, { token: user.token })).data).toMatchObject({
      status: 'audit_failure',
      reason: '请补充近期分析记录',
    });
    expect((await apply(user.token)).data).toMatchObject({ status: 'under_review', reason: null });
  });

  it('refuses every admin call to a guest, a viewer, an anchor and an expert, and logs the admin’s', async () => {
    const tokens = {
      viewer: await logIn(server, demoLogins.viewer),
      anchor: await logIn(server, demoLogins.anchor),
      expert: await logIn(server, demoLogins.expert),
    };
    const target = await newUser();
    const calls: Array<[string, 'GET' | 'POST', string, Record<string, unknown>]> = [
      ['adminExpertApplicationList', 'GET', '/api/admin/expertApplicationList', {}],
      ['adminReviewExpertApplication', 'POST', '/api/admin/reviewExpertApplication', { id: 1, decision: 'approve' }],
      ['adminUserList', 'GET', '/api/admin/userList', { search: '专家' }],
      ['adminSetUserBan', 'POST', '/api/admin/setUserBan', { user_id: target.id, banned: true, reason: 'spam' }],
      ['adminSetUserMute', 'POST', '/api/admin/setUserMute', { user_id: target.id, muted: true, minutes: 30, reason: 'spam' }],
      ['adminSetUserRoles', 'POST', '/api/admin/setUserRoles', { user_id: target.id, is_anchor: false, is_expert: true, is_admin: false, reason: 'trial' }],
      ['adminResetPassword', 'POST', '/api/admin/resetPassword', { user_id: target.id, reason: 'asked by phone' }],
      ['adminSettings', 'GET', '/api/admin/settings', {}],
      ['adminUpdateSettings', 'POST', '/api/admin/updateSettings', { plan_expert_share: 0.7, reason: 'same' }],
      ['adminAuditLog', 'GET', '/api/admin/auditLog', {}],
      ['adminWithdrawalList', 'GET', '/api/admin/withdrawalList', {}],
      ['adminAnchorApplicationList', 'GET', '/api/admin/anchorApplicationList', {}],
      ['adminReviewAnchorApplication', 'POST', '/api/admin/reviewAnchorApplication', { id: 1, decision: 'approve' }],
      ['adminReviewWithdrawal', 'POST', '/api/admin/reviewWithdrawal', { id: 1, decision: 'approve' }],
      ['adminReportList', 'GET', '/api/admin/reportList', {}],
      ['adminReviewReport', 'POST', '/api/admin/reviewReport', { id: 1, decision: 'remove' }],
      ['adminChargeRuleList', 'GET', '/api/admin/chargeRuleList', {}],
      ['adminSaveChargeRule', 'POST', '/api/admin/saveChargeRule', { name: '试用', price: 1, diamonds: 10, bonus: 0, enabled: false, reason: 'trial' }],
      ['adminHeadlineList', 'GET', '/api/admin/headlineList', {}],
      ['adminReviewHeadline', 'POST', '/api/admin/reviewHeadline', { id: 1, decision: 'approve' }],
      ['adminPromoList', 'GET', '/api/admin/promoList', {}],
      ['adminSavePromo', 'POST', '/api/admin/savePromo', { kind: 'banner', position: 'home', title: 'x', image: '/x.png', link: '/main', reason: 'trial' }],
      ['adminDeletePromo', 'POST', '/api/admin/deletePromo', { kind: 'banner', id: 1, reason: 'trial' }],
      ['adminVideoTranscodeJobs', 'GET', '/api/admin/videoTranscodeJobs', {}],
      ['adminVideoReviewList', 'GET', '/api/admin/videoReviewList', {}],
      ['adminReviewVideo', 'POST', '/api/admin/reviewVideo', { id: 1, decision: 'approve' }],
    ];
    // A call the contract gives to admins only and this list forgets would go untried: the list names them all.
    const adminOperations = contract.operations.filter((operation) => operation.role === 'admin').map((operation) => operation.operationId);
    expect(calls.map(([operationId]) => operationId).sort()).toEqual([...adminOperations].sort());
    const before = (await auditLog()).data.total;
    for (const [operationId, method, path, input] of calls) {
      const guest = await server.call(method, path, input, { 'idempotency-key': `guest-${operationId}` });
      expect(guest.code, `${operationId} as guest`).not.toBe(0);
      for (const [who, token] of Object.entries(tokens)) {
        expect(await server.call(method, path, input, { token, 'idempotency-key': `${who}-${operationId}` }), `${operationId} as ${who}`).toMatchObject({
          code: 1,
          msg: apiMessages.permissionDenied,
        });
      }
    }
    expect((await auditLog()).data.total).toBe(before);
    expect(await server.database.db.selectFrom('users').select(['disabled_at', 'is_expert']).where('id', '=', target.id).executeTakeFirstOrThrow()).toEqual({
      disabled_at: null,
      is_expert: 0,
    });
    // As the admin: each change answers the contract and leaves an entry.
    const users = await server.call('GET', '/api/admin/userList', { search: '专家' }, { token: admin });
    expectFits('adminUserList', users);
    const roles = await server.call('POST', '/api/admin/setUserRoles', { user_id: target.id, is_anchor: false, is_expert: true, is_admin: false, reason: 'trial' }, { token: admin });
    expectFits('adminSetUserRoles', roles);
    expect(roles.data).toMatchObject({ is_expert: true, banned: false });
    const reset = await server.call<{ password: string }>('POST', '/api/admin/resetPassword', { user_id: target.id, reason: 'asked by phone' }, { token: admin });
    expectFits('adminResetPassword', reset);
    expect(reset.data.password).toMatch(/^[A-Za-z0-9]{12}$/);
    const banned = await server.call('POST', '/api/admin/setUserBan', { user_id: target.id, banned: true, reason: 'spam' }, { token: admin });
    expect(banned.data).toMatchObject({ banned: true });
    expect((await server.call('GET', '/api/Member/expertApplication', {}, { token: target.token })).code).not.toBe(0);
    const settings = await server.call('POST', '/api/admin/updateSettings', { plan_expert_share: 0.6, reason: 'promotion' }, { token: admin });
    expectFits('adminUpdateSettings', settings);
    expectFits('adminSettings', await server.call('GET', '/api/admin/settings', {}, { token: admin }));
    await server.call('POST', '/api/admin/updateSettings', { plan_expert_share: 0.7, reason: 'back' }, { token: admin });
    const log = await auditLog();
    expect(log.data.total).toBe(before + 5);
    expect(log.data.list.slice(0, 5).map((entry) => entry.action)).toEqual(['settings.update', 'settings.update', 'user.ban', 'user.reset_password', 'user.roles']);
    expect(log.data.list[1]).toMatchObject({ before: { plan_expert_share: 0.7 }, after: { plan_expert_share: 0.6 }, reason: 'promotion', address: '127.0.0.1' });
    expect(log.data.list[4]).toMatchObject({ before: { is_expert: false }, after: { is_expert: true }, target_id: String(target.id) });
    expect(JSON.stringify(log.data.list[3])).not.toContain(reset.data.password);
    expect(log.data.chain_intact).toBe(true);

    // The calls the console gained later: the lists answer the contract, each change leaves its entry.
    const speaker = await newUser();
    const listener = await newUser();
    const muted = await server.call('POST', '/api/admin/setUserMute', { user_id: speaker.id, muted: true, minutes: 30, reason: 'flooding' }, { token: admin });
    expectFits('adminSetUserMute', muted);
    expectFits('adminChargeRuleList', await server.call('GET', '/api/admin/chargeRuleList', {}, { token: admin }));
    const rule = await server.call<{ id: number }>(
      'POST',
      '/api/admin/saveChargeRule',
      { name: '试用', price: 3, diamonds: 30, bonus: 0, enabled: false, reason: 'trial' },
      { token: admin },
    );
    expectFits('adminSaveChargeRule', rule);
    const circle = await server.database.db.selectFrom('circles').select('id').orderBy('sort').executeTakeFirstOrThrow();
    const post = await server.database.db
      .insertInto('circle_posts')
      .values({ circle_id: Number(circle.id), user_id: speaker.id, content: '加群领内部消息' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const reported = await server.call<{ id: number }>('POST', '/api/Report/submit', { target_type: 'post', target_id: Number(post.id), reason: 'spam' }, { token: listener.token });
    expect(reported.code, reported.msg).toBe(0);
    expectFits('adminReportList', await server.call('GET', '/api/admin/reportList', {}, { token: admin }));
    expectFits('adminReviewReport', await server.call('POST', '/api/admin/reviewReport', { id: reported.data.id, decision: 'remove' }, { token: admin }));
    const later = await auditLog();
    expect(later.data.total).toBe(before + 8);
    expect(later.data.list.slice(0, 3).map((entry) => [entry.action, entry.target_id])).toEqual([
      ['report.remove', String(post.id)],
      ['charge_rule.create', String(rule.data.id)],
      ['user.mute', String(speaker.id)],
    ]);
    expect(later.data.chain_intact).toBe(true);
  });

  it('needs a second admin for a withdrawal above the setting', async () => {
    const user = await newUser();
    await openWallet(server, user.id, 'income', 9000);
    await server.database.db.transaction().execute(async (trx) => {
      const { book } = await import('../../server/areas/wallet/ledger.ts');
      const held = await book(trx, server.app.serverContext, {
        key: `test-withdrawal:${user.id}`,
        kind: 'withdrawal',
        userId: user.id,
        postings: [
          { account: { user: user.id, kind: 'income' }, tenths: -80000 },
          { account: { system: 'system_withdrawal' }, tenths: 80000 },
        ],
      });
      await trx
        .insertInto('withdrawals')
        .values({ user_id: user.id, amount: 8000, method: 'alipay', destination: JSON.stringify({ account: 'a***@x.cn' }), hold_transaction_id: held.transactionId })
        .execute();
    });
    const row = await server.database.db.selectFrom('withdrawals').select('id').where('user_id', '=', user.id).executeTakeFirstOrThrow();
    const approve = (token: string, key: string) =>
      server.call<Schemas['AdminWithdrawal']>('POST', '/api/admin/reviewWithdrawal', { id: Number(row.id), decision: 'approve' }, { token, 'idempotency-key': key });
    expect((await approve(admin, 'first-approval-1')).data).toMatchObject({ status: 'under_review' });
    expect(await approve(admin, 'first-approval-2')).toMatchObject({ code: 1, msg: walletMessages.secondAdminNeeded });
    expect((await approve(secondAdmin, 'second-approval')).data).toMatchObject({ status: 'audit_successful' });
    const actions = (await auditLog()).data.list.slice(0, 2).map((entry) => entry.action);
    expect(actions).toEqual(['withdrawal.approve', 'withdrawal.first_approval']);
  });

  it('lists an expert’s articles, once an admin published them, by author and by the sport of its experts', async () => {
    const expert = await approvedExpert();
    const reader = await newUser();
    const category = (await server.call<Array<{ id: number }>>('GET', '/api/Headlines/classifyList', {})).data[0]!;
    const write = (token: string, title: string) =>
      server.call<{ id: number }>('GET', '/api/Headlines_user/insert', { title, content: '近五场主队控球率下滑，客队反击效率高。', classify_id: category.id }, { token });
    const article = await write(expert.token, '周末英超前瞻：客队反击值得关注');
    const byReader = await write(reader.token, '一位球迷的观赛笔记');
    for (const sent of [article, byReader]) expect(sent.code, sent.msg).toBe(0);
    const list = (query: Record<string, unknown>) => server.call<Schemas['HeadlinePage']>('GET', '/api/Headlines/getList', { ...query, limit: 100 });
    // Under review it is on no page yet.
    expect((await list({ author_id: expert.id })).data.total).toBe(0);
    for (const sent of [article, byReader]) {
      expect((await server.call('POST', '/api/admin/reviewHeadline', { id: sent.data.id, decision: 'approve' }, { token: admin })).code).toBe(0);
    }
    const own = await list({ author_id: expert.id });
    expectFits('headlinesGetList', own);
    expect(own.data.list.map((row) => row.id)).toEqual([article.data.id]);
    const football = (await list({ expert_type: 0 })).data.list.map((row) => row.id);
    expect(football).toContain(article.data.id);
    expect(football).not.toContain(byReader.data.id);
    expect((await list({ expert_type: 1 })).data.list.map((row) => row.id)).not.toContain(article.data.id);
  });

  it('shows a changed audit entry as breaking the chain', async () => {
    expect((await auditLog()).data.chain_intact).toBe(true);
    const { db } = server.database;
    const first = await db.selectFrom('admin_audit_log').select('id').orderBy('id').limit(1).executeTakeFirstOrThrow();
    await expect(db.updateTable('admin_audit_log').set({ reason: 'edited' }).where('id', '=', first.id).execute()).rejects.toThrow(/append-only/);
    // Someone with the database's keys goes round the trigger: the chain still shows it.
    await sql`alter table admin_audit_log disable trigger admin_audit_log_no_change`.execute(db);
    await db.updateTable('admin_audit_log').set({ reason: 'edited' }).where('id', '=', first.id).execute();
    await sql`alter table admin_audit_log enable trigger admin_audit_log_no_change`.execute(db);
    const log = await server.call<Schemas['AdminAuditPage']>('GET', '/api/admin/auditLog', { limit: 100 }, { token: admin });
    expect(log.data.chain_intact).toBe(false);
    expect(log.data.list.find((entry) => entry.id === Number(first.id))?.intact).toBe(false);
  });

  describe('plans', () => {
    let expert: { id: number; token: string };
    let plan: Schemas['ExpertPlan'];
    let buyer: { id: number; token: string };
    beforeAll(async () => {
      expert = await approvedExpert();
      buyer = await newUser();
      await openWallet(server, buyer.id, 'consumer', 500);
    });

    it('publishes on a match not started at the feed’s odds, sealed, and shows viewers a teaser', async () => {
      const matches = await server.call<Schemas['PublishableMatch'][]>('GET', '/api/expert/publishableMatches', {}, { token: expert.token });
      expectFits('expertPublishableMatches', matches);
      const match = matches.data.find((candidate) => candidate.markets.some((market) => market.market === 'asia'))!;
      const asia = match.markets.find((market) => market.market === 'asia')!;
      const published = await server.call<Schemas['ExpertPlan']>(
        'POST',
        '/api/expert/publishPlan',
        { match_id: match.match_id, market: 'asia', pick: 'home', title: '主队让球能赢', analysis: '主队近期状态出色，防守稳固，客队连续客场作战体能堪忧。', price: 30 },
        { token: expert.token },
      );
      expect(published).toMatchObject({ code: 0, data: { market: 'asia', pick: 'home', line: asia.line, odds: Math.round((1 + asia.home) * 100) / 100, unlocked: true, seal_nonce: null } });
      expectFits('expertPublishPlan', published);
      plan = published.data;
      const again = await server.call('POST', '/api/expert/publishPlan', { match_id: match.match_id, market: 'asia', pick: 'away', title: '改主意了啊', analysis: '这是一段足够长的分析文字，用来测试不能重复发布。', price: 0 }, { token: expert.token });
      expect(again).toMatchObject({ code: 1, msg: planMessages.alreadyPublished });
      const seen = await server.call<Schemas['ExpertPlan']>('GET', '/api/expert/planDetail', { id: plan.id }, { token: buyer.token });
      expectFits('expertPlanDetail', seen);
      expect(seen.data).toMatchObject({ unlocked: false, pick: null, analysis: null, seal: plan.seal, price: 30 });
      expect(seen.data.teaser.length).toBeGreaterThan(0);
      const guest = await server.call<Schemas['ExpertPlanPage']>('GET', '/api/expert/planList', { expert_id: expert.id });
      expectFits('expertPlanList', guest);
      expect(guest.data.list.map((row) => row.pick)).toEqual([null]);
    });

    it('refuses a viewer publishing and an expert buying their own plan', async () => {
      expect((await server.call('POST', '/api/expert/publishPlan', { match_id: plan.match_id, market: 'europe', pick: 'draw', title: '平局可期待', analysis: '两队实力接近，近期交锋多为平局，本场大概率战平。', price: 0 }, { token: buyer.token })).msg).toBe(apiMessages.permissionDenied);
      expect((await server.call('POST', '/api/expert/buyPlan', { id: plan.id }, { token: expert.token, 'idempotency-key': 'own-plan-1' })).msg).toBe(planMessages.ownPlan);
    });

    it('sells through escrow once per buyer under the Idempotency-Key', async () => {
      const buy = (key: string) => server.call<Schemas['ExpertPlan']>('POST', '/api/expert/buyPlan', { id: plan.id }, { token: buyer.token, 'idempotency-key': key });
      const bought = await buy('buy-plan-0001');
      expect(bought).toMatchObject({ code: 0, data: { unlocked: true, bought: true, pick: 'home', buyers: 1 } });
      expectFits('expertBuyPlan', bought);
      expect((await buy('buy-plan-0001')).data).toMatchObject({ bought: true });
      expect((await buy('buy-plan-0002')).data).toMatchObject({ bought: true, buyers: 1 });
      const wallet = await server.database.db.selectFrom('wallet_accounts').select('balance').where('owner_id', '=', buyer.id).where('kind', '=', 'consumer').executeTakeFirstOrThrow();
      expect(Number(wallet.balance)).toBe(470);
      const mine = await server.call<Schemas['ExpertPlanPage']>('GET', '/api/expert/boughtPlans', {}, { token: buyer.token });
      expectFits('expertBoughtPlans', mine);
      expect(mine.data.list.map((row) => row.id)).toEqual([plan.id]);
      const sales = await server.call<Schemas['ExpertSales']>('GET', '/api/expert/mySales', {}, { token: expert.token });
      expectFits('expertMySales', sales);
      expect(sales.data).toMatchObject({ total_buyers: 1, total_diamonds: 30, held_diamonds: 30 });
      expect(sales.data.list[0]!.buyers).toEqual([expect.objectContaining({ user_id: buyer.id, outcome: null })]);
    });

    it('settles once when the match ends, pays expert and platform, and opens the seal', async () => {
      const { db } = server.database;
      const line = plan.line ?? 0;
      // A final score the home side covers the handicap by at least a goal.
      const home = Math.max(0, Math.ceil(-line)) + 2;
      await db.updateTable('matches').set({ status: 'over', phase: 'full_time', home_score: home, away_score: 0 }).where('id', '=', plan.match_id).execute();
      const income = async () =>
        Number((await sql<{ balance: string }>`select wallet_balance(id)::text as balance from wallet_accounts where owner_id = ${expert.id} and kind = 'income'`.execute(db)).rows[0]!.balance);
      const incomeBefore = await income();
      expect(await settleDuePlans(server.app.serverContext, [plan.match_id])).toBeGreaterThanOrEqual(1);
      expect(await settleDuePlans(server.app.serverContext, [plan.match_id])).toBe(0);
      const settled = await server.call<Schemas['ExpertPlan']>('GET', '/api/expert/planDetail', { id: plan.id });
      expect(settled.data).toMatchObject({ status: 'won', final_score: { home, away: 0 }, pick: 'home', unlocked: true });
      const text = planSealText({
        expert_id: expert.id,
        match_id: plan.match_id,
        market: plan.market,
        pick: 'home',
        line: plan.line,
        odds: plan.odds,
        published_at: plan.published_at,
        nonce: settled.data.seal_nonce!,
      });
      expect(createHash('sha256').update(text).digest('hex')).toBe(plan.seal);
      // 70% of the 30 diamonds (plan_expert_share); the platform keeps the rest.
      expect((await income()) - incomeBefore).toBe(21);
      const sales = await server.call<Schemas['ExpertSales']>('GET', '/api/expert/mySales', {}, { token: expert.token });
      expect(sales.data).toMatchObject({ held_diamonds: 0 });
      expect((await server.call('POST', '/api/expert/buyPlan', { id: plan.id }, { token: (await newUser()).token, 'idempotency-key': 'late-buyer-1' })).msg).toBe(planMessages.closed);
      await expectLedgerSound(server);
    });

    it('ranks experts by hit rate with the number of settled plans beside it', async () => {
      const ranking = await server.call<Schemas['ExpertSummary'][]>('GET', '/api/expert/ranking', { type: 0 });
      expectFits('expertRanking', ranking);
      const mine = ranking.data.find((row) => row.user_id === expert.id)!;
      expect(mine).toMatchObject({ hit_last_10: { rate: 1, settled: 1 }, hit_last_30: { rate: 1, settled: 1 }, streak: 1 });
      const rates = ranking.data.map((row) => row.hit_last_10.rate ?? -1);
      expect(rates).toEqual([...rates].sort((a, b) => b - a));
      const profile = await server.call('GET', '/api/expert/profile', { id: expert.id });
      expectFits('expertProfile', profile);
    });
  });
});
