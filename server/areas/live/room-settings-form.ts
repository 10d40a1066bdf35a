import type { FastifyRequest } from 'fastify';
import { uploadsPathPrefix } from '../../ports/upload-storage.ts';
import { inputErrorOf } from '../../contract/contract.ts';
import { fieldWithForbiddenCharacter, textCharacterMessages } from '../../contract/text-characters.ts';
import type { InputOf } from '../../contract/operation-types.ts';
import { DomainError, ResultCode } from '../../errors.ts';
import type { ServerContext } from '../../ports/server-context.ts';
import { coverRule, reencodeCover, refuseUpload, stageChecked, type WrittenFile } from '../account/account-public.ts';

// Live/setLiveInfo and Live/mobileStartRoom send the room's settings as a form with the cover in it (SPEC §5).
// The contract's JSON validation does not read a form, so the text fields are checked here against the same
// schema, and the cover by its content as every upload is, then drawn again as the console's cover upload is.

type FormOperation = 'liveSetLiveInfo' | 'liveMobileStartRoom';
export type RoomSettingsFields<K extends FormOperation> = Omit<InputOf<K>, 'cover'>;

/** The form's fields as the contract types them, and the cover's path when one came. */
export interface RoomSettingsForm<K extends FormOperation> {
  fields: RoomSettingsFields<K>;
  cover: string | undefined;
  /** Forgets the stored cover, for a form the room's rules then refuse (an unknown category or match). */
  discard(): Promise<void>;
}

/** The fields of the form, at most one cover file and nothing else: well within the site's multipart limits. */
const formLimits = { files: 1, fields: 8, fieldSize: 1024, parts: 9 } as const;

/**
 * Reads the settings form of `operationId`: its text fields, validated against the contract, and its cover, refused
 * unless it is a png or jpg of up to 5 MB by its content. A refused form leaves neither a file nor a row behind.
 */
export async function readRoomSettingsForm<K extends FormOperation>(
  server: ServerContext,
  request: FastifyRequest,
  operationId: K,
  anchorId: number,
): Promise<RoomSettingsForm<K>> {
  const validate = server.contract.byId.get(operationId)?.fieldsValidator();
  if (!validate) throw new Error(`${operationId} has no multipart fields in the contract`);
  const fields: Record<string, unknown> = {};
  let written: WrittenFile | undefined;
  try {
    for await (const part of request.parts({ limits: formLimits })) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value);
        continue;
      }
      if (part.fieldname !== 'cover' || written) {
        part.file.resume();
        continue;
      }
      written = await reencodeCover(server.storage, await stageChecked(part.file, coverRule, server.storage));
    }
    if (!isFields<K>(validate, fields)) {
      const { text, params } = inputErrorOf(validate.errors);
      throw new DomainError(text, ResultCode.error, params);
    }
    const badText = fieldWithForbiddenCharacter(fields);
    if (badText !== null) throw new DomainError(textCharacterMessages.field, ResultCode.error, { field: badText || 'form' });
    if (!written) return { fields, cover: undefined, discard: async () => undefined };
    const stored = written;
    const path = `${uploadsPathPrefix}${stored.name}`;
    await server.database.db
      .insertInto('uploads')
      .values({
        owner_id: anchorId,
        path,
        purpose: 'cover',
        content_type: written.type,
        bytes: written.bytes,
        sha256: written.sha256,
        width: written.size?.width ?? null,
        height: written.size?.height ?? null,
        created_at: server.clock.now(),
      })
      .execute();
    const discard = async () => {
      await server.database.db.deleteFrom('uploads').where('path', '=', path).execute();
      await server.storage.delete(stored.name).catch(() => undefined);
    };
    return { fields, cover: path, discard };
  } catch (error) {
    return refuseUpload(server, written, error);
  }
}

function isFields<K extends FormOperation>(validate: (value: unknown) => boolean, value: Record<string, unknown>): value is RoomSettingsFields<K> {
  return validate(value);
}
