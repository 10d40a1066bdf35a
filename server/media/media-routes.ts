import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { localUploadStorage, storedUploadType } from '../adapters/storage/upload-storage.ts';
import { uploadsPathPrefix, type UploadStorage } from '../ports/upload-storage.ts';
import {
  avatarSvg,
  badgeLimits,
  coverSvg,
  crestSvg,
  giftEffectSvg,
  giftSvg,
  iconSvg,
  leagueLogoSvg,
  levelIconSvg,
  type BadgeKind,
  type CoverMotif,
  type Sport,
} from './art.ts';

// The names the seed writes (server/seed/seed.ts) and the art they stand for:
//   /media/avatars/<seed>.svg                  avatarSvg(seed)
//   /media/crests/<INITIALS>-<seed>.svg         crestSvg(INITIALS, seed)
//   /media/leagues/<sport>-<CODE>.svg           leagueLogoSvg(CODE, sport)
//   /media/covers/<motif>-<seed>[-<title>].svg  coverSvg(title, seed, motif)
//   /media/gifts/<kind>.svg                     giftSvg(kind)
//   /media/gift-effects/<kind>.svg              giftEffectSvg(kind), animated
//   /media/icons/<kind>.svg                     iconSvg(kind)
//   /media/levels/<n> | anchor-<n> | noble-<n> | guard-<n>.svg   levelIconSvg(n, kind)

const sports = new Set<Sport>(['football', 'basketball', 'esports']);
const motifs = new Set<CoverMotif>(['football', 'basketball', 'esports', 'news', 'video', 'banner', 'circle']);
const maxSeed = 1_000_000_000;

function seedOf(text: string): number | null {
  if (!/^\d{1,10}$/.test(text)) return null;
  const n = Number(text);
  return n <= maxSeed ? n : null;
}

export function drawAvatar(name: string): string | null {
  const seed = seedOf(name);
  return seed === null ? null : avatarSvg(seed);
}

export function drawCrest(name: string): string | null {
  const m = /^([A-Z0-9]{1,4})-(\d{1,10})$/.exec(name);
  const seed = m ? seedOf(m[2]!) : null;
  return m && seed !== null ? crestSvg(m[1]!, seed) : null;
}

export function drawLeague(name: string): string | null {
  const m = /^([a-z]+)-([A-Z0-9]{1,5})$/.exec(name);
  if (!m || !sports.has(m[1] as Sport)) return null;
  return leagueLogoSvg(m[2]!, m[1] as Sport);
}

export function drawCover(name: string): string | null {
  const m = /^([a-z]+)-(\d{1,10})(?:-(.{1,24}))?$/su.exec(name);
  if (!m || !motifs.has(m[1] as CoverMotif)) return null;
  const seed = seedOf(m[2]!);
  return seed === null ? null : coverSvg(m[3] ?? '', seed, m[1] as CoverMotif);
}

export function drawLevel(name: string): string | null {
  const m = /^(?:(anchor|noble|guard)-)?(\d{1,3})$/.exec(name);
  if (!m) return null;
  const kind = (m[1] ?? 'wealth') as BadgeKind;
  const level = Number(m[2]);
  if (level < 1 || level > badgeLimits[kind]) return null;
  return levelIconSvg(level, kind);
}

const routes: ReadonlyArray<readonly [folder: string, draw: (name: string) => string | null]> = [
  ['avatars', drawAvatar],
  ['crests', drawCrest],
  ['leagues', drawLeague],
  ['covers', drawCover],
  ['gifts', giftSvg],
  ['gift-effects', giftEffectSvg],
  ['icons', iconSvg],
  ['levels', drawLevel],
];

export interface MediaRoutesOptions {
  /** The app's storage port; the default data directory's when the routes are served alone. */
  storage?: UploadStorage;
}

/**
 * Serves the generated artwork under /media/<folder>/<name>.svg (the name says what to draw) and
 * the users' uploads under /media/uploads/<name>.
 */
