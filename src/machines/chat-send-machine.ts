import { assign, emit, setup } from 'xstate';

// The composer of a private chat (issue 14, SPEC §3 message status): a draft is typed, Enter sends it; the
// message shows as sending until the server stored it (sent), or as failed with a retry that sends it again
// under the same id, so the server stores it once however often it is tried. Pictures and files go through
// the same send, with their payload already uploaded. SPEC §5: a chat send has no emptiness check shown; a
// blank text is still not sent, as nothing would show.

/** What goes out: an element type and its payload, as the messaging port takes them. */
export interface OutgoingMessage {
  clientMsgID: string;
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
  /** Why the last send failed, fit to show. */
  error: string | null;
  /** Numbers the messages of this page, for their client ids. */
  count: number;
}

export type ChatSendEvent =
  | { type: 'draft.changed'; text: string }
  | { type: 'draft.send' }
  | { type: 'attachment.send'; messageType: OutgoingMessage['messageType']; payload: OutgoingMessage['payload'] }
  | { type: 'send.retry' }
  | { type: 'send.discard' }
  | { type: 'send.stored' }
  | { type: 'send.failed'; reason: string };

export type ChatSendEmitted = { type: 'message.out'; message: OutgoingMessage };

export const chatSendMachine = setup({
  types: {
    context: {} as ChatSendContext,
    events: {} as ChatSendEvent,
    input: {} as ChatSendInput,
    emitted: {} as ChatSendEmitted,
  },
  guards: {
    draftSendable: ({ context }) => context.draft.trim() !== '' && [...context.draft].length <= context.maxLength,
  },
  actions: {
    changeDraft: assign({ draft: ({ event }) => (event.type === 'draft.changed' ? event.text : '') }),
    takeDraft: assign(({ context }) => ({
      pending: {
        clientMsgID: `${context.idPrefix}${(context.count + 1).toString(36)}`,
        messageType: 'TIMTextElem' as const,
        payload: { text: context.draft },
      },
      draft: '',
      count: context.count + 1,
      error: null,
    })),
    takeAttachment: assign(({ context, event }) =>
      event.type === 'attachment.send'
        ? {
            pending: { clientMsgID: `${context.idPrefix}${(context.count + 1).toString(36)}`, messageType: event.messageType, payload: event.payload },
            count: context.count + 1,
            error: null,
          }
        : {},
    ),
    // The caller sends it (the messaging port) and answers send.stored or send.failed.
    sendPending: emit(({ context }) => ({ type: 'message.out', message: context.pending! }) as const),
    rememberFailure: assign({ error: ({ event }) => (event.type === 'send.failed' ? event.reason : null) }),
    clearPending: assign({ pending: null, error: null }),
  },
}).createMachine({
  id: 'chatSend',
  context: ({ input }) => ({ ...input, draft: '', pending: null, error: null, count: 0 }),
  initial: 'composing',
  on: {
    'draft.changed': { actions: 'changeDraft' },
  },
  states: {
    composing: {
      tags: ['canSend'],
      on: {
        'draft.send': { guard: 'draftSendable', target: 'sending', actions: 'takeDraft' },
        'attachment.send': { target: 'sending', actions: 'takeAttachment' },
      },
    },
    sending: {
      tags: ['busy'],
      entry: 'sendPending',
      on: {
        'send.stored': { target: 'sent' },
        'send.failed': { target: 'failed', actions: 'rememberFailure' },
      },
    },
    // The stored message is in the conversation; the composer takes the next one at once.
    sent: {
      tags: ['canSend'],
      entry: 'clearPending',
      on: {
        'draft.send': { guard: 'draftSendable', target: 'sending', actions: 'takeDraft' },
        'attachment.send': { target: 'sending', actions: 'takeAttachment' },
      },
    },
    failed: {
      on: {
        'send.retry': { target: 'sending' },
        'send.discard': { target: 'composing', actions: 'clearPending' },
      },
    },
  },
});
