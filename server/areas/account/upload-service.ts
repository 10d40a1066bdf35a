import { createHash, randomBytes } from 'node:crypto';
import { mkdir, open, readFile, unlink, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import type { Metadata, Sharp, SharpOptions } from 'sharp';
import type { DataOf } from '../../contract/operation-types.ts';
import type { UploadPurpose } from '../../db/tables/account-tables.ts';
import { DomainError, ResultCode } from '../../errors.ts';
import type { ServerContext } from '../../ports/server-context.ts';
import { imageSize, sniffLength, sniffMediaType, storedExtensions, type StoredMediaType } from '../../upload-content-type.ts';
import { uploadsPathPrefix, type UploadStorage } from '../../ports/upload-storage.ts';
import { type UploadKind, uploadLimits } from '../../../src/rules/upload-limits.ts';
import { uploadTokenMessages, verifyUploadToken } from './upload-token-service.ts';

type UploadedFile = DataOf<'upload'>;

const purposesOfKind: Record<UploadKind, readonly UploadPurpose[]> = {
  image: ['cover', 'avatar', 'circle_image', 'video_cover', 'chat_image', 'headline'],
  video: ['video', 'circle_video'],
  file: ['chat_file'],
};

export const uploadMessages = {
  tokenMissing: 'Input error: token is required',
  tokenAfterFile: 'Input error: token must come before the file',
  fileMissing: 'Input error: file is required',
  purposeWrong: 'Input error: purpose does not fit the token',
  unreadable: 'Input error: the upload could not be read',
  empty: 'The file is empty',
  // SPEC §8 gives the video text; the image one says the same for pictures.
  wrongType: {
    image: 'Please upload a PNG, JPEG, GIF or WebP image',
    video: 'Please upload the correct video format',
    file: 'Please send a picture, a video, a PDF or a ZIP file',
  },
  tooLarge: 'The file is larger than {megabytes} MB',
  coverType: 'Please upload a PNG or JPEG image',
  undecodable: 'The picture could not be read',
  tooManyPixels: 'The picture is too large: at most {megapixels} megapixels',
} as const;

/** What one form field of a file takes: how large, which types, and what a wrong type is told. */
export interface UploadRule {
  maxBytes: number;
  contentTypes: readonly string[];
  wrongType: string;
}

export function uploadRuleOf(kind: UploadKind): UploadRule {
  return { ...uploadLimits[kind], wrongType: uploadMessages.wrongType[kind] };
}

/** SPEC §5: a room's cover is png or jpg, up to 5 MB. */
export const coverRule: UploadRule = {
  maxBytes: uploadLimits.image.maxBytes,
  contentTypes: ['image/png', 'image/jpeg'],
  wrongType: uploadMessages.coverType,
};

/** Covers are shown at most this wide (a room card, the player's poster); wider ones are scaled down. */
export const coverMaxWidth = 1280;
/**
 * A cover's declared size is checked before it is decoded: a few kilobytes of PNG can declare a picture that
 * takes gigabytes to hold (a decompression bomb). 40 megapixels holds any phone's photo within 5 MB.
 */
export const coverMaxPixels = 40_000_000;

export interface WrittenFile {
  name: string;
  type: StoredMediaType;
  bytes: number;
  sha256: string;
  size: { width: number; height: number } | null;
}

/**
 * Reads the upload form of `POST /api/upload` (token, optional purpose, then one file), checks the
 * token and the file's real type and size while it streams, and stores it under a random name.
 * Anything refused leaves neither a file nor a row behind.
 */
export async function storeUpload(server: ServerContext, request: FastifyRequest, userId: number): Promise<UploadedFile> {
  let token: string | undefined;
  let purposeField: string | undefined;
  let written: (WrittenFile & { purpose: UploadPurpose; nonce: string }) | undefined;
  try {
    for await (const part of request.parts({ limits: { files: 1, fields: 2, fieldSize: 1024, parts: 3 } })) {
      if (part.type === 'field') {
        if (part.fieldname === 'token') token = String(part.value);
        if (part.fieldname === 'purpose') purposeField = String(part.value);
        continue;
      }
      if (part.fieldname !== 'file' || written) {
        part.file.resume();
        continue;
      }
      if (token === undefined) throw new DomainError(uploadMessages.tokenAfterFile);
      const grant = await verifyUploadToken(server, token, userId);
      const purpose = purposeOf(grant.kind, purposeField);
      // Every picture is decoded and drawn again before anyone sees it: only its pixels are kept. Chat files keep
      // their bytes and are served as downloads.
      const file =
        purpose === 'cover'
          ? await reencodeCover(server.storage, await stageChecked(part.file, coverRule, server.storage))
          : grant.kind === 'image'
            ? await reencodePicture(server.storage, await stageChecked(part.file, uploadRuleOf(grant.kind), server.storage))
            : await writeChecked(part.file, uploadRuleOf(grant.kind), server.storage);
      written = { ...file, purpose, nonce: grant.nonce };
    }
  } catch (error) {
    return refuseUpload(server, written, error);
  }
  if (!written) throw new DomainError(token === undefined ? uploadMessages.tokenMissing : uploadMessages.fileMissing);

  const path = `${uploadsPathPrefix}${written.name}`;
  try {
    await server.database.db
      .insertInto('uploads')
      .values({
        owner_id: userId,
        path,
        purpose: written.purpose,
        content_type: written.type,
        bytes: written.bytes,
        sha256: written.sha256,
        width: written.size?.width ?? null,
        height: written.size?.height ?? null,
        token_nonce: written.nonce,
        created_at: server.clock.now(),
      })
      .onConflict((conflict) => conflict.column('token_nonce').doNothing())
      .returning('id')
      .executeTakeFirst()
      .then((row) => {
        // Another upload with the same token was stored while this one streamed.
        if (!row) throw new DomainError(uploadTokenMessages.used);
      });
  } catch (error) {
    await server.storage.delete(written.name).catch(() => undefined);
    throw error;
  }
  return { path, content_type: written.type, bytes: written.bytes };
}

function tooLarge(maxBytes: number): DomainError {
  return new DomainError(uploadMessages.tooLarge, ResultCode.error, { megabytes: maxBytes / (1024 * 1024) });
}

function purposeOf(kind: UploadKind, field: string | undefined): UploadPurpose {
  const purposes = purposesOfKind[kind];
  if (field === undefined) return purposes[0]!;
  const purpose = purposes.find((candidate) => candidate === field);
  if (!purpose) throw new DomainError(uploadMessages.purposeWrong);
  return purpose;
}

/** A checked file on this machine, not stored yet: its bytes at `path` (never served), its stored name to be. */
export interface StagedFile extends WrittenFile {
  path: string;
}

/**
 * Streams the file and stores it under its random name (stageChecked, then the storage keeps it). Every form that
 * takes a file reads it through here or through stageChecked.
 */
export async function writeChecked(stream: Readable & { truncated?: boolean }, rule: UploadRule, storage: UploadStorage): Promise<WrittenFile> {
  const { path, ...staged } = await stageChecked(stream, rule, storage);
  try {
    await storage.keep(path, staged.name, staged.type);
  } catch (error) {
    await unlink(path).catch(() => undefined);
    throw error;
  }
  return staged;
}

/**
 * Streams the file to a temporary name on this machine, judging its type by the first bytes before anything is
 * written and stopping as soon as it passes the rule's limit. A picture is drawn again from it (reencodeCover,
 * reencodePicture) before anything is stored; any other file is kept as it is (writeChecked).
 */
export async function stageChecked(stream: Readable & { truncated?: boolean }, rule: UploadRule, storage: UploadStorage): Promise<StagedFile> {
  const { maxBytes, contentTypes } = rule;
  const { directory } = storage;
  const base = randomBytes(16).toString('hex');
  const temporary = join(directory, `${base}.part`);
  const hash = createHash('sha256');
  const head: Buffer[] = [];
  let bytes = 0;
  let opened: { file: FileHandle; type: StoredMediaType; size: WrittenFile['size'] } | undefined;
  let closed = false;

  const begin = async () => {
    const first = Buffer.concat(head);
    const type = sniffMediaType(first);
    if (!type || !contentTypes.includes(type)) throw new DomainError(rule.wrongType);
    await mkdir(directory, { recursive: true });
    const file = await open(temporary, 'wx');
    await file.write(first);
    return { file, type, size: imageSize(first, type) };
  };

  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      bytes += chunk.length;
      if (bytes > maxBytes) throw tooLarge(maxBytes);
      hash.update(chunk);
      if (opened) {
        await opened.file.write(chunk);
      } else {
        head.push(chunk);
        if (bytes >= sniffLength) opened = await begin();
      }
    }
    // The form's own limit cut the stream: the file was larger than anything the site takes.
    if (stream.truncated) throw tooLarge(maxBytes);
    if (bytes === 0) throw new DomainError(uploadMessages.empty);
    opened ??= await begin();
    closed = true;
    await opened.file.close();
    const name = `${base}.${storedExtensions[opened.type]}`;
    return { path: temporary, name, type: opened.type, bytes, sha256: hash.digest('hex'), size: opened.size };
  } catch (error) {
    if (opened && !closed) await opened.file.close().catch(() => undefined);
    await unlink(temporary).catch(() => undefined);
    throw error;
  }
}

