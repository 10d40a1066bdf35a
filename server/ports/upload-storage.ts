/** Site paths of stored uploads start with this; server/media/media-routes.ts serves them. */
export const uploadsPathPrefix = '/media/uploads/';

/** The storage port (DESIGN.md, Layout: adapters): where uploaded files are kept and served from. */
export interface UploadStorage {
  /** The folder the upload service writes and /media/uploads/ serves. */
  readonly directory: string;
}
