import { describe, expect, it } from 'vitest';
import { createActor, describeCoverage } from './path-coverage.ts';
import { describeModel } from './path-replay.ts';
import { chatSendMachine, type OutgoingMessage } from './chat-send-machine.ts';

// The private chat composer along its graph: every reached state is checked against what the message list
// and the composer show (SPEC §3: sending, sent, failed with retry), with messages sent while one is on its
// way waiting behind it in order.

const maxLength = 500;

describeModel({
  name: 'chat send',
  machine: chatSendMachine,
  input: { maxLength, idPrefix: 'p' },
  events: [
    { type: 'draft.changed', text: '你好[微笑]' },
    { type: 'draft.changed', text: '   ' },
    { type: 'draft.changed', text: 'x'.repeat(maxLength + 1) },
    { type: 'draft.send', to: 'C2C7' },
    { type: 'attachment.send', to: 'GROUP3', messageType: 'TIMImageElem', payload: { url: '/media/uploads/a.png', width: 10, height: 10 } },
    { type: 'send.stored' },
    { type: 'send.failed', reason: 'timed out' },
    { type: 'send.retry' },
    { type: 'send.discard' },
  ],
  // Simple paths through every draft would be too many; the shortest paths take every draft already.
  simpleEvents: [
    { type: 'draft.changed', text: 'hi' },
    { type: 'draft.send', to: 'C2C7' },
    { type: 'send.stored' },
    { type: 'send.failed', reason: 'timed out' },
    { type: 'send.retry' },
    { type: 'send.discard' },
  ],
  delays: {},
  // The count of messages and the queue grow without end; what the screen shows is the state, the draft, the
  // pending message's kind and whether others wait behind it.
  serializeState: (snapshot) =>
    JSON.stringify({
      value: snapshot.value,
      draft: snapshot.context.draft,
      pending: snapshot.context.pending?.messageType ?? null,
      waiting: snapshot.context.queue.length > 0,
    }),
  invariant: (snapshot) => {
    const { pending, queue, error, draft, count } = snapshot.context;
    // Sending and failed show the message in the list; sent and composing show none pending.
    expect(pending !== null).toBe(snapshot.matches('sending') || snapshot.matches('failed'));
    // A failed message says why and offers a retry; only it does.
    expect(snapshot.can({ type: 'send.retry' })).toBe(snapshot.matches('failed'));
    if (snapshot.matches('failed')) expect(error).not.toBeNull();
    // Only a message on its way or failed has others waiting behind it.
    if (queue.length > 0) expect(pending).not.toBeNull();
    // Enter sends a draft with something to show, within the length, whatever is on its way.
    const sendable = draft.trim() !== '' && draft.length <= maxLength;
    expect(snapshot.can({ type: 'draft.send', to: 'C2C7' })).toBe(sendable);
    // The messages keep the order they were sent in, each with its own id, the newest numbered last; a retry
    // keeps the message's id, so the server stores it once.
    const ids = [pending, ...queue].filter((message) => message !== null).map((message) => parseInt(message.clientMsgID.slice(1), 36));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(new Set(ids).size).toBe(ids.length);
    if (ids.length > 0) expect(Math.max(...ids)).toBeLessThanOrEqual(count);
    if (queue.length > 0) expect(ids.at(-1)).toBe(count);
    // Each goes to the conversation it was written in.
    for (const message of [pending, ...queue]) {
      if (message) expect(message.conversationID).toBe(message.messageType === 'TIMTextElem' ? 'C2C7' : 'GROUP3');
    }
  },
});

describe('chat send, quick after a picture', () => {
  it('sends a text entered while a picture is on its way after it, to the conversation it was written in', () => {
    const actor = createActor(chatSendMachine, { input: { maxLength, idPrefix: 'p' } }).start();
    const out: OutgoingMessage[] = [];
    actor.on('message.out', ({ message }) => out.push(message));
    actor.send({ type: 'attachment.send', to: 'C2C7', messageType: 'TIMImageElem', payload: { url: '/media/uploads/a.png', width: 10, height: 10 } });
    actor.send({ type: 'draft.changed', text: '<b>进球</b>' });
    actor.send({ type: 'draft.send', to: 'C2C7' });
    actor.send({ type: 'draft.changed', text: '另一个' });
    actor.send({ type: 'draft.send', to: 'GROUP3' });
    expect(actor.getSnapshot().context.draft).toBe('');
    expect(out.map((message) => message.messageType)).toEqual(['TIMImageElem']);
    actor.send({ type: 'send.stored' });
    actor.send({ type: 'send.failed', reason: 'timed out' });
    actor.send({ type: 'send.retry' });
    actor.send({ type: 'send.stored' });
    expect(actor.getSnapshot().matches('sending')).toBe(true);
    actor.send({ type: 'send.stored' });
    expect(actor.getSnapshot().matches('sent')).toBe(true);
    expect(out.map(({ clientMsgID, conversationID, payload }) => [clientMsgID, conversationID, payload])).toEqual([
      ['p1', 'C2C7', { url: '/media/uploads/a.png', width: 10, height: 10 }],
      ['p2', 'C2C7', { text: '<b>进球</b>' }],
      ['p2', 'C2C7', { text: '<b>进球</b>' }],
      ['p3', 'GROUP3', { text: '另一个' }],
    ]);
    actor.stop();
  });
});

describeCoverage(chatSendMachine);
