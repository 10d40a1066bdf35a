import { existsSync, readFileSync } from 'node:fs';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { parse } from 'yaml';
import { describeInputError } from '../contract/contract.ts';

// The frames of the score socket as openapi-parts/socket.yaml defines them. Written out here until
// src/api/schema.d.ts is generated from openapi.yaml; Match, MatchOdds, GoalEvent and MemberProfile belong to
// other fragments and stay opaque, but for the one field the hub routes on.
type Opaque = Record<string, unknown>;
export type MatchData = Opaque;
export type MatchOddsData = Opaque & { company_id: number };
export type GoalEventData = Opaque;
export type MemberProfileData = Opaque;

export type Sport = 'football' | 'basketball' | 'esports';
export type StreamName =
  | 'football_match'
  | 'football_exponent'
  | 'basketball_match'
  | 'basketball_exponent'
  | 'esports_match'
  | 'goal';
/** SocketClassify.classify_type: 0 football, 1 basketball, 2 e-sports. */
export type ClassifyType = 0 | 1 | 2;

export type SocketClientMessage =
  | { type: 'register'; info: 'web'; token?: string }
  | { type: 'toggle'; company_id: number }
  | { type: 'classify'; classify_type: ClassifyType }
  | { type: 'heartbeat' }
  | { type: 'qr_login'; code: string }
  | { type: 'resume'; seq: Partial<Record<StreamName, number>> };

export interface SocketRegistered {
  code: 101;
  type: 'registered';
  connection_id: string;
  server_time: number;
  heartbeat_ms: number;
  user_id: number | null;
}
export interface SocketMatchPush {
  code: 100;
  type: 'football_match' | 'basketball_match' | 'esports_match';
  seq: number;
  data: MatchData;
}
export interface SocketExponentPush {
  code: 100;
  type: 'football_exponent' | 'basketball_exponent';
  seq: number;
  data: MatchOddsData;
}
export interface SocketGoalPush {
  code: 100;
  type: 'goal';
  seq: number;
  data: GoalEventData;
}
export type SocketStreamPush = SocketMatchPush | SocketExponentPush | SocketGoalPush;
export interface SocketQrScanned {
  code: 200;
  type: 'scanCode_Login';
  qr_code: string;
}
export interface SocketQrLoginSuccess {
  code: 200;
  type: 'webLoginSuccess';
  qr_code: string;
  data: { token: string; profile: MemberProfileData };
}
export interface SocketSessionGone {
  code: 700;
  type: 'session_gone';
  msg: string;
}
export interface SocketLiveKickout {
  code: 300;
  type: 'live_kickout';
  room_id: number;
}
export interface SocketHeartbeatReply {
  code: 0;
  type: 'heartbeat';
  server_time: number;
}
export interface SocketResync {
  code: 0;
  type: 'resync';
  streams: StreamName[];
}
export interface SocketError {
  code: 1;
  type: 'error';
  msg: string;
}
export type SocketUserMessage = SocketSessionGone | SocketLiveKickout;
export type SocketQrMessage = SocketQrScanned | SocketQrLoginSuccess;
export type SocketServerMessage =
  | SocketRegistered
  | SocketStreamPush
  | SocketQrMessage
  | SocketUserMessage
  | SocketHeartbeatReply
  | SocketResync
  | SocketError;

const contractFile = new URL('../../openapi.yaml', import.meta.url);
const partsDir = new URL('../../openapi-parts/', import.meta.url);

function schemasOf(file: URL): Record<string, unknown> {
  return (parse(readFileSync(file, 'utf8')) as { components?: { schemas?: Record<string, unknown> } }).components
    ?.schemas ?? {};
}

/**
 * The contract's schemas: those of the merged openapi.yaml, or, before the merge holds the socket schemas,
 * of base.yaml and socket.yaml.
 */
export function loadContractSchemas(): Record<string, unknown> {
  if (existsSync(contractFile)) {
    const schemas = schemasOf(contractFile);
    if (schemas.SocketClientMessage) return schemas;
  }
  return { ...schemasOf(new URL('base.yaml', partsDir)), ...schemasOf(new URL('socket.yaml', partsDir)) };
}

const contractId = 'pitchside-contract';

/** An Ajv holding the contract's schemas, for `compileContractSchema`. */
export function contractAjv(schemas: Record<string, unknown>): Ajv2020 {
  // Not strict: OpenAPI's own keywords (discriminator, example, x-*) ride along unvalidated.
  const ajv = new Ajv2020({ strict: false, allErrors: false });
  ajv.addSchema({ $id: contractId, components: { schemas } });
  return ajv;
}

export function compileContractSchema(ajv: Ajv2020, ref: string): ValidateFunction {
  const validate = ajv.getSchema(`${contractId}${ref}`);
  if (!validate) throw new Error(`the contract has no schema ${ref}`);
  return validate;
}

export type ParsedFrame = { ok: true; message: SocketClientMessage } | { ok: false; msg: string };

interface Discriminated {
  discriminator?: { propertyName?: string; mapping?: Record<string, string> };
}

/**
 * Parses and validates one client frame against SocketClientMessage: the discriminator picks the branch, so the
 * error names the field of that branch rather than every branch's complaint.
 */
export function createClientFrameParser(schemas = loadContractSchemas()): (text: string) => ParsedFrame {
  const ajv = contractAjv(schemas);
  const root = schemas.SocketClientMessage as Discriminated | undefined;
  const property = root?.discriminator?.propertyName;
  const mapping = root?.discriminator?.mapping;
  if (!property || !mapping) throw new Error('SocketClientMessage has no discriminator mapping');
  const branches = new Map(Object.entries(mapping).map(([type, ref]) => [type, compileContractSchema(ajv, ref)]));
  const types = [...branches.keys()].join(', ');

  return (text) => {
    let frame: unknown;
    try {
      frame = JSON.parse(text);
    } catch {
      return { ok: false, msg: 'Input error: frame is not JSON' };
    }
    if (typeof frame !== 'object' || frame === null || Array.isArray(frame)) {
      return { ok: false, msg: 'Input error: frame must be a JSON object' };
    }
    const tag: unknown = (frame as Record<string, unknown>)[property];
    const validate = typeof tag === 'string' ? branches.get(tag) : undefined;
    if (!validate) return { ok: false, msg: `Input error: ${property} must be one of: ${types}` };
    if (!validate(frame)) return { ok: false, msg: describeInputError(validate.errors) };
    return { ok: true, message: frame as SocketClientMessage };
  };
}
