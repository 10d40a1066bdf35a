import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../src/api/schema.d.ts';
import { startTestServer, type TestServer } from './test-server.ts';

// The legal and help pages of /about-user (SPEC §2, Portal_post/getList2): six pages, each in the reader's language.

type PortalPage = components['schemas']['PortalPage'];

describe('the legal and help pages', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  }, 120_000);
  afterAll(() => server.close());

  const pages = (query: Record<string, unknown>, lang: string) => server.call<PortalPage[]>('GET', '/api/Portal_post/getList2', query, { lang });

  it('answers all six pages, or the one a type asks for, in zh, en and vi', async () => {
    for (const lang of ['zh', 'en', 'vi']) {
      const all = await pages({}, lang);
      expect(all.code, all.msg).toBe(0);
      expect(all.data.map((page) => page.type)).toEqual([1, 2, 3, 4, 5, 6]);
      expect(new Set(all.data.map((page) => page.title)).size).toBe(6);
      for (const page of all.data) expect(page.content.split('\n\n').length).toBeGreaterThanOrEqual(3);
    }
    const titles = await Promise.all(['zh', 'en', 'vi'].map(async (lang) => (await pages({ type: 3 }, lang)).data.map((page) => page.title)));
    expect(titles).toEqual([['主播直播协议'], ['Live Streaming Protocol'], ['Thỏa thuận phát sóng trực tiếp']]);
  });

  it('speaks Chinese without a lang header, and refuses a type outside 1 to 6', async () => {
    const response = await fetch(new URL('/api/Portal_post/getList2?type=1', server.baseUrl));
    const body = (await response.json()) as { data: PortalPage[] };
    expect(body.data[0]!.title).toBe('用户协议');
    expect((await pages({ type: 7 }, 'en')).code).toBe(1);
  });
});
