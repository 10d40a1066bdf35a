import { assign, fromCallback, raise, setup, type SnapshotFrom } from 'xstate';
import type { components } from '../api/schema';

export type GoalEvent = components['schemas']['GoalEvent'];

export interface FollowedTeam {
  zh: string;
  en: string;
}

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
  /**
   * Whose pop-ups show: the matches the user follows (the star on a match, or either team followed),
   * as SofaScore does by default, or every match.
   */
  scope: 'followed' | 'all';
  /** Teams followed on this device: the full Chinese name (as the goal event gives it) and the English one. */
  followedTeams: FollowedTeam[];
}

export const defaultGoalPopupSettings: GoalPopupSettings = {
  goal: true,
  red: true,
  yellow: true,
  voice: false,
  mutedLeagues: [],
  scope: 'followed',
  followedTeams: [],
};

/**
 * How many pop-ups a quiet page keeps for later: the newest ones. A long chat would otherwise end on a
 * parade of goals from an hour ago, each shown for ten seconds.
 */
export const quietQueueLimit = 5;

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
  /** The matches the user starred (their account's collected matches; none for a guest). */
  followedMatchIds: readonly number[];
  /** Whether the page is one where a pop-up would cover the user's work (chat, forms). */
  quiet: boolean;
}

export type GoalPopupQueueEvent =
  | { type: 'goal.received'; goal: GoalEvent }
  | { type: 'goal.dismissed' }
  | { type: 'stack.hovered' }
  | { type: 'stack.left' }
  | { type: 'settings.changed'; settings: GoalPopupSettings }
  | { type: 'follows.changed'; matchIds: readonly number[] }
  | { type: 'page.quieted' }
  | { type: 'page.opened' }
  | { type: 'held.opened' };

/**
 * Whether the settings let this pop-up show: its kind switched on, its league not muted, and, unless
 * every match is wanted, its match or one of its teams followed.
 */
export function isWanted(goal: GoalEvent, settings: GoalPopupSettings, followedMatchIds: readonly number[]): boolean {
  if (settings.mutedLeagues.includes(goal.league_name)) return false;
  const kindOn = goal.kind === 'red_card' ? settings.red : goal.kind === 'yellow_card' ? settings.yellow : settings.goal;
  if (!kindOn) return false;
  if (settings.scope === 'all') return true;
  return (
    followedMatchIds.includes(goal.match_id) ||
    settings.followedTeams.some((team) => team.zh === goal.home_team_name_zh || team.zh === goal.away_team_name_zh)
  );
}

/** Plays the pop-up sound until stopped; the caller provides it (Web Audio in the app). */
export const unprovidedGoalSound = fromCallback(() => {
  throw new Error('provide the goalSound actor');
});

/**
 * Goal pop-ups of SPEC §4: one shown at a time on top of a stack of the others, waiting in arrival
 * order; each closes on its own (`goal.dismissed`, by hand or after `popupAutoDismiss` unless the
 * stack is hovered); while voice is on a shown pop-up sounds for 6 s. Kinds switched off, muted
 * leagues and, by default, matches the user does not follow never show, and changing the settings
 * drops the waiting ones they no longer allow. On a quiet page (chat, forms) pop-ups are `held`: the
 * newest few wait, silent and out of the way, until the user opens them or leaves the page.
 */
export const goalPopupQueueMachine = setup({
  types: {
    context: {} as GoalPopupQueueContext,
    events: {} as GoalPopupQueueEvent,
    input: {} as { settings: GoalPopupSettings; followedMatchIds?: readonly number[]; quiet?: boolean },
  },
  actors: { goalSound: unprovidedGoalSound },
  delays: { goalSound: goalSoundMs, popupAutoDismiss: popupAutoDismissMs },
  guards: {
    isWanted: ({ context, event }) => event.type === 'goal.received' && isWanted(event.goal, context.settings, context.followedMatchIds),
    isWantedOnQuietPage: ({ context, event }) =>
      context.quiet && event.type === 'goal.received' && isWanted(event.goal, context.settings, context.followedMatchIds),
    hasMore: ({ context }) => context.queue.length > 1,
    isEmpty: ({ context }) => context.queue.length === 0,
    voiceOn: ({ context }) => context.settings.voice,
    hovered: ({ context }) => context.hovered,
    shownNoLongerWanted: ({ context, event }) =>
      event.type === 'settings.changed' && context.queue[0] !== undefined && !isWanted(context.queue[0], event.settings, context.followedMatchIds),
  },
  actions: {
    enqueue: assign({
      queue: ({ context, event }) => (event.type === 'goal.received' ? [...context.queue, event.goal] : context.queue),
    }),
    dropShown: assign({ queue: ({ context }) => context.queue.slice(1) }),
    enqueueHeld: assign({
      queue: ({ context, event }) => (event.type === 'goal.received' ? [...context.queue, event.goal].slice(-quietQueueLimit) : context.queue),
    }),
    storeSettings: assign(({ context, event }) =>
      event.type === 'settings.changed'
        ? { settings: event.settings, queue: context.queue.filter((goal) => isWanted(goal, event.settings, context.followedMatchIds)) }
        : {},
    ),
    // Only goals still to come are judged by the new follows: one already shown or waiting stays.
    storeFollows: assign({ followedMatchIds: ({ context, event }) => (event.type === 'follows.changed' ? event.matchIds : context.followedMatchIds) }),
    markQuiet: assign({ quiet: true }),
    markOpen: assign({ quiet: false }),
    markHovered: assign({ hovered: true }),
    markLeft: assign({ hovered: false }),
    dismissShown: raise({ type: 'goal.dismissed' }),
  },
}).createMachine({
  id: 'goalPopupQueue',
  context: ({ input }) => ({
    settings: input.settings,
    queue: [],
    hovered: false,
    followedMatchIds: input.followedMatchIds ?? [],
    quiet: input.quiet ?? false,
  }),
  initial: 'idle',
  on: {
    'settings.changed': { actions: 'storeSettings' },
    'follows.changed': { actions: 'storeFollows' },
    'page.opened': { actions: 'markOpen' },
  },
  states: {
    idle: {
      // The stack is gone with its last pop-up; no pointer can be on it.
      entry: 'markLeft',
      on: {
        'goal.received': [
          { guard: 'isWantedOnQuietPage', target: 'held', actions: 'enqueueHeld' },
          { guard: 'isWanted', target: 'showing', actions: 'enqueue' },
        ],
        'page.quieted': { actions: 'markQuiet' },
      },
    },
    held: {
      tags: ['held'],
      // The stack is put away; no pointer can be on it.
      entry: 'markLeft',
      always: { guard: 'isEmpty', target: 'idle' },
      on: {
        'goal.received': { guard: 'isWanted', actions: 'enqueueHeld' },
        // The user asked to see them, or left the quiet page.
        'held.opened': { target: 'showing' },
        'page.opened': { target: 'showing', actions: 'markOpen' },
      },
    },
    showing: {
      tags: ['popup'],
      type: 'parallel',
      always: { guard: 'isEmpty', target: 'idle' },
      on: {
        'goal.received': { guard: 'isWanted', actions: 'enqueue' },
        // Moving to a quiet page puts the stack away, the shown one first in line again.
        'page.quieted': { target: 'held', actions: 'markQuiet' },
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

/** How many pop-ups a quiet page holds for later. */
export const heldCount = (snapshot: QueueSnapshot): number => (snapshot.hasTag('held') ? snapshot.context.queue.length : 0);

/** The stack's counter: how many wait behind the shown one. */
export const waitingCount = (snapshot: QueueSnapshot): number => Math.max(0, snapshot.context.queue.length - 1);
