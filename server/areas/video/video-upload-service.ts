import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open, readFile, rename, rm, stat, unlink } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { uploadsPathPrefix } from '../../ports/upload-storage.ts';
import { inputErrorOf } from '../../contract/contract.ts';
import type { InputOf } from '../../contract/operation-types.ts';
import type { SessionUser } from '../../ports/session-resolver.ts';
import { DomainError, ResultCode } from '../../errors.ts';
import { sniffLength, sniffMediaType, storedExtensions } from '../../upload-content-type.ts';
import type { Language } from '../../i18n/server-messages.ts';
import type { ServerContext } from '../../ports/server-context.ts';
import { coverRule, reencodeCover, refuseUpload, stageChecked, uploadMessages, uploadRuleOf, writeChecked, type UploadRule, type WrittenFile } from '../account/account-public.ts';
import { videoCachePrefix, videoListMessages, videoInfo } from './video-list-service.ts';
import { findFfprobe, probeVideo, type ProbedVideo } from './video-probe.ts';
import type { Video } from './video-queries.ts';
import { publishesWithoutReview } from '../../../src/machines/video-review-machine.ts';
import { renditionsDirectory } from './video-renditions.ts';
import { queueTranscode, wakeTranscodeWorkers } from './video-transcode-service.ts';
import { cancelTranscodesOf } from './video-transcode-worker.ts';
import { tusFile, uploadedOffset } from './video-tus-routes.ts';

export const videoUploadMessages = {
  wrongFormat: uploadMessages.wrongType.video,
  fileMissing: 'Input error: file is required',
  categoryMissing: 'This video category does not exist',
  added: 'Added successfully',
  deleted: 'Operation successful',
  notYours: 'Only the author or an admin may delete this video',
} as const;

export type InsertFields = Omit<InputOf<'videoUserInsert'>, 'cover' | 'video'>;

/** The form's fields, a cover and a video: nothing more is read. */
const formLimits = { files: 2, fields: 6, fieldSize: 1024, parts: 8 } as const;

/** Where a video's poster frame is taken: a second in, or a third of a shorter video. */
const posterAtSeconds = (duration: number) => Math.min(1, duration / 3);
/** The length from which the poster is a second in. */
const posterAtLeastSeconds = 3;

/**
 * Video_user/insert: the form's text fields checked against the contract, the cover by its content
 * (and drawn again, as every cover is), the video by its first bytes while it streams, then by what
 * ffprobe reads in it (mp4, mov or webm with a playable video stream). Without a cover the poster
 * frame is taken. Anything refused leaves no file and no row behind.
 */
export async function insertVideo(server: ServerContext, request: FastifyRequest, author: SessionUser, language: Language): Promise<Video> {
  const validate = server.contract.byId.get('videoUserInsert')?.fieldsValidator();
  if (!validate) throw new Error('videoUserInsert has no multipart fields in the contract');
  const fields: Record<string, unknown> = {};
  const written: WrittenFile[] = [];
  let cover: WrittenFile | undefined;
  let video: WrittenFile | undefined;
  try {
    for await (const part of request.parts({ limits: formLimits })) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value);
        continue;
      }
      if (part.fieldname === 'cover' && !cover) {
        cover = await reencodeCover(server.storage, await stageChecked(part.file, coverRule, server.storage));
        written.push(cover);
      } else if (part.fieldname === 'video' && !video) {
        video = await writeChecked(part.file, uploadRuleOf('video'), server.storage);
        written.push(video);
      } else {
        part.file.resume();
      }
    }
    if (!isInsertFields(validate, fields)) {
      const { text, params } = inputErrorOf(validate.errors);
      throw new DomainError(text, ResultCode.error, params);
    }
    if (!video) throw new DomainError(videoUploadMessages.fileMissing);
  } catch (error) {
    for (const stored of written.slice(1)) await server.storage.delete(stored.name).catch(() => undefined);
    return refuseUpload(server, written[0], error);
  }
  return storeVideo(server, author, fields, video, cover, language);
}

export interface StoreOptions {
  /** More to store with the video, in its transaction (a published broadcast stretch's match and chapters). */
  afterInsert?: (trx: Kysely<Database>, videoId: number, durationSeconds: number) => Promise<void>;
}

/** A video file written and checked by its first bytes and size; its SHA-256 may still be being read. */
export type StoredVideoFile = Omit<WrittenFile, 'sha256'> & { sha256: string | Promise<string> };

/**
 * The video file written and checked by its first bytes and size: read by ffprobe, its category
 * checked, the poster frame taken when there is no cover, then the video, its uploads and its
 * transcoding job stored in one transaction. An anchor's or an admin's video is published at once, a
 * member's waits under review for an admin (publishesWithoutReview). Anything refused leaves no file and
 * no row behind. ffprobe, the poster frame (processes of their own) and the hash run side by side: one after
 * another they were most of the time from a large upload's last byte to its video.
 */
