import { assign, emit, setup } from 'xstate';

// The composer of a private chat (SPEC §3 message status): a draft is typed, Enter sends it; the
// message shows as sending until the server stored it (sent), or as failed with a retry that sends it again
// under the same id, so the server stores it once however often it is tried. Pictures and files go through
// the same send, with their payload already uploaded. What is sent while one is on its way waits in order
// behind it, each to the conversation it was written in, so a quick Enter or a finished upload is never lost.
// SPEC §5: a chat send has no emptiness check shown; a blank text is still not sent, as nothing would show.

/** What goes out: an element type and its payload, as the messaging port takes them, and where to. */
export interface OutgoingMessage {
  clientMsgID: string;
  conversationID: string;
  messageType: 'TIMTextElem' | 'TIMImageElem' | 'TIMFileElem' | 'TIMCustomElem';
  payload: { text: string } | { url: string; width: number; height: number } | { name: string; url: string; size: number } | { data: string; description: string; extension: string };
}

export interface ChatSendInput {
  /** Longest text, in characters (ImTextPayload). */
  maxLength: number;
  /** Makes the page's client ids unique per sender. */
  idPrefix: string;
}

export interface ChatSendContext extends ChatSendInput {
  draft: string;
  /** The message being sent or that failed, shown in the list with its status. */
  pending: OutgoingMessage | null;
  /** Messages sent after it, waiting for it in order; shown as sending. */
  queue: OutgoingMessage[];
  /** Why the last send failed, fit to show. */
  error: string | null;
  /** Numbers the messages of this page, for their client ids. */
  count: number;
}

export type ChatSendEvent =
  | { type: 'draft.changed'; text: string }
  | { type: 'draft.send'; to: string }
  | { type: 'attachment.send'; to: string; messageType: OutgoingMessage['messageType']; payload: OutgoingMessage['payload'] }
  | { type: 'send.retry' }
  | { type: 'send.discard' }
  | { type: 'send.stored' }
  | { type: 'send.failed'; reason: string };

export type ChatSendEmitted = { type: 'message.out'; message: OutgoingMessage };

/** The message a draft.send or attachment.send makes, numbered after the page's last. */
function outgoingOf(context: ChatSendContext, event: ChatSendEvent): OutgoingMessage {
  const clientMsgID = `${context.idPrefix}${(context.count + 1).toString(36)}`;
  if (event.type === 'attachment.send') return { clientMsgID, conversationID: event.to, messageType: event.messageType, payload: event.payload };
  if (event.type === 'draft.send') return { clientMsgID, conversationID: event.to, messageType: 'TIMTextElem', payload: { text: context.draft } };
  throw new Error(`No message is made by ${event.type}`);
}

const chatSendSetup = setup({
  types: {
    context: {} as ChatSendContext,
    events: {} as ChatSendEvent,
    input: {} as ChatSendInput,
    emitted: {} as ChatSendEmitted,
  },
  guards: {
    draftSendable: ({ context }) => context.draft.trim() !== '' && [...context.draft].length <= context.maxLength,
    hasQueued: ({ context }) => context.queue.length > 0,
  },
  actions: {
    changeDraft: assign({ draft: ({ event }) => (event.type === 'draft.changed' ? event.text : '') }),
    take: assign(({ context, event }) => ({
      pending: outgoingOf(context, event),
      count: context.count + 1,
      error: null,
      draft: event.type === 'draft.send' ? '' : context.draft,
    })),
    enqueue: assign(({ context, event }) => ({
      queue: [...context.queue, outgoingOf(context, event)],
      count: context.count + 1,
      draft: event.type === 'draft.send' ? '' : context.draft,
    })),
    takeNext: assign(({ context }) => ({ pending: context.queue[0] ?? null, queue: context.queue.slice(1), error: null })),
    // The caller sends it (the messaging port) and answers send.stored or send.failed.
    sendPending: emit(({ context }) => ({ type: 'message.out', message: context.pending! }) as const),
    rememberFailure: assign({ error: ({ event }) => (event.type === 'send.failed' ? event.reason : null) }),
    clearPending: assign({ pending: null, error: null }),
  },
});

/** With nothing on its way, a message goes at once. */
const sendsAtOnce = {
  'draft.send': { guard: 'draftSendable', target: 'sending', actions: 'take' },
  'attachment.send': { target: 'sending', actions: 'take' },
} as const;
/** With one on its way or failed, it waits behind it. */
const waitsBehind = {
  'draft.send': { guard: 'draftSendable', actions: 'enqueue' },
  'attachment.send': { actions: 'enqueue' },
} as const;

export const chatSendMachine = chatSendSetup.createMachine({
  id: 'chatSend',
  context: ({ input }) => ({ ...input, draft: '', pending: null, queue: [], error: null, count: 0 }),
  initial: 'composing',
  on: {
    'draft.changed': { actions: 'changeDraft' },
  },
  states: {
    composing: {
      on: sendsAtOnce,
    },
    sending: {
      entry: 'sendPending',
      on: {
        ...waitsBehind,
        'send.stored': [{ guard: 'hasQueued', target: 'sending', reenter: true, actions: 'takeNext' }, { target: 'sent' }],
        'send.failed': { target: 'failed', actions: 'rememberFailure' },
      },
    },
    // The stored message is in the conversation; the composer takes the next one at once.
    sent: {
      entry: 'clearPending',
      on: sendsAtOnce,
    },
    // The ones behind a failed message wait until it is retried or discarded.
    failed: {
      on: {
        ...waitsBehind,
        'send.retry': { target: 'sending' },
        'send.discard': [{ guard: 'hasQueued', target: 'sending', actions: 'takeNext' }, { target: 'composing', actions: 'clearPending' }],
      },
    },
  },
});