export async function mediaRoutes(app: FastifyInstance, options: MediaRoutesOptions = {}): Promise<void> {
  await app.register(uploadedFiles, { storage: options.storage ?? localUploadStorage() });

  // The art is a pure function of the name, so each answer can be cached; a bounded map keeps
  // a crawl of made-up names from growing memory.
  const cache = new Map<string, { body: string; etag: string }>();
  const cacheLimit = 2000;

  for (const [folder, draw] of routes) {
    app.get<{ Params: { name: string } }>(
      `/media/${folder}/:name.svg`,
      async (request: FastifyRequest<{ Params: { name: string } }>, reply: FastifyReply) => {
        const key = `${folder}/${request.params.name}`;
        let hit = cache.get(key);
        if (!hit) {
          const body = request.params.name.length <= 80 ? draw(request.params.name) : null;
          if (body === null) {
            return reply.code(404).type('application/json; charset=utf-8').send({ code: 1, msg: 'Not found', data: null });
          }
          hit = { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
          if (cache.size >= cacheLimit) cache.delete(cache.keys().next().value as string);
          cache.set(key, hit);
        }
        reply
          .header('cache-control', 'public, max-age=2592000')
          .header('etag', hit.etag)
          .header('x-content-type-options', 'nosniff');
        if (request.headers['if-none-match'] === hit.etag) return reply.code(304).send();
        return reply.type('image/svg+xml').send(hit.body);
      },
    );
  }
}

/**
 * The byte range a Range header asks of a file of `size` bytes: null for the whole file (no header, or one this
 * does not serve, such as several ranges, which a client then reads whole), 'unsatisfiable' for one past its end.
 */
export function requestedRange(header: string | undefined, size: number): { start: number; end: number } | null | 'unsatisfiable' {
  const asked = /^bytes=(\d*)-(\d*)$/.exec(header?.trim() ?? '');
  if (!asked || (asked[1] === '' && asked[2] === '')) return null;
  if (asked[1] === '') {
    // The last N bytes.
    const suffix = Number(asked[2]);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(asked[1]);
  const end = asked[2] === '' ? size - 1 : Math.min(Number(asked[2]), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}

/**
 * Stored uploads, read through the storage port (a folder, or an S3 bucket), with ranges for video seeking. Only
 * the random names the upload service gives are served, so a half-written `.part` file or anything else put in
 * the storage never is; their extension, chosen from the sniffed content, sets the type, and nosniff keeps
 * browsers to it.
 */
async function uploadedFiles(app: FastifyInstance, { storage }: { storage: UploadStorage }): Promise<void> {
  app.get<{ Params: { name: string } }>(`${uploadsPathPrefix}:name`, async (request, reply) => {
    const { name } = request.params;
    const type = storedUploadType(name);
    const size = type ? await storage.size(name) : null;
    if (!type || size === null) return reply.callNotFound();
    // A name is never reused for other content: the name is the file's version.
    const etag = `"${name}"`;
    reply
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('accept-ranges', 'bytes')
      .header('etag', etag)
      .type(type);
    // Chat files are downloaded, not opened in the site's origin.
    if (/\.(pdf|zip)$/.test(name)) reply.header('content-disposition', 'attachment');
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    const range = requestedRange(request.headers.range, size);
    if (range === 'unsatisfiable') return reply.code(416).header('content-range', `bytes */${String(size)}`).send();
    // HEAD is answered from the size alone; Fastify keeps the length given with a stream (an empty one here).
    if (request.method === 'HEAD') return reply.header('content-length', String(range ? range.end - range.start + 1 : size)).send(Readable.from([]));
    const file = await storage.get(name, range ?? undefined);
    if (!file) return reply.callNotFound();
    reply.header('content-length', String(file.length));
    if (range) reply.code(206).header('content-range', `bytes ${String(range.start)}-${String(range.start + file.length - 1)}/${String(file.size)}`);
    return reply.send(file.body);
  });
}
