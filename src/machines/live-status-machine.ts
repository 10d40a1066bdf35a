import { assign, setup, type SnapshotFrom } from 'xstate';

/** SPEC §4 "Statuses from labels": live is in progress, not started or over. */
export type LiveStatus = 'not_started' | 'in_progress' | 'over';

export type LiveStatusEvent =
  { type: 'match.kicked_off' } | { type: 'period.ended' } | { type: 'period.started' } | { type: 'match.ended' };

export interface LiveStatusInput {
  /**
   * Periods that must be played before the match may end: football 2 halves, basketball 4 quarters, an
   * e-sports series the maps one side needs to win it (2 of a best of 3).
   */
  regulationPeriods: number;
  /**
   * Most periods there can be: a league match of football 2, a knockout tie 5 (two halves of extra time and
   * the shoot-out), a best of 3 three maps; null when there is no limit (basketball overtimes).
   */
  maxPeriods: number | null;
}

export interface LiveStatusContext extends LiveStatusInput {
  /** The period being played, or the last one played during an interval; 0 before the start. */
  period: number;
}

/**
 * The status of a match (and of the live room showing it): not started, in progress (a period being
 * played, or the interval between two), over. The score feed validates every change it makes with this
 * machine, and the app shows the same statuses, so both agree on what may follow what.
 */
export const liveStatusMachine = setup({
  types: {
    context: {} as LiveStatusContext,
    events: {} as LiveStatusEvent,
    input: {} as LiveStatusInput,
  },
  actions: {
    startFirstPeriod: assign({ period: 1 }),
    startNextPeriod: assign({ period: ({ context }) => context.period + 1 }),
  },
  guards: {
    regulationPlayed: ({ context }) => context.period >= context.regulationPeriods,
    morePeriodsAllowed: ({ context }) => context.maxPeriods === null || context.period < context.maxPeriods,
  },
}).createMachine({
  id: 'liveStatus',
  context: ({ input }) => ({ ...input, period: 0 }),
  initial: 'not_started',
  states: {
    not_started: {
      tags: ['not_started'],
      on: { 'match.kicked_off': { target: 'in_progress', actions: 'startFirstPeriod' } },
    },
    in_progress: {
      tags: ['in_progress'],
      initial: 'playing',
      states: {
        playing: {
          on: {
            // After the last period the format allows there is no interval, only the final whistle.
            'period.ended': { guard: 'morePeriodsAllowed', target: 'interval' },
            // The final whistle ends the last period and the match together.
            'match.ended': { guard: 'regulationPlayed', target: '#liveStatus.over' },
          },
        },
        interval: {
          on: { 'period.started': { target: 'playing', actions: 'startNextPeriod' } },
        },
      },
    },
    over: {
      tags: ['over'],
      type: 'final',
    },
  },
});

export type LiveStatusSnapshot = SnapshotFrom<typeof liveStatusMachine>;

/** The SPEC status of a snapshot. */
export function liveStatusOf(snapshot: LiveStatusSnapshot): LiveStatus {
  if (snapshot.hasTag('over')) return 'over';
  if (snapshot.hasTag('in_progress')) return 'in_progress';
  return 'not_started';
}
