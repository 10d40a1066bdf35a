// Room chat delivery: N members of one live room's chat on `/im` (guests, as most viewers are), the
// server pinned to one core; logged-in senders say a line every second (each within the flood limit), every
// line stamped with the moment it was sent. Printed: delivery p50 / p99 from the send to a member's receipt,
// over every member and line, and how many deliveries went missing.
import { fork, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type WebSocket from 'ws';
import { joinGroup, openSocket } from './im-viewers.ts';
import { percentile } from './percentile.ts';
import type { RoomChatServerReady } from './room-chat-server.ts';

const serverScript = fileURLToPath(new URL('./room-chat-server.ts', import.meta.url));
const epochMs = () => performance.timeOrigin + performance.now();
const connectBatch = 250;
const stampPattern = /bench (\d+(?:\.\d+)?)/;
const messagePrefix = Buffer.from('{"type":"message"');
const sampleEvery = 10;

export async function benchRoomChat(members = 5000, lines = 20, intervalMs = 1000): Promise<{ p50: number; p99: number }> {
  const child = fork(serverScript, [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, LOG_LEVEL: 'warn', DATABASE_URL: '' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const pinned = child.pid !== undefined && spawnSync('taskset', ['-a', '-p', '-c', '0', String(child.pid)], { stdio: 'ignore' }).status === 0;
  // The members' side on the other core, so it does not take the server's.
  if (pinned) spawnSync('taskset', ['-a', '-p', '-c', '1', String(process.pid)], { stdio: 'ignore' });
  const ready = await new Promise<RoomChatServerReady>((resolve, reject) => {
    child.once('message', (message: RoomChatServerReady) => resolve(message));
    child.once('exit', (code) => reject(new Error(`room chat server exited with ${String(code)}`)));
  });
  const url = `ws://127.0.0.1:${String(ready.port)}/im`;
  const latencies: number[] = [];
  let delivered = 0;
  const sockets: WebSocket[] = [];
  try {
    for (let opened = 0; opened < members; opened += connectBatch) {
      const batch = await Promise.all(Array.from({ length: Math.min(connectBatch, members - opened) }, () => openSocket(url)));
      await Promise.all(batch.map((ws) => joinGroup(ws, ready.member, ready.groupID)));
      for (const [index, ws] of batch.entries()) {
        // Every member counts what reaches it; one in ten also reads the stamp, so the client's own work
        // (one process against the server's 5,000 sockets) stays small beside what is measured.
        const sampled = (opened + index) % sampleEvery === 0;
        ws.on('message', (data: Buffer) => {
          if (!data.subarray(0, messagePrefix.length).equals(messagePrefix)) return;
          delivered += 1;
          if (!sampled) return;
          const stamp = stampPattern.exec(data.toString());
          if (stamp) latencies.push(epochMs() - Number(stamp[1]));
        });
      }
      sockets.push(...batch);
    }
    const senders = await Promise.all(ready.senders.map((login) => openSocket(url).then(async (ws) => (await joinGroup(ws, login, ready.groupID), ws))));
    sockets.push(...senders);
    for (let line = 0; line < lines; line++) {
      const sender = senders[line % senders.length]!;
      sender.send(
        JSON.stringify({
          id: 100 + line,
          type: 'send',
          conversationID: `GROUP${ready.groupID}`,
          clientMsgID: `bench${String(line)}`,
          messageType: 'TIMTextElem',
          payload: { text: `bench ${epochMs().toFixed(3)}` },
        }),
      );
      await new Promise((resolve) => setTimeout(resolve, intervalMs));
    }
    const expected = members * lines;
    // Until every line reached every member, or 30 s after the last was sent.
    for (const giveUp = Date.now() + 30_000; delivered < expected && Date.now() < giveUp; ) await new Promise((resolve) => setTimeout(resolve, 100));
    const p50 = percentile(latencies, 50);
    const p99 = percentile(latencies, 99);
    console.log(
      `room chat delivery to ${String(members)} members of one room (${pinned ? 'server pinned to core 0' : 'server unpinned'}), ${String(lines)} lines, one every ${String(intervalMs)} ms: ` +
        `p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms over every tenth member (${String(latencies.length)} timed); ${String(delivered)} of ${String(expected)} deliveries arrived`,
    );
    return { p50, p99 };
  } finally {
    for (const ws of sockets) ws.terminate();
    child.send({ type: 'stop' });
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await benchRoomChat(Number(process.env.MEMBERS ?? 5000));
