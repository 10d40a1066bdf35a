import type { Contract } from '../contract/contract.ts';
import type { HeldPush } from './replay-ring.ts';
import { streamNames } from './score-subscriptions.ts';
import {
  createFrameValidator,
  isExponentPush,
  type SocketQrMessage,
  type SocketServerMessage,
  type SocketStreamPush,
  type SocketUserMessage,
  type StreamName,
} from '../contract/socket-contract.ts';

// The frames of the site socket as they are built for the wire and read back: the prebuilt WebSocket frames of
// the fan-out, and the messages the hubs of several server processes exchange over the bus.

/** Largest client frame read; the biggest valid one (a register with its token) is far smaller. */
export const maxFrameBytes = 4096;

/**
 * A whole unmasked, unfragmented text frame (RFC 6455 §5.2), built once per push and written as it is to every
 * client that wants it: framing and encoding the text once per client was most of the fan-out's own CPU.
 */
export function textFrame(text: string): Buffer {
  const payloadLength = Buffer.byteLength(text);
  const headerLength = payloadLength < 126 ? 2 : payloadLength < 65_536 ? 4 : 10;
  const frame = Buffer.allocUnsafe(headerLength + payloadLength);
  frame[0] = 0x81;
  if (headerLength === 2) {
    frame[1] = payloadLength;
  } else if (headerLength === 4) {
    frame[1] = 126;
    frame.writeUInt16BE(payloadLength, 2);
  } else {
    frame[1] = 127;
    frame.writeBigUInt64BE(BigInt(payloadLength), 2);
  }
  frame.write(text, headerLength);
  return frame;
}

/** The payload of a frame built by textFrame, for a socket that ws has to frame itself. */
export function framePayload(frame: Buffer): Buffer {
  const length = frame[1]! & 0x7f;
  return frame.subarray(length < 126 ? 2 : length === 126 ? 4 : 10);
}

/** A push of one stream with its WebSocket frame, built once by the process that published it. */
export interface FramedPush extends HeldPush {
  stream: StreamName;
}

/** The stream pushes of one bus message that are within the contract, and how many were not. */
export interface StreamBatch {
  pushes: FramedPush[];
  dropped: number;
}

/** A framed push of `frame`, as its publisher builds it. */
export function framePush(frame: SocketStreamPush): FramedPush {
  return {
    stream: frame.type,
    seq: frame.seq,
    companyId: isExponentPush(frame) ? frame.data.company_id : null,
    frame: textFrame(JSON.stringify(frame)),
  };
}

/**
 * The pushes one process published in one turn, as one bus message: a line of JSON naming the publisher and each
 * push (stream, seq, company, frame length), then the pushes' WebSocket frames, the bytes every process writes to
 * its sockets. Receivers neither serialise nor frame a push again, and the publisher knows its own message by its
 * first bytes (streamBatchPrefix) and skips it unread.
 */
export function encodeStreamBatch(origin: string, pushes: readonly FramedPush[]): Buffer {
  const head = {
    origin,
    pushes: pushes.map(({ stream, seq, companyId, frame }) => ({ stream, seq, companyId, bytes: frame.length })),
  };
  return Buffer.concat([Buffer.from(`${JSON.stringify(head)}\n`), ...pushes.map((push) => push.frame)]);
}

/** How every stream batch of `origin` begins. */
export function streamBatchPrefix(origin: string): Buffer {
  return Buffer.from(`{"origin":${JSON.stringify(origin)},`);
}

/** The header length of `frame` when it is one whole unmasked text frame, as textFrame builds them; else null. */
function wholeTextFrame(frame: Buffer): { headerLength: number } | null {
  if (frame.length < 2 || frame[0] !== 0x81) return null;
  const length = frame[1]!;
  if (length < 126) return length + 2 === frame.length ? { headerLength: 2 } : null;
  if (length === 126) return frame.length >= 4 && frame.readUInt16BE(2) + 4 === frame.length ? { headerLength: 4 } : null;
  return frame.length >= 10 && Number(frame.readBigUInt64BE(2)) + 10 === frame.length ? { headerLength: 10 } : null;
}

const streamNameSet: ReadonlySet<unknown> = new Set(streamNames);
/** A 700 or kick-out for every connection of one user. */
export interface UserEnvelope {
  userId: number;
  frame: SocketUserMessage;
}
/** A QR scan or login for the one connection a code is bound to. */
export interface QrEnvelope {
  code: string;
  /** The SiteSocketConnection id the code is bound to; connection ids are random UUIDs, unique across processes. */
  connectionId: string;
  frame: SocketQrMessage;
}

