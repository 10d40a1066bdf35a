import { assign, fromCallback, setup } from 'xstate';
import type { components } from '../api/schema';

export type GoalEvent = components['schemas']['GoalEvent'];

/** SPEC §3 game settings: which pop-ups show and whether they sound. */
export interface GoalPopupSettings {
  /** Red-card pop-ups (default true). */
  red: boolean;
  /** Yellow-card pop-ups (default true). */
  yellow: boolean;
  /** The pop-up sound (default false). */
  voice: boolean;
}

export const defaultGoalPopupSettings: GoalPopupSettings = { red: true, yellow: true, voice: false };

/** SPEC §4: the sound plays for 6 s. */
export const goalSoundMs = 6_000;

export interface GoalPopupQueueContext {
  settings: GoalPopupSettings;
  /** The pop-up shown first, then those waiting, oldest first. */
  queue: GoalEvent[];
}

export type GoalPopupQueueEvent =
  | { type: 'goal.received'; goal: GoalEvent }
  | { type: 'goal.dismissed' }
  | { type: 'settings.changed'; settings: GoalPopupSettings };

/** Plays the pop-up sound until stopped; the caller provides it (an <audio> element in the app). */
export const unprovidedGoalSound = fromCallback(() => {
  throw new Error('provide the goalSound actor');
});

/**
 * Goal pop-ups of SPEC §4: one shown at a time, the others waiting in arrival order; each closes on
 * its own (`goal.dismissed`); while voice is on a shown pop-up sounds for 6 s. Cards show only when
 * their flag is on.
 */
export const goalPopupQueueMachine = setup({
  types: {
    context: {} as GoalPopupQueueContext,
    events: {} as GoalPopupQueueEvent,
    input: {} as { settings: GoalPopupSettings },
  },
  actors: { goalSound: unprovidedGoalSound },
  delays: { goalSound: goalSoundMs },
  guards: {
    isWanted: ({ context, event }) => {
      if (event.type !== 'goal.received') return false;
      if (event.goal.kind === 'red_card') return context.settings.red;
      if (event.goal.kind === 'yellow_card') return context.settings.yellow;
      return true;
    },
    hasMore: ({ context }) => context.queue.length > 1,
    voiceOn: ({ context }) => context.settings.voice,
  },
  actions: {
    enqueue: assign({
      queue: ({ context, event }) => (event.type === 'goal.received' ? [...context.queue, event.goal] : context.queue),
    }),
    dropShown: assign({ queue: ({ context }) => context.queue.slice(1) }),
    storeSettings: assign({
      settings: ({ context, event }) => (event.type === 'settings.changed' ? event.settings : context.settings),
    }),
  },
}).createMachine({
  id: 'goalPopupQueue',
  context: ({ input }) => ({ settings: input.settings, queue: [] }),
  initial: 'idle',
  on: { 'settings.changed': { actions: 'storeSettings' } },
  states: {
    idle: {
      on: { 'goal.received': { guard: 'isWanted', target: 'showing', actions: 'enqueue' } },
    },
    showing: {
      tags: ['popup'],
      initial: 'choosingSound',
      on: {
        'goal.received': { guard: 'isWanted', actions: 'enqueue' },
        'goal.dismissed': [
          { guard: 'hasMore', target: 'showing', reenter: true, actions: 'dropShown' },
          { target: 'idle', actions: 'dropShown' },
        ],
      },
      states: {
        choosingSound: { always: [{ guard: 'voiceOn', target: 'sounding' }, { target: 'silent' }] },
        sounding: {
          tags: ['sound'],
          invoke: { src: 'goalSound' },
          after: { goalSound: 'silent' },
        },
        silent: {},
      },
    },
  },
});