export async function storeVideo(
  server: ServerContext,
  author: SessionUser,
  fields: InsertFields,
  stored: StoredVideoFile,
  givenCover: WrittenFile | undefined,
  language: Language,
  options: StoreOptions = {},
): Promise<Video> {
  let cover = givenCover;
  const written: Array<{ name: string }> = [stored, ...(cover ? [cover] : [])];
  try {
    // Kept on this machine too by the storage that just took it: ffprobe and ffmpeg read it here.
    const file = (await server.storage.localPath(stored.name)) ?? join(server.storage.directory, stored.name);
    // The poster is taken at its usual second (that of any video 3 s or longer) while ffprobe reads the length.
    const [probedRead, hashRead, posterRead] = await Promise.allSettled([
      probeOrSniffed(file, fields),
      Promise.resolve(stored.sha256),
      cover ? Promise.resolve(undefined) : posterFrame(server, file, posterAtLeastSeconds),
    ]);
    const early = posterRead.status === 'fulfilled' ? posterRead.value : undefined;
    if (early) written.push(early);
    if (probedRead.status === 'rejected') throw probedRead.reason;
    if (hashRead.status === 'rejected') throw hashRead.reason;
    const probed = probedRead.value;
    const video: WrittenFile = { ...stored, sha256: hashRead.value };
    const category = await server.database.db.selectFrom('video_categories').select('id').where('id', '=', fields.category_id).executeTakeFirst();
    if (!category) throw new DomainError(videoUploadMessages.categoryMissing);
    if (!cover && early && probed.durationSeconds >= posterAtLeastSeconds) cover = early;
    else if (!cover) {
      if (early) await server.storage.delete(early.name).catch(() => undefined);
      cover = await posterFrame(server, file, probed.durationSeconds);
      if (cover) written.push(cover);
    }
    const coverPath = cover ? `${uploadsPathPrefix}${cover.name}` : `/media/covers/video-${parseInt(video.sha256.slice(0, 6), 16)}.svg`;
    const videoPath = `${uploadsPathPrefix}${video.name}`;
    const videoFile = video;
    const published = publishesWithoutReview(author);
    const id = await server.database.db.transaction().execute(async (trx) => {
      const now = server.clock.now();
      const uploads = [videoFile, ...(cover ? [cover] : [])].map((entry) => ({
        owner_id: author.id,
        path: `${uploadsPathPrefix}${entry.name}`,
        purpose: entry === videoFile ? ('video' as const) : ('video_cover' as const),
        content_type: entry.type,
        bytes: entry.bytes,
        sha256: entry.sha256,
        width: entry.size?.width ?? null,
        height: entry.size?.height ?? null,
        created_at: now,
      }));
      await trx.insertInto('uploads').values(uploads).execute();
      const row = await trx
        .insertInto('videos')
        .values({
          category_id: fields.category_id,
          user_id: author.id,
          title: fields.title.trim() || fields.title,
          status: published ? 'audit_successful' : 'under_review',
          cover: coverPath,
          video_path: videoPath,
          duration_seconds: Math.max(1, Math.round(probed.durationSeconds)),
          bytes: videoFile.bytes,
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await options.afterInsert?.(trx, Number(row.id), probed.durationSeconds);
      await queueTranscode(trx, Number(row.id));
      return Number(row.id);
    });
    wakeTranscodeWorkers();
    if (published) server.cache.invalidate(videoCachePrefix);
    return await videoInfo(server, author, id, language);
  } catch (error) {
    for (const entry of written.slice(1)) await server.storage.delete(entry.name).catch(() => undefined);
    return refuseUpload(server, written[0], error);
  }
}

function isInsertFields(validate: (value: unknown) => boolean, value: Record<string, unknown>): value is InsertFields {
  return validate(value);
}

/** ffprobe's reading of the file; without ffprobe on the machine, the first bytes' type (already checked) and the browser's length. */
async function probeOrSniffed(file: string, fields: InsertFields): Promise<Pick<ProbedVideo, 'durationSeconds'>> {
  const ffprobe = findFfprobe();
  if (!ffprobe) return { durationSeconds: fields.duration ?? 1 };
  const probed = await probeVideo(ffprobe, file);
  if (!probed) throw new DomainError(videoUploadMessages.wrongFormat);
  return probed;
}

/** The poster frame as a JPEG cover, or undefined without ffmpeg (the generated art cover stands in). */
async function posterFrame(server: ServerContext, file: string, duration: number): Promise<WrittenFile | undefined> {
  const name = `${randomBytes(16).toString('hex')}.jpg`;
  const target = join(server.storage.directory, name);
  const made = await new Promise<boolean>((resolve) => {
    execFile(
      'ffmpeg',
      ['-v', 'error', '-ss', String(posterAtSeconds(duration)), '-i', file, '-frames:v', '1', '-vf', 'scale=min(1280\\,iw):-2', '-q:v', '4', '-y', target],
      { timeout: 20_000 },
      (error) => resolve(!error),
    );
  });
  if (!made) {
    await unlink(target).catch(() => undefined);
    return undefined;
  }
  const bytes = await readFile(target);
  await server.storage.keep(target, name, 'image/jpeg');
  return { name, type: 'image/jpeg', bytes: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex'), size: null };
}

/**
 * Video_user/delete: by its author or an admin; its comments, likes and favourites go with it from every list,
 * and its files from the disk: the original, the cover when it was uploaded, the renditions and their job
 * (a run under way here is stopped first, one elsewhere at its next lease renewal).
 */
export async function deleteVideo(server: ServerContext, user: SessionUser, videoId: number): Promise<null> {
  const row = await server.database.db
    .selectFrom('videos')
    .select(['id', 'user_id', 'video_path', 'cover'])
    .where('id', '=', videoId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!row) throw new DomainError(videoListMessages.notFound);
  if (Number(row.user_id) !== user.id && !user.roles.has('admin')) throw new DomainError(videoUploadMessages.notYours);
  const uploaded = [row.video_path, row.cover].filter((path) => path.startsWith(uploadsPathPrefix));
  await server.database.db.transaction().execute(async (trx) => {
    await trx.updateTable('videos').set({ deleted_at: server.clock.now(), hls_path: null, renditions: [] }).where('id', '=', videoId).execute();
    await trx.deleteFrom('video_favorites').where('video_id', '=', videoId).execute();
    await trx.deleteFrom('likes').where('target_type', '=', 'video').where('target_id', '=', videoId).execute();
    await trx.deleteFrom('video_transcode_jobs').where('video_id', '=', videoId).execute();
    if (uploaded.length > 0) await trx.deleteFrom('uploads').where('path', 'in', uploaded).execute();
  });
  server.cache.invalidate(videoCachePrefix);
  await cancelTranscodesOf(videoId);
  await Promise.all([
    ...uploaded.map((path) => server.storage.delete(basename(path)).catch(() => undefined)),
    rm(renditionsDirectory(server.storage.directory, videoId), { recursive: true, force: true, maxRetries: 3 }),
  ]);
  return null;
}

export const resumableMessages = {
  notWhole: 'The upload is not complete yet',
} as const;

/**
 * Video_user/insertUpload: a whole tus upload of the caller's goes through the checks every uploaded video
 * does (its first bytes and size while it is copied into the uploads, then ffprobe) and becomes a video;
 * the upload is gone either way once it was whole.
 */
export async function insertResumedUpload(
  server: ServerContext,
  author: SessionUser,
  input: InputOf<'videoUserInsertUpload'>,
  language: Language,
): Promise<Video> {
  const row = await server.database.db
    .selectFrom('video_tus_uploads')
    .select(['id', 'length'])
    .where('id', '=', input.upload_id)
    .where('user_id', '=', author.id)
    .executeTakeFirst();
  if (!row) throw new DomainError(videoListMessages.notFound);
  if ((await uploadedOffset(server, row.id)) !== Number(row.length)) throw new DomainError(resumableMessages.notWhole);
  const claimed = await server.database.db.deleteFrom('video_tus_uploads').where('id', '=', row.id).executeTakeFirst();
  // Two calls for one upload: the second finds it gone.
  if (Number(claimed.numDeletedRows) === 0) throw new DomainError(videoListMessages.notFound);
  let video: StoredVideoFile;
  try {
    video = await adoptChecked(tusFile(server, row.id), uploadRuleOf('video'), server.storage.directory);
    await server.storage.keep(join(server.storage.directory, video.name), video.name, video.type);
  } catch (error) {
    await unlink(tusFile(server, row.id)).catch(() => undefined);
    return await refuseUpload(server, undefined, error);
  }
  const { upload_id: _uploadId, ...fields } = input;
  return storeVideo(server, author, fields, video, undefined, language);
}

/**
 * A whole resumable upload judged where it lies, by the same rule as a streamed one (its first bytes' type, its
 * size), then renamed into the uploads: the bytes are not written a second time, which halved the time from the
 * last byte to the video for a large file. Its hash is read beside ffprobe and the poster frame (storeVideo).
 */
async function adoptChecked(file: string, rule: UploadRule, directory: string): Promise<StoredVideoFile> {
  const { size: bytes } = await stat(file);
  if (bytes === 0) throw new DomainError(uploadMessages.empty);
  if (bytes > rule.maxBytes) throw new DomainError(uploadMessages.tooLarge, ResultCode.error, { megabytes: rule.maxBytes / (1024 * 1024) });
  const handle = await open(file, 'r');
  let head: Buffer;
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(sniffLength), 0, sniffLength, 0);
    head = buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
  const type = sniffMediaType(head);
  if (!type || !rule.contentTypes.includes(type)) throw new DomainError(rule.wrongType);
  const name = `${randomBytes(16).toString('hex')}.${storedExtensions[type]}`;
  await rename(file, join(directory, name));
  return { name, type, bytes, sha256: sha256Of(join(directory, name)), size: null };
}

/** A file's SHA-256, read in large pieces. */
async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file, { highWaterMark: 1024 * 1024 })) hash.update(chunk as Buffer);
  return hash.digest('hex');
}