export interface EnvelopeReaders {
  /** The pushes of a bus message made by encodeStreamBatch; null when the message is not one. */
  streamBatch(bytes: Buffer): StreamBatch | null;
  user(message: unknown): UserEnvelope | null;
  qr(message: unknown): QrEnvelope | null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isStreamPush(frame: SocketServerMessage): frame is SocketStreamPush {
  return 'seq' in frame;
}

function isUserMessage(frame: SocketServerMessage): frame is SocketUserMessage {
  return frame.type === 'session_gone' || frame.type === 'live_kickout' || frame.type === 'live_alert';
}

function isQrMessage(frame: SocketServerMessage): frame is SocketQrMessage {
  return frame.type === 'scanCode_Login' || frame.type === 'webLoginSuccess';
}

/** The head line of a stream batch, or null when it is not one. */
function readBatchHead(bytes: Buffer): { entries: unknown[]; offset: number } | null {
  const newline = bytes.indexOf(0x0a);
  if (newline < 0) return null;
  let head: unknown;
  try {
    head = JSON.parse(bytes.toString('utf8', 0, newline));
  } catch {
    return null;
  }
  if (!isRecord(head) || typeof head.origin !== 'string' || !Array.isArray(head.pushes)) return null;
  return { entries: head.pushes, offset: newline + 1 };
}

/**
 * Readers of the bus messages: what another process published arrives through Redis, so each frame is checked
 * against the contract's SocketServerMessage before any client gets it (a stray publisher or another version of
 * the site must not reach the sockets). A stream push is parsed for that check only: the bytes written are the
 * publisher's. Null for a message that is not one.
 */
export function createEnvelopeReaders(contract: Contract): EnvelopeReaders {
  const validate = createFrameValidator(contract, 'SocketServerMessage');
  const frameOf = (message: Record<string, unknown>): SocketServerMessage | null => {
    const parsed = validate(message.frame);
    return parsed.ok ? parsed.message : null;
  };
  /** Whether `frame` carries exactly the push its head entry names. */
  const carries = (frame: Buffer, stream: StreamName, seq: number, companyId: number | null): boolean => {
    const whole = wholeTextFrame(frame);
    if (!whole) return false;
    let message: unknown;
    try {
      message = JSON.parse(frame.toString('utf8', whole.headerLength));
    } catch {
      return false;
    }
    const parsed = validate(message);
    if (!parsed.ok || !isStreamPush(parsed.message)) return false;
    const push = parsed.message;
    return push.type === stream && push.seq === seq && (isExponentPush(push) ? push.data.company_id : null) === companyId;
  };
  return {
    streamBatch(bytes) {
      const head = readBatchHead(bytes);
      if (!head) return null;
      const pushes: FramedPush[] = [];
      let dropped = 0;
      let offset = head.offset;
      for (const entry of head.entries) {
        if (!isRecord(entry) || !Number.isSafeInteger(entry.bytes) || (entry.bytes as number) <= 0) return null;
        const end = offset + (entry.bytes as number);
        if (end > bytes.length) return null;
        // A copy: the push outlives the message in the replay ring, which should not hold the whole message.
        const frame = Buffer.from(bytes.subarray(offset, end));
        offset = end;
        const { stream, seq, companyId } = entry;
        const named =
          streamNameSet.has(stream) &&
          Number.isSafeInteger(seq) &&
          (companyId === null || Number.isSafeInteger(companyId));
        if (named && carries(frame, stream as StreamName, seq as number, companyId as number | null)) {
          pushes.push({ stream: stream as StreamName, seq: seq as number, companyId: companyId as number | null, frame });
        } else {
          dropped += 1;
        }
      }
      return offset === bytes.length ? { pushes, dropped } : null;
    },
    user(message) {
      if (!isRecord(message) || !Number.isSafeInteger(message.userId)) return null;
      const frame = frameOf(message);
      const { userId } = message;
      if (!frame || !isUserMessage(frame) || typeof userId !== 'number') return null;
      return { userId, frame };
    },
    qr(message) {
      if (!isRecord(message)) return null;
      const frame = frameOf(message);
      if (!frame || !isQrMessage(frame) || message.code !== frame.qr_code || typeof message.connectionId !== 'string') return null;
      return { code: frame.qr_code, connectionId: message.connectionId, frame };
    },
  };
}
