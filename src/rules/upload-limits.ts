// What may be uploaded, by kind: the browser refuses a file past these before sending it, and the server refuses it
// again by its content and size.

const megabytes = (count: number) => count * 1024 * 1024;

const pictureTypes = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;

export type UploadKind = 'image' | 'video' | 'file';

/** SPEC §5: images (covers, photos, avatars) up to 5 MB, videos up to 50 MB. */
export const uploadLimits: Record<UploadKind, { maxBytes: number; contentTypes: readonly string[] }> = {
  image: { maxBytes: megabytes(5), contentTypes: pictureTypes },
  video: { maxBytes: megabytes(50), contentTypes: ['video/mp4', 'video/webm'] },
  // A chat file: a picture, a document or an archive, kept as small as a picture's limit allows a chat to carry.
  file: {
    maxBytes: megabytes(20),
    contentTypes: [...pictureTypes, 'video/mp4', 'video/webm', 'application/pdf', 'application/zip'],
  },
};

/** A room's cover: a picture the room list shows as a photo, so PNG or JPEG only. */
export const roomCoverUpload = { maxBytes: uploadLimits.image.maxBytes, contentTypes: ['image/png', 'image/jpeg'] } as const;
