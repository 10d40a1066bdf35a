import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../src/api/schema.d.ts';
import { chargeRuleMessages } from '../../server/areas/admin/charge-rule-service.ts';
import { loadContract } from '../../server/contract/contract.ts';
import { apiMessages } from '../../server/site/api-routes.ts';
import { createLoggedInUser, demoLogins, logIn } from './demo-session.ts';
import { startTestServer, type TestServer } from './test-server.ts';

// The site settings an admin edits beyond the money splits: the slow mode a new room's chat starts
// with, and the top-up packages chargerules/getList serves, each change checked and logged.

type Schemas = components['schemas'];
type ChargeRule = Schemas['AdminChargeRule'];
const contract = loadContract();
function expectFits(operationId: string, answer: { code: number; msg: string; data: unknown }) {
  const fits = contract.answerValidatorFor(contract.byId.get(operationId)!);
  expect(fits(answer), `${operationId}: ${JSON.stringify(fits.errors?.slice(0, 3))}`).toBe(true);
}

describe('site settings', () => {
  let server: TestServer;
  let admin: string;
  beforeAll(async () => {
    server = await startTestServer();
    admin = await logIn(server, demoLogins.admin);
  });
  afterAll(() => server.close());

  const lastEntry = async () => (await server.call<Schemas['AdminAuditPage']>('GET', '/api/admin/auditLog', {}, { token: admin })).data.list[0]!;

  describe('the default slow mode of a new room', () => {
    it('takes only a slow mode the rooms’ chat rules allow', async () => {
      expect((await server.call('POST', '/api/admin/updateSettings', { room_slow_seconds_default: 7, reason: 'try' }, { token: admin })).code).toBe(1);
      expect((await server.call<Schemas['SiteSettings']>('GET', '/api/admin/settings', {}, { token: admin })).data.room_slow_seconds_default).toBe(0);
    });

    it('starts an approved anchor’s new room at the default, logged', async () => {
      const saved = await server.call<Schemas['SiteSettings']>('POST', '/api/admin/updateSettings', { room_slow_seconds_default: 10, reason: '世界杯期间防刷屏' }, { token: admin });
      expectFits('adminUpdateSettings', saved);
      expect(saved.data.room_slow_seconds_default).toBe(10);
      expect(await lastEntry()).toMatchObject({ action: 'settings.update', before: { room_slow_seconds_default: 0 }, after: { room_slow_seconds_default: 10 } });

      const user = await createLoggedInUser(server, { mobile: '86-19555550001', nickname: '新主播', invitePrefix: 'SS' });
      const form = { real_name: '李四', id_number: '11010519491231002X', contact_type: 'wechat', contact: 'pitch_fan01', experience: '在校园电台解说足球比赛三年，熟悉中超和英超', agree_protocol: true };
      expect((await server.call('POST', '/api/Member/verified', form, { token: user.token })).code).toBe(0);
      const queue = await server.call<Schemas['AdminAnchorApplicationPage']>('GET', '/api/admin/anchorApplicationList', { limit: 100 }, { token: admin });
      const application = queue.data.list.find((row) => row.user_id === user.id)!;
      expect((await server.call('POST', '/api/admin/reviewAnchorApplication', { id: application.id, decision: 'approve' }, { token: admin })).code).toBe(0);
      const room = await server.database.db.selectFrom('live_rooms').select('chat_slow_seconds').where('anchor_id', '=', user.id).executeTakeFirstOrThrow();
      expect(room.chat_slow_seconds).toBe(10);
      await server.call('POST', '/api/admin/updateSettings', { room_slow_seconds_default: 0, reason: 'back' }, { token: admin });
    });
  });

  describe('charge rules', () => {
    const rules = async () => {
      const answer = await server.call<ChargeRule[]>('GET', '/api/admin/chargeRuleList', {}, { token: admin });
      expectFits('adminChargeRuleList', answer);
      return answer.data;
    };
    const onSale = async () => (await server.call<Array<{ id: number; price: number; diamonds: number; bonus: number }>>('POST', '/api/chargerules/getList', {})).data;
    const save = (body: Record<string, unknown>, token = admin) => server.call<ChargeRule>('POST', '/api/admin/saveChargeRule', body, { token });

    it('is refused to everyone but an admin', async () => {
      const viewer = await logIn(server, demoLogins.viewer);
      expect(await server.call('GET', '/api/admin/chargeRuleList', {}, { token: viewer })).toMatchObject({ code: 1, msg: apiMessages.permissionDenied });
      expect(await save({ name: '白送', price: 0.01, diamonds: 100000, bonus: 0, enabled: true, reason: 'x' }, viewer)).toMatchObject({ code: 1, msg: apiMessages.permissionDenied });
      expect((await onSale()).some((rule) => rule.price === 0.01)).toBe(false);
    });

    it('adds a package that top-up serves, and logs it', async () => {
      const added = await save({ name: '周末特惠', price: 66.6, diamonds: 666, bonus: 66.6, sort: 1, enabled: true, reason: '周末活动' });
      expect(added.code, added.msg).toBe(0);
      expectFits('adminSaveChargeRule', added);
      expect(added.data).toMatchObject({ name: '周末特惠', price: 66.6, diamonds: 666, bonus: 66.6, enabled: true });
      expect(await onSale()).toContainEqual({ id: added.data.id, price: 66.6, diamonds: 666, bonus: 66.6 });
      expect(await lastEntry()).toMatchObject({ action: 'charge_rule.create', target_type: 'charge_rule', target_id: String(added.data.id), before: null, reason: '周末活动' });

      const changed = await save({ id: added.data.id, name: '周末特惠', price: 66.6, diamonds: 666, bonus: 100, enabled: true, reason: '加码' });
      expect(changed.data.bonus).toBe(100);
      expect(await lastEntry()).toMatchObject({ action: 'charge_rule.update', before: { bonus: 66.6 }, after: { bonus: 100 } });

      const disabled = await save({ id: added.data.id, name: '周末特惠', price: 66.6, diamonds: 666, bonus: 100, enabled: false, reason: '活动结束' });
      expect(disabled.data.enabled).toBe(false);
      expect((await onSale()).map((rule) => rule.id)).not.toContain(added.data.id);
      expect((await rules()).map((rule) => rule.id)).toContain(added.data.id);
    });

    it('refuses what would break top-up: wrong decimals, a bonus over the diamonds, a price on sale twice, no package on sale', async () => {
      const existing = (await rules()).find((rule) => rule.enabled)!;
      const base = { name: '新套餐', price: 12.34, diamonds: 123.4, bonus: 0, enabled: true, reason: 'test' };
      expect(await save({ ...base, price: 12.345 })).toMatchObject({ code: 1, msg: chargeRuleMessages.priceDecimals });
      expect(await save({ ...base, diamonds: 123.45 })).toMatchObject({ code: 1, msg: chargeRuleMessages.diamondDecimals });
      expect(await save({ ...base, bonus: 200 })).toMatchObject({ code: 1, msg: chargeRuleMessages.bonusOverDiamonds });
      expect(await save({ ...base, price: existing.price })).toMatchObject({ code: 1, msg: chargeRuleMessages.samePrice });
      expect(await save({ ...base, id: 999_999 })).toMatchObject({ code: 1, msg: chargeRuleMessages.notFound });
      expect((await save({ ...base, price: -1 })).code).toBe(1);
      expect(await save({ ...base, price: 12.34 }, admin)).toMatchObject({ code: 0 });

      // Disable every package but one; the last one stays on sale.
      const enabled = (await rules()).filter((rule) => rule.enabled);
      for (const rule of enabled.slice(1)) expect((await save({ ...rule, enabled: false, reason: 'close' })).code).toBe(0);
      const last = enabled[0]!;
      expect(await save({ ...last, enabled: false, reason: 'close' }, admin)).toMatchObject({ code: 1, msg: chargeRuleMessages.lastEnabled });
      expect(await onSale()).toEqual([{ id: last.id, price: last.price, diamonds: last.diamonds, bonus: last.bonus }]);
    });
  });
});
