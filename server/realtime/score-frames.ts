import type { Contract } from '../contract/contract.ts';
import {
  createFrameValidator,
  type SocketQrMessage,
  type SocketServerMessage,
  type SocketStreamPush,
  type SocketUserMessage,
  type StreamName,
} from './socket-contract.ts';

// The frames of the score socket as they are built for the wire and read back: the prebuilt WebSocket frames of
// the fan-out, and the envelopes the hubs of several server processes exchange over the bus.

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

/** A push of one stream, published on the bus for every process to hold and fan out. */
export interface StreamEnvelope {
  stream: StreamName;
  seq: number;
  frame: SocketStreamPush;
}
/** A 700 or kick-out for every connection of one user. */
export interface UserEnvelope {
  userId: number;
  frame: SocketUserMessage;
}
/** A QR scan or login for the one connection a code is bound to. */
export interface QrEnvelope {
  code: string;
  /** The ScoreConnection id the code is bound to; connection ids are random UUIDs, unique across processes. */
  connectionId: string;
  frame: SocketQrMessage;
}

export interface EnvelopeReaders {
  stream(message: unknown): StreamEnvelope | null;
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

/**
 * Readers of the bus envelopes: what another process published arrives as plain JSON (through Redis), so its
 * frame is checked against the contract's SocketServerMessage before any client gets it. Null for a message
 * that is not one.
 */
export function createEnvelopeReaders(contract: Contract): EnvelopeReaders {
  const validate = createFrameValidator(contract, 'SocketServerMessage');
  const frameOf = (message: Record<string, unknown>): SocketServerMessage | null => {
    const parsed = validate(message.frame);
    return parsed.ok ? parsed.message : null;
  };
  return {
    stream(message) {
      if (!isRecord(message)) return null;
      const frame = frameOf(message);
      if (!frame || !isStreamPush(frame) || message.stream !== frame.type || message.seq !== frame.seq) return null;
      return { stream: frame.type, seq: frame.seq, frame };
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
