import { setImmediate as nextTurn } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { loadContract } from '../contract/contract.ts';
import type { ImMessage } from '../areas/chat/message-service.ts';
import { InProcessBus } from './bus.ts';
import { fanOutSlice, MessagingHub, type HubConnection } from './messaging-hub.ts';

const contract = loadContract();
const silent = { warn: () => undefined, error: () => undefined } as unknown as FastifyBaseLogger;
const groupID = 'live7';

function line(sequence: number): ImMessage {
  return {
    ID: String(sequence),
    clientMsgID: `line${String(sequence)}`,
    conversationID: `GROUP${groupID}`,
    conversationType: 'GROUP',
    from: '11',
    to: groupID,
    nick: 'fan',
    avatar: '/media/avatars/1.svg',
    time: 1_764_000_000,
    sequence,
    type: 'TIMTextElem',
    payload: { text: 'goal!' },
  };
}

/** A connection that keeps the sequences of the messages written to it. */
function viewer(): HubConnection & { sequences: number[] } {
  const sequences: number[] = [];
  return {
    sequences,
    sendText(text) {
      const frame = JSON.parse(text) as { type: string; message?: ImMessage };
      if (frame.type === 'message' && frame.message) sequences.push(frame.message.sequence);
    },
  };
}

let hub: MessagingHub | undefined;
afterEach(async () => {
  await hub?.close();
  hub = undefined;
});

async function roomOf(size: number) {
  hub = new MessagingHub(new InProcessBus(), contract, silent);
  const viewers = Array.from({ length: size }, viewer);
  for (const connection of viewers) await hub.join(groupID, connection);
  return { hub, viewers };
}

describe('the messaging hub fanning out a group message', () => {
  it('writes to a room no larger than a slice at once', async () => {
    const { hub, viewers } = await roomOf(fanOutSlice);
    await hub.publish(groupID, line(1));
    await Promise.resolve();
    expect(viewers.every((connection) => connection.sequences.join() === '1')).toBe(true);
  });

  it('lets the process turn to other work between slices of a large room, and every viewer gets every line in order', async () => {
    const { hub, viewers } = await roomOf(fanOutSlice * 3 + 10);
    const last = viewers.at(-1)!;
    await hub.publish(groupID, line(1));
    await hub.publish(groupID, line(2));
    // Something else the process has to do, queued after the lines were published: it runs before the last
    // viewer is written to, not after the whole room.
    let lastHadWhenOtherWorkRan: number[] | null = null;
    setImmediate(() => (lastHadWhenOtherWorkRan = [...last.sequences]));
    await Promise.resolve();
    expect(viewers[0]!.sequences).toEqual([1]);
    expect(last.sequences).toEqual([]);
    for (let turn = 0; turn < 20 && last.sequences.length < 2; turn++) await nextTurn();
    expect(lastHadWhenOtherWorkRan).toEqual([]);
    expect(viewers.filter((connection) => connection.sequences.join() !== '1,2')).toEqual([]);
  });

  it('writes nothing more to a viewer who left while the room was being written to', async () => {
    const { hub, viewers } = await roomOf(fanOutSlice * 2);
    const leaving = viewers.at(-1)!;
    await hub.publish(groupID, line(1));
    await Promise.resolve();
    hub.leave(groupID, leaving);
    for (let turn = 0; turn < 5; turn++) await nextTurn();
    expect(leaving.sequences).toEqual([]);
    expect(viewers.at(-2)!.sequences).toEqual([1]);
  });
});
