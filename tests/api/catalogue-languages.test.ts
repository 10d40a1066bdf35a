import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLoggedInUser } from './demo-session.ts';
import { startTestServer, type TestServer } from './test-server.ts';

// The catalogue's own words (gifts, guard and nobility tiers, barrage colours, pay channels, mall goods, daily
// tasks) in each of the site's languages: a Vietnamese page must not fall back to English where the row has
// Vietnamese, and a row without it must still read in English rather than show nothing.
describe('catalogue words in zh, en and vi', () => {
  let server: TestServer;
  let token: string;

  beforeAll(async () => {
    server = await startTestServer();
    token = (await createLoggedInUser(server, { mobile: '86-19971000001', nickname: '目录读者', invitePrefix: 'CAT' })).token;
  });
  afterAll(async () => {
    await server.close();
  });

  type Named = { name: string };
  const names = async (method: 'GET' | 'POST', path: string, lang: string, pick: (data: never) => string[] = (data: Named[]) => data.map((row) => row.name)) =>
    pick((await server.call<never>(method, path, {}, { lang, token })).data);
  const catalogues: Array<[string, 'GET' | 'POST', string, ((data: never) => string[])?]> = [
    ['gifts', 'GET', '/api/Gift/getList'],
    ['guard and nobility tiers', 'GET', '/api/Guard/getList'],
    ['barrage colours', 'GET', '/api/Barrage/getList'],
    ['pay channels', 'GET', '/api/pay/getPayChannelList'],
    ['mall goods', 'POST', '/api/goods/goodsList', (data: { list: Named[] }) => data.list.map((row) => row.name)],
    ['daily tasks', 'POST', '/api/Activity/pcSignTaskList', (data: { tasks: Array<{ task: string }> }) => data.tasks.map((row) => row.task)],
  ];

  it.each(catalogues)('names the %s in each language', async (_, method, path, pick) => {
    const [zh, en, vi] = [await names(method, path, 'zh', pick), await names(method, path, 'en', pick), await names(method, path, 'vi', pick)];
    expect(zh.length).toBeGreaterThan(0);
    expect(en).toHaveLength(zh.length);
    expect(vi).toHaveLength(zh.length);
    for (const name of [...en, ...vi]) expect(name).not.toMatch(/\p{Script=Han}/u);
    // Vietnamese is its own language, not the English again (brand names like Alipay aside, none of these are).
    expect(vi.filter((name, i) => name === en[i])).toEqual([]);
    expect(vi.join(' ')).toMatch(/[ăâđêôơưạảấầẩẫậắằẳẵặẹẻẽếềểễệỉịọỏốồổỗộớờởỡợụủứừửữựỳỵỷỹ]/iu);
  });

  it('reads English where a row has no Vietnamese, and Chinese where it has neither', async () => {
    const { db } = server.database;
    await db.updateTable('barrage_styles').set({ name_vi: '' }).where('name_en', '=', 'Sky Blue').execute();
    await db.updateTable('barrage_styles').set({ name_vi: '', name_en: '' }).where('name_en', '=', 'Pitch Green').execute();
    const vi = await names('GET', '/api/Barrage/getList', 'vi');
    expect(vi).toContain('Sky Blue');
    expect(vi).toContain('草坪绿');
    expect(vi).toContain('Trắng cổ điển');
  });
});
