import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  avatarSvg,
  badgeLimits,
  coverSvg,
  crestSvg,
  giftKinds,
  giftSvg,
  iconKinds,
  iconSvg,
  leagueLogoSvg,
  levelIconSvg,
  type BadgeKind,
  type CoverMotif,
} from './art.ts';
import { mediaRoutes } from './media-routes.ts';

/** Well-formed enough for a browser: one svg root with a viewBox, every element closed in order. */
function expectWellFormed(svg: string) {
  expect(svg.startsWith('<svg ')).toBe(true);
  expect(svg.endsWith('</svg>')).toBe(true);
  expect(svg).toMatch(/^<svg [^>]*viewBox="0 0 \d+ \d+"/);
  expect(svg).not.toMatch(/NaN|undefined|Infinity/);
  const open: string[] = [];
  for (const [tag, closing, name, selfClosing] of svg.matchAll(/<(\/?)([a-zA-Z][\w:-]*)[^>]*?(\/?)>/g)) {
    if (selfClosing) continue;
    if (closing) expect(open.pop(), tag).toBe(name);
    else open.push(name!);
  }
  expect(open).toEqual([]);
  // text content may not carry a raw angle bracket or ampersand
  expect(svg.replace(/<[^>]*>/g, '')).not.toMatch(/[<>]|&(?!#\d+;|amp;|lt;|gt;|quot;)/);
}

const motifs: CoverMotif[] = ['football', 'basketball', 'esports', 'news', 'video', 'banner', 'circle'];

describe('art', () => {
  it('draws avatars, crests and league logos', () => {
    for (const seed of [0, 1, 7, 42, 999_999, 1_000_000_000]) {
      expectWellFormed(avatarSvg(seed));
      expectWellFormed(crestSvg('MCI', seed));
      expectWellFormed(crestSvg('B', seed));
      expectWellFormed(crestSvg('3DMX', seed));
    }
    for (const sport of ['football', 'basketball', 'esports'] as const)
      for (const code of ['EPL', 'NBA', 'DOTA', 'LIGA', 'CS2']) expectWellFormed(leagueLogoSvg(code, sport));
    expect(avatarSvg(5)).toBe(avatarSvg(5));
    expect(avatarSvg(5)).not.toBe(avatarSvg(6));
  });

  it('draws covers with and without a title, escaping it', () => {
    for (const motif of motifs)
      for (const seed of [1, 2, 3, 123_456]) {
        expectWellFormed(coverSvg('', seed, motif));
        expectWellFormed(coverSvg('英超焦点战 <曼城> & "阿森纳"', seed, motif));
      }
  });

  it('draws every gift, icon and badge', () => {
    expect(giftKinds.length).toBeGreaterThan(10);
    for (const kind of giftKinds) expectWellFormed(giftSvg(kind)!);
    expect(giftSvg('nope')).toBeNull();
    for (const kind of iconKinds) expectWellFormed(iconSvg(kind)!);
    expect(iconSvg('nope')).toBeNull();
    for (const [kind, limit] of Object.entries(badgeLimits) as Array<[BadgeKind, number]>)
      for (let level = 1; level <= limit; level++) expectWellFormed(levelIconSvg(level, kind));
  });
});

describe('media routes', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify();
    await app.register(mediaRoutes);
    await app.ready();
  });
  afterAll(() => app.close());

  it.each([
    '/media/avatars/17.svg',
    '/media/crests/MCI-123.svg',
    '/media/leagues/football-EPL.svg',
    '/media/leagues/esports-DOTA.svg',
    '/media/covers/banner-3.svg',
    `/media/covers/news-9-${encodeURIComponent('今晚焦点战')}.svg`,
    '/media/gifts/rocket.svg',
    '/media/icons/task-watch.svg',
    '/media/levels/1.svg',
    '/media/levels/60.svg',
    '/media/levels/anchor-40.svg',
    '/media/levels/noble-7.svg',
    '/media/levels/guard-3.svg',
  ])('draws %s', async (url) => {
    const response = await app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expectWellFormed(response.body);
    const etag = response.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
  });

  it.each([
    '/media/avatars/abc.svg',
    '/media/avatars/12345678901.svg',
    '/media/crests/mci-1.svg',
    '/media/crests/ABCDE-1.svg',
    '/media/leagues/tennis-ATP.svg',
    '/media/covers/poster-1.svg',
    '/media/gifts/diamond.svg',
    '/media/icons/unknown.svg',
    '/media/levels/0.svg',
    '/media/levels/61.svg',
    '/media/levels/anchor-41.svg',
    '/media/levels/noble-8.svg',
    '/media/levels/guard-4.svg',
    `/media/avatars/${'1'.repeat(81)}.svg`,
    '/media/elsewhere/1.svg',
  ])('answers 404 for %s', async (url) => {
    const response = await app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(404);
  });
});