/** Pictures other than covers (avatars, chat and post images) are kept up to this wide. */
export const pictureMaxWidth = 2560;
/** An animation may hold at most this many pixels over all its frames once decoded. */
const animationMaxPixels = 100_000_000;


/**
 * Decodes a staged picture within the pixel limit (its declared size is read first, so a bomb is refused before it
 * is decoded) and stores its pixels drawn again: metadata (EXIF, GPS, camera), comments, trailing bytes and anything
 * else hidden in the file are left behind, and never stored. The staged file is gone afterwards.
 */
async function redraw(
  storage: UploadStorage,
  written: StagedFile,
  draw: (input: Buffer, sharp: (input: Buffer, options: SharpOptions) => Sharp) => { pipeline: Sharp; type: StoredMediaType },
): Promise<WrittenFile> {
  // sharp (libvips) is loaded by the first picture, not by every start of the site.
  const { default: sharp } = await import('sharp');
  try {
    const input = await readFile(written.path);
    let declared: Metadata;
    try {
      // The header is read without sharp's own pixel limit, so a bomb is told apart from a broken file.
      declared = await sharp(input, { limitInputPixels: false }).metadata();
    } catch {
      throw new DomainError(uploadMessages.undecodable);
    }
    const framePixels = (declared.width ?? 0) * (declared.pageHeight ?? declared.height ?? 0);
    if (framePixels > coverMaxPixels || framePixels * (declared.pages ?? 1) > animationMaxPixels) {
      throw new DomainError(uploadMessages.tooManyPixels, ResultCode.error, { megapixels: coverMaxPixels / 1_000_000 });
    }
    const { pipeline, type } = draw(input, sharp);
    const output = await pipeline.toBuffer({ resolveWithObject: true }).catch(() => {
      throw new DomainError(uploadMessages.undecodable);
    });
    const name = `${randomBytes(16).toString('hex')}.${storedExtensions[type]}`;
    await storage.put(name, output.data, type);
    return {
      name,
      type,
      bytes: output.data.length,
      sha256: createHash('sha256').update(output.data).digest('hex'),
      size: { width: output.info.width, height: output.info.pageHeight ?? output.info.height },
    };
  } finally {
    await unlink(written.path).catch(() => undefined);
  }
}

