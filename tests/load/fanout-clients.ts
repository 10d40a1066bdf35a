// The socket clients of the fan-out benchmark (fanout-bench.ts), as a process of their own, so the benchmark can
// put them on the core it chooses (beside the server they load, or on the other) and read the CPU they cost.
// Each client subscribes as the football page does (register, toggle, classify 0) and only splits frames: a goal
// frame's arrival is stamped with the time its chunk was read, every other text frame is only counted.
import { createHash, randomBytes } from 'node:crypto';
import { connect, type Socket } from 'node:net';

export type ClientsRequest =
  | { type: 'open'; port: number; count: number; firstAddress: number }
  | { type: 'receipts' }
  | { type: 'count' }
  | { type: 'stop' };

export type ClientsReply =
  | { type: 'opened'; count: number }
  | { type: 'count'; messages: number }
  | {
      type: 'receipts';
      messages: number;
      /** Per goal seq, the epoch ms at which each client read it (then forgotten, so the next call has only new goals). */
      goals: Array<[seq: number, times: Float64Array]>;
      cpuMicros: number;
    };

const epochMs = () => performance.timeOrigin + performance.now();
const goalPrefix = Buffer.from('{"code":100,"type":"goal","seq":');
const sourceAddresses = 8;
const connectBatch = 250;

/** What the clients saw: every message counted, each goal's arrival times by seq. */
class Receipts {
  messages = 0;
  goals = new Map<number, number[]>();

  /** A whole text frame's payload, `at` being when the chunk that completed it was read. */
  onText(chunk: Buffer, start: number, end: number, at: number): void {
    this.messages += 1;
    // Only goal frames are read, and only their head: the clients must not be the bottleneck.
    if (end - start <= goalPrefix.length || goalPrefix.compare(chunk, start, start + goalPrefix.length) !== 0) return;
    let seq = 0;
    for (let i = start + goalPrefix.length; i < end && chunk[i]! >= 0x30 && chunk[i]! <= 0x39; i++) {
      seq = seq * 10 + chunk[i]! - 0x30;
    }
    const times = this.goals.get(seq);
    if (times) times.push(at);
    else this.goals.set(seq, [at]);
  }
}

/** A client frame: masked as RFC 6455 §5.3 requires, with a zero key, so the payload goes as it is. */
function clientTextFrame(message: object): Buffer {
  const payload = Buffer.from(JSON.stringify(message));
  if (payload.length > 125) throw new Error('bench client frames are short');
  return Buffer.concat([Buffer.from([0x81, 0x80 | payload.length, 0, 0, 0, 0]), payload]);
}

const subscribeFrames = Buffer.concat([
  clientTextFrame({ type: 'register', info: 'web' }),
  clientTextFrame({ type: 'toggle', company_id: 1 }),
  clientTextFrame({ type: 'classify', classify_type: 0 }),
]);
const pongFrame = Buffer.from([0x8a, 0x80, 0, 0, 0, 0]);

/**
 * A WebSocket client on a bare TCP socket that only splits frames: with ws's client, parsing 20,000 sockets'
 * frames took as much CPU as the server sending them, and goal arrivals were stamped after that parsing.
 */
function openClient(port: number, localAddress: string, receipts: Receipts): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const key = randomBytes(16).toString('base64');
    const accept = createHash('sha1').update(`${key}258EAFA5-E914-47DA-95CA-C5AB0DC85B11`).digest('base64');
    const socket = connect({ host: '127.0.0.1', port, localAddress });
    socket.setNoDelay(true);
    socket.write(
      `GET /ws HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
        `Sec-WebSocket-Key: ${key}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
    );
    socket.once('error', reject);
    let pending: Buffer | null = null;
    let upgraded = false;
    socket.on('data', (data: Buffer) => {
      const at = epochMs();
      const chunk = pending ? Buffer.concat([pending, data]) : data;
      pending = null;
      let offset = 0;
      if (!upgraded) {
        const end = chunk.indexOf('\r\n\r\n');
        if (end < 0) {
          pending = chunk;
          return;
        }
        const head = chunk.toString('latin1', 0, end);
        if (!head.startsWith('HTTP/1.1 101') || !head.includes(accept)) {
          socket.destroy();
          return reject(new Error(`upgrade refused: ${head.split('\r\n')[0]}`));
        }
        upgraded = true;
        socket.write(subscribeFrames);
        resolve(socket);
        offset = end + 4;
      }
      while (chunk.length - offset >= 2) {
        const opcode = chunk[offset]! & 0x0f;
        let length = chunk[offset + 1]! & 0x7f;
        let header = 2;
        if (length === 126) {
          if (chunk.length - offset < 4) break;
          length = chunk.readUInt16BE(offset + 2);
          header = 4;
        } else if (length === 127) {
          if (chunk.length - offset < 10) break;
          length = Number(chunk.readBigUInt64BE(offset + 2));
          header = 10;
        }
        if (chunk.length - offset < header + length) break;
        if (opcode === 0x1) receipts.onText(chunk, offset + header, offset + header + length, at);
        else if (opcode === 0x9) socket.write(pongFrame);
        offset += header + length;
      }
      if (offset < chunk.length) pending = chunk.subarray(offset);
    });
  });
}

const receipts = new Receipts();
const sockets: Socket[] = [];
const reply = (message: ClientsReply) => process.send?.(message);

process.on('message', (request: ClientsRequest) => {
  void (async () => {
    switch (request.type) {
      case 'open': {
        for (let i = 0; i < request.count; i += connectBatch) {
          const batch = Array.from({ length: Math.min(connectBatch, request.count - i) }, (_, j) =>
            openClient(request.port, `127.0.0.${1 + ((request.firstAddress + i + j) % sourceAddresses)}`, receipts),
          );
          sockets.push(...(await Promise.all(batch)));
        }
        return reply({ type: 'opened', count: sockets.length });
      }
      case 'count':
        return reply({ type: 'count', messages: receipts.messages });
      case 'receipts': {
        const { user, system } = process.cpuUsage();
        const goals = [...receipts.goals].map(([seq, times]): [number, Float64Array] => [seq, Float64Array.from(times)]);
        receipts.goals = new Map();
        return reply({ type: 'receipts', messages: receipts.messages, goals, cpuMicros: user + system });
      }
      case 'stop':
        for (const socket of sockets) socket.destroy();
        process.exit(0);
    }
  })();
});
process.send?.({ type: 'opened', count: 0 } satisfies ClientsReply);
