import { setup } from 'xstate';

/** What the router tells the progress bar. */
export type RouteProgressEvent =
  /** A navigation began: the location changed or a screen's code started loading. */
  | { type: 'route.started' }
  /** The navigation is done: the new screen is on the page. */
  | { type: 'route.settled' };

/**
 * The route progress bar (SPEC §1): it runs while a route change loads and ends 500 ms after the
 * change is done (SPEC §9). A screen whose code takes longer than the chunk load timeout (120 s,
 * SPEC §9) stops the bar; the router shows its own error then.
 */
export const routeProgressMachine = setup({
  types: {
    events: {} as RouteProgressEvent,
  },
  delays: {
    progressEnd: 500,
    chunkLoadTimeout: 120_000,
  },
}).createMachine({
  id: 'routeProgress',
  initial: 'idle',
  states: {
    idle: {
      on: { 'route.started': 'running' },
    },
    running: {
      tags: ['visible'],
      after: { chunkLoadTimeout: 'idle' },
      on: { 'route.settled': 'ending' },
    },
    ending: {
      tags: ['visible', 'finishing'],
      after: { progressEnd: 'idle' },
      on: {
        'route.started': 'running',
        // Another change that needed no loading: its own 500 ms start now.
        'route.settled': { target: 'ending', reenter: true },
      },
    },
  },
});