/**
 * Decodes a stored cover and writes its pixels again as a JPEG at most `coverMaxWidth` wide, turned upright by its
 * EXIF orientation (redraw: nothing but the pixels is kept).
 */
export async function reencodeCover(storage: UploadStorage, written: StagedFile): Promise<WrittenFile> {
  return redraw(storage, written, (input, sharp) => ({
    pipeline: sharp(input, { limitInputPixels: coverMaxPixels, failOn: 'error' })
      .rotate()
      .resize({ width: coverMaxWidth, withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 82, mozjpeg: true }),
    type: 'image/jpeg',
  }));
}

/**
 * Decodes any other stored picture and writes its pixels again in its own format (an animated GIF or WebP keeps its
 * frames, a PNG its transparency), at most `pictureMaxWidth` wide and upright (redraw: nothing but the pixels is kept).
 */
export async function reencodePicture(storage: UploadStorage, written: StagedFile): Promise<WrittenFile> {
  return redraw(storage, written, (input, sharp) => {
    const animated = written.type === 'image/gif' || written.type === 'image/webp';
    let pipeline = sharp(input, { limitInputPixels: coverMaxPixels, failOn: 'error', ...(animated ? { animated: true } : {}) });
    if (!animated) pipeline = pipeline.rotate();
    pipeline = pipeline.resize({ width: pictureMaxWidth, withoutEnlargement: true });
    switch (written.type) {
      case 'image/png':
        return { pipeline: pipeline.png({ compressionLevel: 9 }), type: 'image/png' };
      case 'image/gif':
        return { pipeline: pipeline.gif(), type: 'image/gif' };
      case 'image/webp':
        return { pipeline: pipeline.webp({ quality: 82 }), type: 'image/webp' };
      default:
        return { pipeline: pipeline.jpeg({ quality: 85, mozjpeg: true }), type: 'image/jpeg' };
    }
  });
}

/** What busboy, the multipart parser, says of a body it cannot read. */
const multipartParserFailure = /^(Unexpected end of (multipart data|form|file)|Multipart: Boundary not found|Boundary required|Malformed part header|Unsupported Content-Type|Missing Content-Type)/;

/**
 * A multipart upload that failed part way: the file already written, if any, is removed, and the error is
 * thrown again as the sender should read it.
 */
export async function refuseUpload(server: ServerContext, written: { name: string } | undefined | null, error: unknown): Promise<never> {
  if (written) await server.storage.delete(written.name).catch(() => undefined);
  if (error instanceof DomainError) throw error;
  // @fastify/multipart's own refusals (too many parts, a field too long) and its parser's (no boundary, a body cut
  // short, a broken part header) are the sender's fault.
  if (error instanceof Error && 'code' in error && String(error.code).startsWith('FST_')) {
    throw new DomainError(uploadMessages.unreadable);
  }
  if (error instanceof Error && !('errno' in error) && multipartParserFailure.test(error.message)) throw new DomainError(uploadMessages.unreadable);
  throw error;
}
