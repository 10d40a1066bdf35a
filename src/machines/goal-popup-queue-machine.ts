import { assign, fromCallback, raise, setup, type SnapshotFrom } from 'xstate';
import type { components } from '../api/schema';

export type GoalEvent = components['schemas']['GoalEvent'];

/** SPEC §3 game settings: which pop-ups show and whether they sound, and the leagues muted here. */
export interface GoalPopupSettings {
  /** Goal pop-ups (default true; SPEC §3 names no flag for them, the site always showed them). */
  goal: boolean;
  /** Red-card pop-ups (default true). */
  red: boolean;
  /** Yellow-card pop-ups (default true). */
  yellow: boolean;
  /** The pop-up sound (default false). */
  voice: boolean;
  /** Leagues (by their short Chinese name, as the goal event gives it) whose pop-ups never show. */
  mutedLeagues: string[];
}

export const defaultGoalPopupSettings: GoalPopupSettings = { goal: true, red: true, yellow: true, voice: false, mutedLeagues: [] };

/** SPEC §4: the sound plays for 6 s. */
export const goalSoundMs = 6_000;

/**
 * A shown pop-up closes on its own after this long unless the pointer is on the stack: a busy
 * Saturday pushes dozens a minute, and SPEC §4's one-by-one closing by hand could not keep up.
 * Longer than the sound, so a sounding pop-up is never taken away mid-sound.
 */
export const popupAutoDismissMs = 10_000;

export interface GoalPopupQueueContext {
  settings: GoalPopupSettings;
  /** The pop-up shown first, then those waiting, oldest first. */
  queue: GoalEvent[];
  /** Whether the pointer is on the stack (holds the auto-dismiss timer). */
  hovered: boolean;
}

export type GoalPopupQueueEvent =
  | { type: 'goal.received'; goal: GoalEvent }
  | { type: 'goal.dismissed' }
  | { type: 'stack.hovered' }
  | { type: 'stack.left' }
  | { type: 'settings.changed'; settings: GoalPopupSettings };

/** Whether the settings let this pop-up show: its kind switched on and its league not muted. */
export function isWanted(goal: GoalEvent, settings: GoalPopupSettings): boolean {
  if (settings.mutedLeagues.includes(goal.league_name)) return false;
  if (goal.kind === 'red_card') return settings.red;
  if (goal.kind === 'yellow_card') return settings.yellow;
  return settings.goal;
}

/** Plays the pop-up sound until stopped; the caller provides it (Web Audio in the app). */
export const unprovidedGoalSound = fromCallback(() => {
  throw new Error('provide the goalSound actor');
});

/**
 * Goal pop-ups of SPEC §4: one shown at a time on top of a stack of the others, waiting in arrival
 * order; each closes on its own (`goal.dismissed`, by hand or after `popupAutoDismiss` unless the
 * stack is hovered); while voice is on a shown pop-up sounds for 6 s. Kinds switched off and muted
 * leagues never show, and changing the settings drops the waiting ones they no longer allow.
 */
export const goalPopupQueueMachine = setup({
  types: {
    context: {} as GoalPopupQueueContext,
    events: {} as GoalPopupQueueEvent,
    input: {} as { settings: GoalPopupSettings },
  },
  actors: { goalSound: unprovidedGoalSound },
  delays: { goalSound: goalSoundMs, popupAutoDismiss: popupAutoDismissMs },
  guards: {
    isWanted: ({ context, event }) => event.type === 'goal.received' && isWanted(event.goal, context.settings),
    hasMore: ({ context }) => context.queue.length > 1,
    isEmpty: ({ context }) => context.queue.length === 0,
    voiceOn: ({ context }) => context.settings.voice,
    hovered: ({ context }) => context.hovered,
    shownNoLongerWanted: ({ context, event }) =>
      event.type === 'settings.changed' && context.queue[0] !== undefined && !isWanted(context.queue[0], event.settings),
  },
  actions: {
    enqueue: assign({
      queue: ({ context, event }) => (event.type === 'goal.received' ? [...context.queue, event.goal] : context.queue),
    }),
    dropShown: assign({ queue: ({ context }) => context.queue.slice(1) }),
    storeSettings: assign(({ context, event }) =>
      event.type === 'settings.changed'
        ? { settings: event.settings, queue: context.queue.filter((goal) => isWanted(goal, event.settings)) }
        : {},
    ),
    markHovered: assign({ hovered: true }),
    markLeft: assign({ hovered: false }),
    dismissShown: raise({ type: 'goal.dismissed' }),
  },
}).createMachine({
  id: 'goalPopupQueue',
  context: ({ input }) => ({ settings: input.settings, queue: [], hovered: false }),
  initial: 'idle',
  on: { 'settings.changed': { actions: 'storeSettings' } },
  states: {
    idle: {
      // The stack is gone with its last pop-up; no pointer can be on it.
      entry: 'markLeft',
      on: { 'goal.received': { guard: 'isWanted', target: 'showing', actions: 'enqueue' } },
    },
    showing: {
      tags: ['popup'],
      type: 'parallel',
      always: { guard: 'isEmpty', target: 'idle' },
      on: {
        'goal.received': { guard: 'isWanted', actions: 'enqueue' },
        'stack.hovered': { actions: 'markHovered' },
        'stack.left': { actions: 'markLeft' },
        'goal.dismissed': [
          { guard: 'hasMore', target: 'showing', reenter: true, actions: 'dropShown' },
          { target: 'idle', actions: 'dropShown' },
        ],
        'settings.changed': [
          // The shown one is muted or switched off: the next one shows, with its own sound and timer.
          { guard: 'shownNoLongerWanted', target: 'showing', reenter: true, actions: 'storeSettings' },
          { actions: 'storeSettings' },
        ],
      },
      states: {
        sound: {
          initial: 'choosing',
          states: {
            choosing: { always: [{ guard: 'voiceOn', target: 'sounding' }, { target: 'silent' }] },
            sounding: {
              tags: ['sound'],
              invoke: { src: 'goalSound' },
              after: { goalSound: 'silent' },
            },
            silent: {},
          },
        },
        timer: {
          initial: 'choosing',
          states: {
            choosing: { always: [{ guard: 'hovered', target: 'held' }, { target: 'running' }] },
            running: {
              tags: ['timing'],
              after: { popupAutoDismiss: { actions: 'dismissShown' } },
              on: { 'stack.hovered': { target: 'held', actions: 'markHovered' } },
            },
            held: {
              on: { 'stack.left': { target: 'running', actions: 'markLeft' } },
            },
          },
        },
      },
    },
  },
});

type QueueSnapshot = SnapshotFrom<typeof goalPopupQueueMachine>;

/** The pop-up on top of the stack, if any. */
export const shownPopup = (snapshot: QueueSnapshot): GoalEvent | undefined =>
  snapshot.hasTag('popup') ? snapshot.context.queue[0] : undefined;

/** The stack's counter: how many wait behind the shown one. */
export const waitingCount = (snapshot: QueueSnapshot): number => Math.max(0, snapshot.context.queue.length - 1);
