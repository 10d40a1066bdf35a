// Private chat delivery: two members talk one-to-one on `/im` while `others` connections chat in a
// live room on the same server, pinned to one core. Printed: the C2C delivery p50 / p99 from send to the peer's
// receipt (one message each 600 ms, inside the private chat flood limit), and the connections held per GiB of
// the server's resident memory (its growth over the connections).
import { fork, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import { percentile } from './percentile.ts';
import type { RoomChatServerReady } from './room-chat-server.ts';

const serverScript = fileURLToPath(new URL('./room-chat-server.ts', import.meta.url));
const epochMs = () => performance.timeOrigin + performance.now();
const connectBatch = 250;
const stampPattern = /c2c (\d+(?:\.\d+)?)/;

/** The resident memory of a process, in bytes (Linux). */
function residentBytes(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${String(pid)}/status`, 'utf8'));
  return match ? Number(match[1]) * 1024 : 0;
}

function openSocket(url: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { perMessageDeflate: false });
    ws.once('open', () => resolve(ws)).once('error', reject);
  });
}

/** Sends frames and resolves once the last one is answered (ok, group_joined or an error). */
function call(ws: WebSocket, frames: object[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const last = 1000 + frames.length - 1;
    const onMessage = (data: WebSocket.RawData) => {
      const text = String(data);
      if (text.includes(`"id":${String(last)}`)) {
        ws.off('message', onMessage);
        if (text.includes('"type":"error"')) reject(new Error(text));
        else resolve();
      }
    };
    ws.on('message', onMessage);
    frames.forEach((frame, index) => ws.send(JSON.stringify({ ...frame, id: 1000 + index })));
  });
}

export async function benchPrivateChat(others = 2000, messages = 200, intervalMs = 300): Promise<{ p50: number; p99: number; perGiB: number }> {
  const child = fork(serverScript, [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, LOG_LEVEL: 'warn', DATABASE_URL: '' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const pinned = child.pid !== undefined && spawnSync('taskset', ['-a', '-p', '-c', '0', String(child.pid)], { stdio: 'ignore' }).status === 0;
  const ready = await new Promise<RoomChatServerReady>((resolve, reject) => {
    child.once('message', (message: RoomChatServerReady) => resolve(message));
    child.once('exit', (code) => reject(new Error(`chat server exited with ${String(code)}`)));
  });
  const url = `ws://127.0.0.1:${String(ready.port)}/im`;
  const sockets: WebSocket[] = [];
  const latencies: number[] = [];
  try {
    const before = residentBytes(child.pid ?? 0);
    for (let opened = 0; opened < others; opened += connectBatch) {
      const batch = await Promise.all(Array.from({ length: Math.min(connectBatch, others - opened) }, () => openSocket(url)));
      await Promise.all(batch.map((ws) => call(ws, [{ type: 'login', ...ready.member }, { type: 'join_group', groupID: ready.groupID }])));
      sockets.push(...batch);
    }
    const held = residentBytes(child.pid ?? 0) - before;
    const [alice, bob, ...roomSenders] = ready.senders;
    if (!alice || !bob) throw new Error('two members are needed');
    const [aliceSocket, bobSocket] = await Promise.all([openSocket(url), openSocket(url)]);
    sockets.push(aliceSocket, bobSocket);
    await call(aliceSocket, [{ type: 'login', ...alice }]);
    await call(bobSocket, [{ type: 'login', ...bob }]);
    // Each times what the other sends: two senders in turn stay within the private chat's flood limit.
    for (const [ws, own] of [
      [aliceSocket, alice.userID],
      [bobSocket, bob.userID],
    ] as const) {
      ws.on('message', (data: WebSocket.RawData) => {
        const text = String(data);
        // Its own lines come back to the sender's other tabs; only the other's are timed.
        if (!text.startsWith('{"type":"message"') || text.includes(`"from":"${own}"`)) return;
        const stamp = stampPattern.exec(text);
        if (stamp) latencies.push(epochMs() - Number(stamp[1]));
      });
    }
    // The room's talk goes on around them: each sender a line a second, within the flood limit.
    const speakers = await Promise.all(
      roomSenders.map(async (login) => {
        const ws = await openSocket(url);
        await call(ws, [{ type: 'login', ...login }, { type: 'join_group', groupID: ready.groupID }]);
        return ws;
      }),
    );
    sockets.push(...speakers);
    let said = 0;
    const talk = setInterval(() => {
      for (const ws of speakers) {
        ws.send(JSON.stringify({ id: 5000 + said, type: 'send', conversationID: `GROUP${ready.groupID}`, clientMsgID: `room${String(said++)}`, messageType: 'TIMTextElem', payload: { text: 'goal!' } }));
      }
    }, 2000);
    for (let index = 0; index < messages; index++) {
      const [from, to] = index % 2 === 0 ? [aliceSocket, bob] : [bobSocket, alice];
      from.send(
        JSON.stringify({
          id: 100 + index,
          type: 'send',
          conversationID: `C2C${to.userID}`,
          clientMsgID: `c2c${String(index)}`,
          messageType: 'TIMTextElem',
          payload: { text: `c2c ${epochMs().toFixed(3)}` },
        }),
      );
      await new Promise((resolve) => setTimeout(resolve, intervalMs));
    }
    await new Promise((resolve) => setTimeout(resolve, 3000));
    clearInterval(talk);
    latencies.sort((a, b) => a - b);
    const p50 = percentile(latencies, 50);
    const p99 = percentile(latencies, 99);
    const perGiB = held > 0 ? Math.round((others * 1024 ** 3) / held) : 0;
    console.log(
      `private chat delivery between two members while ${String(others)} other connections chat in a room (${pinned ? 'server pinned to core 0' : 'server unpinned'}): ` +
        `p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms (${String(latencies.length)} of ${String(messages)}); ` +
        `${String(perGiB)} connections per GiB (${(held / 1024 / 1024).toFixed(1)} MiB for ${String(others)})`,
    );
    return { p50, p99, perGiB };
  } finally {
    for (const ws of sockets) ws.terminate();
    child.send({ type: 'stop' });
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await benchPrivateChat(Number(process.env.OTHERS ?? 2000));
