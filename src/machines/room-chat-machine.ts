import { assign, emit, fromPromise, setup } from 'xstate';

// A live room's chat for one viewer: joining the room's group, then speaking in it.
// Guests read and are asked to log in when they try to speak; a muted viewer reads only; a kicked-out viewer
// leaves the room (SPEC §4). A send the server refused for another reason, or that got no answer, waits for
// a retry with the same id, so the server stores it once however often it is tried.

/** Why the server refused a message; the machine's own copy of the messaging port's reasons. */
export type ChatRefusalReason =
  | 'not_logged_in'
  | 'guest'
  | 'muted'
  | 'kicked'
  | 'too_long'
  | 'too_fast'
  | 'not_member'
  | 'unavailable'
  | 'blocked'
  | 'slow_mode'
  | 'followers_only'
  | 'link_blocked'
  | 'not_manager';

/** A refused or failed send, with the server's reason when it gave one. */
export class ChatSendError extends Error {
  constructor(
    message: string,
    readonly reason?: ChatRefusalReason,
  ) {
    super(message);
    this.name = 'ChatSendError';
  }
}

/** The viewer's standing as the room was joined. */
export interface ChatStanding {
  muted: boolean;
  kicked: boolean;
}

export interface ChatDraft {
  clientMsgID: string;
  text: string;
}

export interface RoomChatInput {
  /** A guest reads the chat; only a logged-in viewer speaks. */
  loggedIn: boolean;
  /** The longest message the room takes, in characters. */
  maxLength: number;
}

export interface RoomChatContext extends RoomChatInput {
  pending: ChatDraft | null;
  /** The last refusal or failure, fit to show. */
  error: string | null;
  /** Joins tried in a row without success. */
  attempt: number;
  /** Numbers the drafts of this page, for their client ids. */
  drafts: number;
}

export type RoomChatEvent =
  | { type: 'chat.send'; text: string }
  | { type: 'chat.retry' }
  | { type: 'chat.discard' }
  | { type: 'status.muted' }
  | { type: 'status.unmuted' }
  | { type: 'room.kicked' }
  | { type: 'connection.lost' };

export type RoomChatEmitted = { type: 'login.requested' } | { type: 'chat.sent'; clientMsgID: string } | { type: 'room.left' };

function isStanding(value: unknown): value is ChatStanding {
  return typeof value === 'object' && value !== null && 'muted' in value && 'kicked' in value;
}

/** Unique enough for one sender: the page's start and the draft's number. */
export function clientMsgID(drafts: number, started = Date.now()): string {
  return `c${started.toString(36)}${drafts.toString(36)}`;
}

/** Rejoining after a failure waits this long, times the attempt (at most maxRejoinMs). */
export const rejoinStepMs = 2000;
export const maxRejoinMs = 10_000;

