import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { mkdir, open, stat, truncate, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { languageOf, translate } from '../../i18n/server-messages.ts';
import type { ServerContext } from '../../ports/server-context.ts';
import type { SessionResolver, SessionUser } from '../../ports/session-resolver.ts';

// The tus 1.0.0 resumable upload protocol (https://tus.io/protocols/resumable-upload): its core (HEAD for the
// offset, PATCH appending at exactly that offset) with the creation, termination and checksum extensions.
//   POST   /api/tus/videos         Upload-Length, Upload-Metadata    → 201, Location
//   HEAD   /api/tus/videos/<id>                                      → Upload-Offset, Upload-Length
//   PATCH  /api/tus/videos/<id>    Upload-Offset, [Upload-Checksum]  → 204, Upload-Offset
//   DELETE /api/tus/videos/<id>                                      → 204
// The bytes go to a file of their own; once whole, Video_user/insertUpload checks it and makes the video.

export const tusPath = '/api/tus/videos';
const tusVersion = '1.0.0';
/** Under 50 MB, as every video (SPEC §5, §9). */
export const tusMaxBytes = 52428800 - 1;
/** An unfinished upload is kept this long after it began. */
const uploadLifetimeMs = 24 * 3600_000;
/**
 * Unfinished uploads one member may hold at once: each may grow to 50 MB on the site's disk, so without a cap one
 * account could fill it. A person resumes one or two; a few more cover several tabs.
 */
export const tusUploadsPerUser = 5;
/** How often the uploads left unfinished past their time are removed, bytes and rows. */
const sweepEveryMs = 10 * 60_000;
const checksumAlgorithms = ['sha1', 'sha256'] as const;
type ChecksumAlgorithm = (typeof checksumAlgorithms)[number];

export const tusMessages = {
  loginFirst: '请登录后操作',
  notFound: 'Not found',
  tooLarge: 'The video must be smaller than 50 MB',
  tooMany: 'Too many uploads are under way: finish or cancel one first',
  badLength: 'Upload-Length must be a whole number of bytes',
  badOffset: 'Upload-Offset does not match the bytes received',
  badType: 'The body must be application/offset+octet-stream',
  busy: 'This upload is being written by another request',
  checksumMismatch: 'The checksum does not match the bytes sent',
  badChecksum: 'Upload-Checksum names an algorithm the server does not support',
  version: 'Tus-Resumable 1.0.0 is the only version supported',
} as const;

/** Where an upload's bytes are kept while it is under way: beside the uploads, never served. */
export function tusFile(server: ServerContext, id: string): string {
  return join(server.storage.directory, 'tus', `${id}.bin`);
}

export async function uploadedOffset(server: ServerContext, id: string): Promise<number> {
  try {
    return (await stat(tusFile(server, id))).size;
  } catch {
    return 0;
  }
}

/** Removes the uploads left unfinished past their time, and their bytes; answers how many went. */
export async function sweepExpiredUploads(server: ServerContext): Promise<number> {
  const gone = await server.database.db
    .deleteFrom('video_tus_uploads')
    .where('expires_at', '<', server.clock.now())
    .returning('id')
    .execute();
  await Promise.all(gone.map((row) => unlink(tusFile(server, row.id)).catch(() => undefined)));
  return gone.length;
}

/** The tus Upload-Metadata header: comma-separated `key base64value` pairs. */
function parseMetadata(header: string | undefined): Record<string, string> | null {
  const metadata: Record<string, string> = {};
  if (!header) return metadata;
  if (header.length > 2000) return null;
  for (const pair of header.split(',')) {
    const [key, value = '', ...rest] = pair.trim().split(' ');
    if (!key || rest.length || !/^[A-Za-z0-9_.-]{1,40}$/.test(key) || !/^[A-Za-z0-9+/=]*$/.test(value)) return null;
    metadata[key] = Buffer.from(value, 'base64').toString('utf8').slice(0, 200);
  }
  return metadata;
}

export interface VideoTusRoutesOptions {
  server: ServerContext;
  resolveSession: SessionResolver;
}

/** The tus endpoints for video files; each upload belongs to the user whose token created it. */
export async function videoTusRoutes(app: FastifyInstance, { server, resolveSession }: VideoTusRoutesOptions): Promise<void> {
  // The database is read per request: the routes are made while it is still starting.
  const db = () => server.database.db;
  const writing = new Set<string>();
  // The body of a PATCH is the file's bytes, streamed to disk as they come, not parsed.
  app.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));

  const sweep = () =>
    void sweepExpiredUploads(server).catch((error: unknown) => server.log.warn({ err: error }, 'sweeping unfinished video uploads failed'));
  // The first sweep waits a minute: the database may still be opening while the routes are made.
  const sweeper = setInterval(sweep, sweepEveryMs);
  const firstSweep = setTimeout(sweep, 60_000);
  sweeper.unref();
  firstSweep.unref();
  app.addHook('onClose', async () => {
    clearInterval(sweeper);
    clearTimeout(firstSweep);
  });

  const tusHeaders = (reply: FastifyReply) => reply.header('tus-resumable', tusVersion).header('cache-control', 'no-store');
  const refuse = (request: FastifyRequest, reply: FastifyReply, status: number, message: string) =>
    tusHeaders(reply).code(status).type('text/plain; charset=utf-8').send(translate(message, languageOf(request.headers)));

  async function userOf(request: FastifyRequest): Promise<SessionUser | null> {
    const token = request.headers.token;
    if (typeof token !== 'string') return null;
    const lookup = await resolveSession(token);
    return lookup.status === 'ok' ? lookup.user : null;
  }

  /** The caller's upload, unexpired, or an answer already sent. */
  async function ownUpload(request: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply) {
    if (request.headers['tus-resumable'] !== tusVersion) {
      refuse(request, reply, 412, tusMessages.version);
      return null;
    }
    const user = await userOf(request);
    if (!user) {
      refuse(request, reply, 401, tusMessages.loginFirst);
      return null;
    }
    const { id } = request.params;
    const row = /^[0-9a-f]{32}$/.test(id)
      ? await db().selectFrom('video_tus_uploads').selectAll().where('id', '=', id).where('user_id', '=', user.id).executeTakeFirst()
      : undefined;
    if (!row || row.expires_at.getTime() < server.clock.now().getTime()) {
      refuse(request, reply, 404, tusMessages.notFound);
      return null;
    }
    return row;
  }

  app.options(tusPath, async (_request, reply) =>
    tusHeaders(reply)
      .code(204)
      .header('tus-version', tusVersion)
      .header('tus-extension', 'creation,termination,checksum')
      .header('tus-max-size', String(tusMaxBytes))
      .header('tus-checksum-algorithm', checksumAlgorithms.join(','))
      .send(),
  );

  app.post(tusPath, async (request, reply) => {
    if (request.headers['tus-resumable'] !== tusVersion) return refuse(request, reply, 412, tusMessages.version);
    const user = await userOf(request);
    if (!user) return refuse(request, reply, 401, tusMessages.loginFirst);
    const lengthHeader = request.headers['upload-length'];
    if (typeof lengthHeader !== 'string' || !/^\d{1,12}$/.test(lengthHeader) || Number(lengthHeader) === 0) {
      return refuse(request, reply, 400, tusMessages.badLength);
    }
    const length = Number(lengthHeader);
    if (length > tusMaxBytes) return refuse(request, reply, 413, tusMessages.tooLarge);
    const metadataHeader = request.headers['upload-metadata'];
    const metadata = parseMetadata(typeof metadataHeader === 'string' ? metadataHeader : undefined);
    if (!metadata) return refuse(request, reply, 400, tusMessages.badLength);
    const underWay = await db()
      .selectFrom('video_tus_uploads')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('user_id', '=', user.id)
      .where('expires_at', '>=', server.clock.now())
      .executeTakeFirstOrThrow();
    if (Number(underWay.count) >= tusUploadsPerUser) return refuse(request, reply, 429, tusMessages.tooMany);
    const id = randomBytes(16).toString('hex');
    await mkdir(join(server.storage.directory, 'tus'), { recursive: true });
    await (await open(tusFile(server, id), 'wx')).close();
    await db()
      .insertInto('video_tus_uploads')
      .values({ id, user_id: user.id, length, metadata: JSON.stringify(metadata), expires_at: new Date(server.clock.now().getTime() + uploadLifetimeMs) })
      .execute();
    return tusHeaders(reply).code(201).header('location', `${tusPath}/${id}`).header('upload-offset', '0').send();
  });

  app.head<{ Params: { id: string } }>(`${tusPath}/:id`, async (request, reply) => {
    const row = await ownUpload(request, reply);
    if (!row) return reply;
    const offset = await uploadedOffset(server, row.id);
    return tusHeaders(reply).code(200).header('upload-offset', String(offset)).header('upload-length', String(row.length)).send();
  });

  app.delete<{ Params: { id: string } }>(`${tusPath}/:id`, async (request, reply) => {
    const row = await ownUpload(request, reply);
    if (!row) return reply;
    await db().deleteFrom('video_tus_uploads').where('id', '=', row.id).execute();
    await unlink(tusFile(server, row.id)).catch(() => undefined);
    return tusHeaders(reply).code(204).send();
  });

  app.patch<{ Params: { id: string } }>(`${tusPath}/:id`, async (request, reply) => {
    const row = await ownUpload(request, reply);
    if (!row) {
      request.raw.resume();
      return reply;
    }
    if (request.headers['content-type'] !== 'application/offset+octet-stream') return refuse(request, reply, 415, tusMessages.badType);
    const offsetHeader = request.headers['upload-offset'];
    const offset = await uploadedOffset(server, row.id);
    if (typeof offsetHeader !== 'string' || !/^\d{1,12}$/.test(offsetHeader) || Number(offsetHeader) !== offset) {
      request.raw.resume();
      return refuse(request, reply, 409, tusMessages.badOffset);
    }
    let checksum: { algorithm: ChecksumAlgorithm; expected: string } | null = null;
    const checksumHeader = request.headers['upload-checksum'];
    if (typeof checksumHeader === 'string') {
      const [algorithm, expected] = checksumHeader.split(' ');
      if (!checksumAlgorithms.includes(algorithm as ChecksumAlgorithm) || !expected) return refuse(request, reply, 400, tusMessages.badChecksum);
      checksum = { algorithm: algorithm as ChecksumAlgorithm, expected };
    }
    if (writing.has(row.id)) return refuse(request, reply, 423, tusMessages.busy);
    writing.add(row.id);
    const hash = checksum ? createHash(checksum.algorithm) : null;
    let written = offset;
    let overflow = false;
    // Streamed to the file as it comes (one write per buffered batch, not per network chunk), never past the declared length.
    const guard = new Transform({
      transform(chunk: Buffer, _encoding, next) {
        if (written + chunk.length > row.length) {
          overflow = true;
          next(new Error('longer than declared'));
          return;
        }
        written += chunk.length;
        hash?.update(chunk);
        next(null, chunk);
      },
    });
    try {
      try {
        await pipeline(request.raw, guard, createWriteStream(tusFile(server, row.id), { flags: 'a', highWaterMark: 1024 * 1024 }));
      } catch {
        // The connection dropped: the bytes that arrived stay (unless a checksum was promised), and the client resumes from them.
      }
      if (overflow) {
        await truncate(tusFile(server, row.id), offset);
        return refuse(request, reply, 413, tusMessages.tooLarge);
      }
      written = await uploadedOffset(server, row.id);
      if (checksum && hash) {
        const matches = request.raw.complete && hash.digest('base64') === checksum.expected;
        if (!matches) {
          await truncate(tusFile(server, row.id), offset);
          return refuse(request, reply, 460, tusMessages.checksumMismatch);
        }
      }
    } finally {
      writing.delete(row.id);
    }
    return tusHeaders(reply).code(204).header('upload-offset', String(written)).send();
  });
}
