import { expect } from 'vitest';
import { describeModel } from './path-replay.ts';
import { chatSendMachine } from './chat-send-machine.ts';

// The private chat composer along its graph: every reached state is checked against what the message list
// and the composer show (SPEC §3: sending, sent, failed with retry).

const maxLength = 500;

describeModel({
  name: 'chat send',
  machine: chatSendMachine,
  input: { maxLength, idPrefix: 'p' },
  events: [
    { type: 'draft.changed', text: '你好[微笑]' },
    { type: 'draft.changed', text: '   ' },
    { type: 'draft.changed', text: 'x'.repeat(maxLength + 1) },
    { type: 'draft.send' },
    { type: 'attachment.send', messageType: 'TIMImageElem', payload: { url: '/media/uploads/a.png', width: 10, height: 10 } },
    { type: 'send.stored' },
    { type: 'send.failed', reason: 'timed out' },
    { type: 'send.retry' },
    { type: 'send.discard' },
  ],
  // Simple paths through every draft would be too many; the shortest paths take every draft already.
  simpleEvents: [
    { type: 'draft.changed', text: 'hi' },
    { type: 'draft.send' },
    { type: 'send.stored' },
    { type: 'send.failed', reason: 'timed out' },
    { type: 'send.retry' },
    { type: 'send.discard' },
  ],
  delays: {},
  // The count of messages grows without end; what the screen shows is the state, the draft and whether one is pending.
  serializeState: (snapshot) =>
    JSON.stringify({ value: snapshot.value, draft: snapshot.context.draft, pending: snapshot.context.pending?.messageType ?? null }),
  invariant: (snapshot) => {
    const { pending, error, draft } = snapshot.context;
    // Sending and failed show the message in the list; sent and composing show none pending.
    expect(pending !== null).toBe(snapshot.matches('sending') || snapshot.matches('failed'));
    // A failed message says why and offers a retry; only it does.
    expect(snapshot.can({ type: 'send.retry' })).toBe(snapshot.matches('failed'));
    if (snapshot.matches('failed')) expect(error).not.toBeNull();
    // Enter sends only a draft with something to show, within the length, when nothing is on its way.
    const sendable = draft.trim() !== '' && draft.length <= maxLength;
    expect(snapshot.can({ type: 'draft.send' })).toBe(sendable && snapshot.hasTag('canSend'));
    // A retry keeps the message's id, so the server stores it once.
    if (pending) expect(pending.clientMsgID).toBe(`p${snapshot.context.count.toString(36)}`);
  },
});
