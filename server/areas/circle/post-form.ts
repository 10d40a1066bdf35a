import type { FastifyRequest } from 'fastify';
import { uploadsPathPrefix } from '../../ports/upload-storage.ts';
import { inputErrorOf } from '../../contract/contract.ts';
import type { InputOf } from '../../contract/operation-types.ts';
import { DomainError, ResultCode } from '../../errors.ts';
import type { ServerContext } from '../../ports/server-context.ts';
import { coverRule, reencodeCover, refuseUpload, stageChecked, uploadMessages, writeChecked, type UploadRule, type WrittenFile } from '../account/account-public.ts';

// anchor_dynamics_user/insert sends the post as a form (SPEC §5): a circle, the text, and up to 4 photos or one
// video under 50 MB with its cover, never both. The text fields are checked against the contract's schema; each
// file by its content, as every upload is; photos and the cover are decoded and drawn again, as room covers are,
// so nothing a file hid is served. A refused form leaves no file behind.

export const postFormMessages = {
  tooManyPhotos: 'A post takes at most 4 photos',
  photosAndVideo: 'A post takes photos or a video, not both',
  coverMissing: 'A video needs a cover',
} as const;

/** SPEC §5 and §9: up to 4 photos. */
export const maxPhotos = 4;
/** SPEC §9: a video under 50 MB; the uploads table holds files below 52,428,800 bytes. */
const videoRule: UploadRule = { maxBytes: 50 * 1024 * 1024 - 1, contentTypes: ['video/mp4'], wrongType: uploadMessages.wrongType.video };
/** Four photos, a video and its cover, with a few fields: well within the site's multipart limits. */
const formLimits = { files: maxPhotos + 2, fields: 4, fieldSize: 8 * 1024, parts: maxPhotos + 6, fileSize: videoRule.maxBytes + 1 } as const;

type PostFields = Pick<InputOf<'anchorDynamicsUserInsert'>, 'circle_id' | 'content'>;

export interface StoredMedia {
  kind: 'image' | 'video' | 'video_cover';
  path: string;
  file: WrittenFile;
}

export interface PostForm {
  fields: PostFields;
  media: StoredMedia[];
  /** Removes the stored files, for a post the circle's rules then refuse. */
  discard(): Promise<void>;
}

/** Reads the post form of `authorId`, or refuses it with the first broken rule. */
export async function readPostForm(server: ServerContext, request: FastifyRequest): Promise<PostForm> {
  const validate = server.contract.byId.get('anchorDynamicsUserInsert')?.fieldsValidator();
  if (!validate) throw new Error('anchorDynamicsUserInsert has no multipart fields in the contract');
  const fields: Record<string, unknown> = {};
  const media: StoredMedia[] = [];
  const discard = async () => {
    await Promise.all(media.map((item) => server.storage.delete(item.file.name).catch(() => undefined)));
  };
  const count = (kind: StoredMedia['kind']) => media.filter((item) => item.kind === kind).length;
  try {
    for await (const part of request.parts({ limits: formLimits })) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value);
        continue;
      }
      let item: StoredMedia['kind'];
      if (part.fieldname === 'photos' || part.fieldname === 'photos[]') {
        if (count('image') === maxPhotos) throw new DomainError(postFormMessages.tooManyPhotos);
        if (count('video') > 0) throw new DomainError(postFormMessages.photosAndVideo);
        item = 'image';
      } else if (part.fieldname === 'video' && count('video') === 0) {
        if (count('image') > 0) throw new DomainError(postFormMessages.photosAndVideo);
        item = 'video';
      } else if (part.fieldname === 'cover' && count('video_cover') === 0) {
        item = 'video_cover';
      } else {
        part.file.resume();
        continue;
      }
      const file =
        item === 'video'
          ? await writeChecked(part.file, videoRule, server.storage)
          : await reencodeCover(server.storage, await stageChecked(part.file, coverRule, server.storage));
      media.push({ kind: item, path: `${uploadsPathPrefix}${file.name}`, file });
    }
    if (!validate({ circle_id: fields.circle_id, content: fields.content })) {
      const { text, params } = inputErrorOf(validate.errors);
      throw new DomainError(text, ResultCode.error, params);
    }
    if (count('video') > 0 && count('video_cover') === 0) throw new DomainError(postFormMessages.coverMissing);
    if (count('video') === 0 && count('video_cover') > 0) {
      // A cover without a video is not kept.
      const cover = media.splice(media.findIndex((entry) => entry.kind === 'video_cover'), 1)[0]!;
      await server.storage.delete(cover.file.name).catch(() => undefined);
    }
    const circleId = Number(fields.circle_id);
    return { fields: { circle_id: circleId, content: String(fields.content) }, media, discard };
  } catch (error) {
    await discard();
    return refuseUpload(server, null, error);
  }
}
