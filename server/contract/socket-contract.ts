import type { ValidateFunction } from 'ajv/dist/2020.js';
import type { components } from '../../src/api/schema.d.ts';
import { describeInputError, type Contract } from './contract.ts';
import { fieldWithForbiddenCharacter, textCharacterMessages } from './text-characters.ts';

// The frames of the site socket, as openapi.yaml defines them (generated into src/api/schema.d.ts).
type Schemas = components['schemas'];

/** A match push's data: the fields of the match that changed since its previous push. */
export type MatchData = Schemas['MatchChange'];
/** An exponent push's data: what moved of one company's odds on a match, or the whole odds. */
export type MatchOddsData = Schemas['OddsChange'];
export type GoalEventData = Schemas['GoalEvent'];
export type MomentumData = Schemas['MatchMomentum'];
export type LoginSessionData = Schemas['LoginSession'];
export type MemberProfileData = Schemas['MemberProfile'];

export type Sport = Schemas['MatchSport'];
export type StreamName = Schemas['SocketStream'];
/** SocketClassify.classify_type: 0 football, 1 basketball, 2 e-sports. */
export type ClassifyType = Schemas['SocketClassify']['classify_type'];

export type SocketClientMessage = Schemas['SocketClientMessage'];

export type SocketRegistered = Schemas['SocketRegistered'];
export type SocketMatchPush = Schemas['SocketMatchPush'];
export type SocketExponentPush = Schemas['SocketExponentPush'];
export type SocketGoalPush = Schemas['SocketGoalPush'];
export type SocketMomentumPush = Schemas['SocketMomentumPush'];
export type SocketQrScanned = Schemas['SocketQrScanned'];
export type SocketQrLoginSuccess = Schemas['SocketQrLoginSuccess'];
export type SocketSessionGone = Schemas['SocketSessionGone'];
export type SocketLiveKickout = Schemas['SocketLiveKickout'];
export type SocketHeartbeatReply = Schemas['SocketHeartbeatReply'];
export type SocketResync = Schemas['SocketResync'];
export type SocketError = Schemas['SocketError'];
export type SocketServerMessage = Schemas['SocketServerMessage'];

export type ImClientMessage = Schemas['ImClientMessage'];
export type ImServerMessage = Schemas['ImServerMessage'];
export type ImMessage = Schemas['ImMessage'];

/** The room of a live room's chat group (ImConversationID GROUPlive<room>), or null for any other group. */
export function roomOfGroupID(groupID: string): number | null {
  const room = /^live(\d{1,10})$/.exec(groupID);
  return room ? Number(room[1]) : null;
}

export type SocketStreamPush = SocketMatchPush | SocketExponentPush | SocketGoalPush | SocketMomentumPush;
export type SocketLiveAlert = Schemas['SocketLiveAlert'];
export type SocketUserMessage = SocketSessionGone | SocketLiveKickout | SocketLiveAlert;
export type SocketQrMessage = SocketQrScanned | SocketQrLoginSuccess;

/**
 * The member of a message union whose `type` admits T. `Extract<M, { type: T }>` misses the pushes, whose
 * generated `type` is a union of several streams (SocketMatchPush takes football_match, basketball_match and
 * esports_match), so the member is picked by whether T fits its `type`.
 */
export type MessageOf<M extends { type: string }, T extends M['type']> = M extends { type: infer U }
  ? T extends U
    ? M
    : never
  : never;
export type ServerMessageOf<T extends SocketServerMessage['type']> = MessageOf<SocketServerMessage, T>;

/** Omit over each member of a union, so the result stays discriminated. */
export type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** The stream of each sport's match pushes, and of the sports that have exponent pushes. */
export const matchStreams: Readonly<Record<Sport, SocketMatchPush['type']>> = {
  football: 'football_match',
  basketball: 'basketball_match',
  esports: 'esports_match',
};
export type ExponentSport = 'football' | 'basketball';
export const exponentStreams: Readonly<Record<ExponentSport, SocketExponentPush['type']>> = {
  football: 'football_exponent',
  basketball: 'basketball_exponent',
};

export const momentumStreams: Readonly<Record<ExponentSport, SocketMomentumPush['type']>> = {
  football: 'football_momentum',
  basketball: 'basketball_momentum',
};

export function isExponentPush(frame: SocketStreamPush): frame is SocketExponentPush {
  return frame.type === 'football_exponent' || frame.type === 'basketball_exponent';
}

/** The frame unions of openapi.yaml that a socket of this server receives (the `/ws` and `/im` protocols). */
export interface ReceivedFrames {
  SocketClientMessage: SocketClientMessage;
  ImClientMessage: ImClientMessage;
  /** Pushes of another server process, read off the bus. */
  SocketServerMessage: SocketServerMessage;
}

export type ParsedFrame<T> = { ok: true; message: T } | { ok: false; msg: string };

const schemaRefPrefix = '#/components/schemas/';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The value at `path` inside nested objects, or undefined where one is missing. */
function at(value: unknown, ...path: string[]): unknown {
  return path.reduce<unknown>((inner, key) => (isRecord(inner) ? inner[key] : undefined), value);
}

/** A branch validator of a frame union passes only frames of that union. */
function isFrameOf<T>(validate: ValidateFunction, frame: unknown): frame is T {
  return validate(frame);
}

/**
 * Validates one received value against a frame union of the contract: the discriminator picks the branch, so the
 * error names the field of that branch rather than every branch's complaint.
 */
export function createFrameValidator<Name extends keyof ReceivedFrames>(
  contract: Contract,
  union: Name,
): (frame: unknown) => ParsedFrame<ReceivedFrames[Name]> {
  const discriminator = at(contract.document, 'components', 'schemas', union, 'discriminator');
  const property = at(discriminator, 'propertyName');
  const mapping = at(discriminator, 'mapping');
  if (typeof property !== 'string' || !isRecord(mapping)) {
    throw new Error(`${union} has no discriminator mapping`);
  }
  // Each branch's validator is compiled when a frame of its type first arrives, not at start-up.
  const branches = new Map(
    Object.entries(mapping).map(([type, ref]): [string, () => ValidateFunction] => {
      if (typeof ref !== 'string' || !ref.startsWith(schemaRefPrefix)) {
        throw new Error(`${union} maps ${type} outside the contract's schemas`);
      }
      return [type, () => contract.validatorFor(ref.slice(schemaRefPrefix.length))];
    }),
  );
  const types = [...branches.keys()].join(', ');

  return (frame) => {
    if (!isRecord(frame)) return { ok: false, msg: 'Input error: frame must be a JSON object' };
    const tag = frame[property];
    const validate = typeof tag === 'string' ? branches.get(tag)?.() : undefined;
    if (!validate) return { ok: false, msg: `Input error: ${property} must be one of: ${types}` };
    if (!isFrameOf<ReceivedFrames[Name]>(validate, frame)) return { ok: false, msg: describeInputError(validate.errors) };
    const badText = fieldWithForbiddenCharacter(frame);
    if (badText !== null) return { ok: false, msg: textCharacterMessages.field.replace('{field}', badText || 'frame') };
    return { ok: true, message: frame };
  };
}

/** Parses one JSON text frame and validates it against a frame union of the contract. */
export function createFrameParser<Name extends keyof ReceivedFrames>(
  contract: Contract,
  union: Name,
): (text: string) => ParsedFrame<ReceivedFrames[Name]> {
  const validate = createFrameValidator(contract, union);
  return (text) => {
    let frame: unknown;
    try {
      frame = JSON.parse(text);
    } catch {
      return { ok: false, msg: 'Input error: frame is not JSON' };
    }
    return validate(frame);
  };
}