export const roomChatMachine = setup({
  types: {
    context: {} as RoomChatContext,
    events: {} as RoomChatEvent,
    input: {} as RoomChatInput,
    emitted: {} as RoomChatEmitted,
  },
  actors: {
    /** Joins the room's group, reads the last messages and the viewer's standing. */
    joinRoom: fromPromise<ChatStanding>(async () => ({ muted: false, kicked: false })),
    /** Sends the draft; rejects with ChatSendError. */
    sendMessage: fromPromise<void, ChatDraft>(async () => undefined),
  },
  guards: {
    isGuest: ({ context }) => !context.loggedIn,
    isViewer: ({ context }) => context.loggedIn,
    sayable: ({ context, event }) =>
      event.type === 'chat.send' && event.text.trim() !== '' && [...event.text.trim()].length <= context.maxLength,
    kickedOnJoin: ({ event }) => 'output' in event && isStanding(event.output) && event.output.kicked,
    mutedOnJoin: ({ event }) => 'output' in event && isStanding(event.output) && event.output.muted,
    refusedAsMuted: ({ event }) => 'error' in event && event.error instanceof ChatSendError && event.error.reason === 'muted',
    refusedAsKicked: ({ event }) => 'error' in event && event.error instanceof ChatSendError && event.error.reason === 'kicked',
  },
  actions: {
    takeDraft: assign(({ context, event }) => {
      if (event.type !== 'chat.send') return {};
      const drafts = context.drafts + 1;
      return { drafts, pending: { clientMsgID: clientMsgID(drafts), text: event.text.trim() }, error: null };
    }),
    dropDraft: assign({ pending: null }),
    keepError: assign({ error: ({ event }) => ('error' in event && event.error instanceof Error ? event.error.message : 'Error') }),
    clearError: assign({ error: null }),
    countAttempt: assign({ attempt: ({ context }) => context.attempt + 1 }),
    resetAttempts: assign({ attempt: 0 }),
    requestLogin: emit({ type: 'login.requested' } as const),
    announceSent: emit(({ context }) => ({ type: 'chat.sent', clientMsgID: context.pending?.clientMsgID ?? '' }) as const),
    leaveRoom: emit({ type: 'room.left' } as const),
  },
  delays: {
    rejoin: ({ context }) => Math.min(context.attempt * rejoinStepMs, maxRejoinMs),
  },
}).createMachine({
  id: 'roomChat',
  context: ({ input }) => ({ ...input, pending: null, error: null, attempt: 0, drafts: 0 }),
  initial: 'joining',
  on: {
    'room.kicked': { target: '.kicked' },
  },
  states: {
    joining: {
      tags: ['busy'],
      // A draft in flight when the connection dropped is not tried again: the sync after the join shows it if stored.
      entry: 'dropDraft',
      invoke: {
        id: 'joinRoom',
        src: 'joinRoom',
        onDone: [
          { guard: 'kickedOnJoin', target: 'kicked' },
          { guard: 'isGuest', target: 'joined.guest', actions: 'resetAttempts' },
          { guard: 'mutedOnJoin', target: 'joined.muted', actions: 'resetAttempts' },
          { target: 'joined.ready', actions: 'resetAttempts' },
        ],
        onError: { target: 'joinFailed', actions: ['countAttempt', 'keepError'] },
      },
    },
    joinFailed: {
      after: { rejoin: 'joining' },
      on: { 'chat.retry': 'joining' },
    },
    joined: {
      // Entered through the join's outcome (guest, muted or ready); ready is only the default.
      initial: 'ready',
      on: {
        'connection.lost': 'joining',
        'status.muted': { guard: 'isViewer', target: '.muted' },
      },
      states: {
        guest: {
          on: { 'chat.send': { actions: 'requestLogin' } },
        },
        ready: {
          on: { 'chat.send': { guard: 'sayable', target: 'sending', actions: 'takeDraft' } },
        },
        sending: {
          tags: ['busy'],
          invoke: {
            id: 'sendMessage',
            src: 'sendMessage',
            input: ({ context }) => context.pending ?? { clientMsgID: '', text: '' },
            onDone: { target: 'ready', actions: ['announceSent', 'dropDraft'] },
            onError: [
              { guard: 'refusedAsKicked', target: '#roomChat.kicked' },
              { guard: 'refusedAsMuted', target: 'muted', actions: ['keepError', 'dropDraft'] },
              { target: 'sendFailed', actions: 'keepError' },
            ],
          },
        },
        sendFailed: {
          on: {
            'chat.retry': { target: 'sending', actions: 'clearError' },
            'chat.discard': { target: 'ready', actions: ['dropDraft', 'clearError'] },
            'chat.send': { guard: 'sayable', target: 'sending', actions: 'takeDraft' },
          },
        },
        muted: {
          entry: 'dropDraft',
          on: { 'status.unmuted': { target: 'ready', actions: 'clearError' } },
        },
      },
    },
    kicked: {
      type: 'final',
      entry: ['dropDraft', 'leaveRoom'],
    },
  },
});
