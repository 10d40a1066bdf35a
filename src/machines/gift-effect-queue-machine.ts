import { assign, setup, type SnapshotFrom } from 'xstate';

/** How a gift shows over the video: none (the chat's banner only), small, big (longer, larger) or fullscreen. */
export type GiftEffectSize = 'none' | 'small' | 'big' | 'fullscreen';

/** One gift's effect as the room plays it. */
export interface GiftEffect {
  /** Who sent which gift (`<sender>:<gift>`): the same key again continues the effect as a combo. */
  key: string;
  /** The sender's nickname. */
  nick: string;
  giftName: string;
  icon: string;
  /** The animated picture; null shows the icon. */
  animationUrl: string | null;
  size: GiftEffectSize;
  /** Pieces sent, over every gift the effect gathered. */
  count: number;
  /** The highest combo number heard (RoomGiftNotice.combo). */
  combo: number;
}

/** How long an effect stays: big gifts longer than small ones, fullscreen the longest. */
export const giftEffectMs = { small: 3_000, big: 6_000, fullscreen: 8_000 } as const;

/**
 * Effects waiting behind the one shown, at most: in a gift storm the oldest small ones make way, so
 * the queue never holds more than a short while of effects and never falls minutes behind the room.
 */
export const maxWaitingEffects = 6;

export interface GiftEffectQueueContext {
  shown: GiftEffect | null;
  /** Waiting, oldest first. */
  waiting: GiftEffect[];
}

export type GiftEffectQueueEvent = { type: 'gift.received'; effect: GiftEffect } | { type: 'effect.skipped' };

/** The effect with another gift of the same key folded in: the pieces added, the combo the highest. */
export function foldCombo(effect: GiftEffect, more: GiftEffect): GiftEffect {
  return { ...effect, count: effect.count + more.count, combo: Math.max(effect.combo, more.combo) };
}

/** The waiting list with an effect added: folded into one of its key, else appended, the oldest small one dropped when full. */
export function withWaiting(waiting: readonly GiftEffect[], effect: GiftEffect): GiftEffect[] {
  const same = waiting.findIndex((candidate) => candidate.key === effect.key);
  if (same >= 0) return waiting.map((candidate, i) => (i === same ? foldCombo(candidate, effect) : candidate));
  const list = [...waiting, effect];
  if (list.length <= maxWaitingEffects) return list;
  const smallest = list.findIndex((candidate) => candidate.size === 'small');
  list.splice(smallest >= 0 ? smallest : 0, 1);
  return list;
}

/**
 * The gift effects of a room: one effect over the video at a time, for as long as its size
 * says; the others wait in arrival order, a bounded few. The same sender's same gift again while it
 * shows is a combo: counted on the shown effect, whose time starts again; while it waits, counted on
 * the waiting one. Gifts without an effect are the chat's banner alone and never wait here.
 */
export const giftEffectQueueMachine = setup({
  types: {
    context: {} as GiftEffectQueueContext,
    events: {} as GiftEffectQueueEvent,
  },
  delays: giftEffectMs,
  guards: {
    isAnimated: ({ event }) => event.type === 'gift.received' && event.effect.size !== 'none',
    continuesShown: ({ context, event }) =>
      event.type === 'gift.received' && event.effect.size !== 'none' && context.shown?.key === event.effect.key,
    shownIsBig: ({ context }) => context.shown?.size === 'big',
    shownIsFullscreen: ({ context }) => context.shown?.size === 'fullscreen',
    hasWaiting: ({ context }) => context.waiting.length > 0,
  },
  actions: {
    show: assign({ shown: ({ event }) => (event.type === 'gift.received' ? event.effect : null) }),
    foldIntoShown: assign({
      shown: ({ context, event }) => (event.type === 'gift.received' && context.shown ? foldCombo(context.shown, event.effect) : context.shown),
    }),
    enqueue: assign({
      waiting: ({ context, event }) => (event.type === 'gift.received' ? withWaiting(context.waiting, event.effect) : context.waiting),
    }),
    showNext: assign(({ context }) => ({ shown: context.waiting[0] ?? null, waiting: context.waiting.slice(1) })),
    clearShown: assign({ shown: null }),
  },
}).createMachine({
  id: 'giftEffectQueue',
  context: { shown: null, waiting: [] },
  initial: 'idle',
  states: {
    idle: {
      on: { 'gift.received': { guard: 'isAnimated', target: 'playing', actions: 'show' } },
    },
    playing: {
      tags: ['effect'],
      initial: 'choosing',
      on: {
        'gift.received': [
          { guard: 'continuesShown', target: 'playing', reenter: true, actions: 'foldIntoShown' },
          { guard: 'isAnimated', actions: 'enqueue' },
        ],
        'effect.skipped': { target: 'next' },
      },
      states: {
        choosing: {
          always: [{ guard: 'shownIsFullscreen', target: 'fullscreen' }, { guard: 'shownIsBig', target: 'big' }, { target: 'small' }],
        },
        small: { tags: ['small'], after: { small: '#giftEffectQueue.next' } },
        big: { tags: ['big'], after: { big: '#giftEffectQueue.next' } },
        fullscreen: { tags: ['fullscreen'], after: { fullscreen: '#giftEffectQueue.next' } },
      },
    },
    next: {
      always: [
        { guard: 'hasWaiting', target: 'playing', actions: 'showNext' },
        { target: 'idle', actions: 'clearShown' },
      ],
    },
  },
});

type QueueSnapshot = SnapshotFrom<typeof giftEffectQueueMachine>;

/** The effect over the video now, if any. */
export const shownEffect = (snapshot: QueueSnapshot): GiftEffect | null => (snapshot.hasTag('effect') ? snapshot.context.shown : null);

/** How many effects wait behind the shown one. */
export const waitingEffects = (snapshot: QueueSnapshot): number => snapshot.context.waiting.length;
