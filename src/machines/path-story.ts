import { expect, waitFor, within } from 'storybook/test';
import type { EventObject } from 'xstate';
import { findEntry, namedPaths, stateWords, type NamedPath } from './path-catalogue.ts';

// Path stories: a bound component driven along one of its machine's shortest paths (the catalogue's,
// the ones `npm run paths` names), the screen checked at every state the path passes through. A story
// file says only what is its component's own: what a user (or the fake server, or the clock) does for
// each event, and what the screen shows in each state; `pathStories` makes a story of each path.

/** What a user, the fake server or the story's clock does for one event of the path. */
export type Gesture = (event: EventObject) => Promise<unknown>;

export interface PathDriver {
  /**
   * By event type (`signin.click`, `xstate.done.actor.loadBoard`); a timer's event
   * (`xstate.after.qrExpiry.qrLogin.showing`) may be given by its delay alone (`xstate.after.qrExpiry`).
   */
  gestures: Record<string, Gesture>;
  /**
   * By state (`ready.signing`); throws unless the screen shows it. Retried until it holds. A state of
   * parallel regions (`toast.shown + sessionGone.armed`) without a screen of its own is checked
   * region by region.
   */
  screens: Record<string, () => void>;
}

/** The whole page: dialogs and pop-ups render outside the story's canvas. */
export const screen = within(document.body);

// A machine's first screen may come late under load (a lazy module, the human check's worker). Under
// the story tests' 15 s, so a screen that never comes fails with its state named; and not the length
// of any machine's delay, since the story clock holds timers of those lengths, this one included.
const screenTimeout = 9_000;

export function pathOf(machineName: string, pathName: string): NamedPath {
  const entry = findEntry(machineName);
  if (!entry) throw new Error(`no machine ${machineName}`);
  const path = namedPaths(entry).find((candidate) => candidate.name === pathName);
  if (!path) throw new Error(`${machineName} has no path ${pathName}`);
  return path;
}

export function pathNamesOf(machineName: string): string[] {
  const entry = findEntry(machineName);
  return entry ? namedPaths(entry).map((path) => path.name) : [];
}

function gestureOf(driver: PathDriver, event: EventObject): Gesture {
  const timer = /^xstate\.after\.\w+/.exec(event.type)?.[0];
  const gesture = driver.gestures[event.type] ?? (timer ? driver.gestures[timer] : undefined);
  if (!gesture) throw new Error(`no gesture for ${event.type}`);
  return gesture;
}

function checkScreen(driver: PathDriver, state: string): void {
  const whole = driver.screens[state];
  if (whole) return whole();
  const regions = state.split(' + ');
  if (regions.length === 1) throw new Error(`no screen for ${state}`);
  for (const region of regions) checkScreen(driver, region);
}

/** Replays the path through the component; a step whose screen is not its state fails with both named. */
export async function playPath(machineName: string, pathName: string, driver: PathDriver): Promise<void> {
  const { path } = pathOf(machineName, pathName);
  for (const [index, step] of path.steps.entries()) {
    if (step.event.type !== 'xstate.init') await gestureOf(driver, step.event)(step.event);
    const state = stateWords(step.state.value);
    try {
      await waitFor(() => checkScreen(driver, state), { timeout: screenTimeout });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new Error(`step ${String(index + 1)} (${step.event.type}): the screen does not show ${state}\n${reason}`, { cause: error });
    }
  }
}

type PlayOf<Story> = Story extends { play?: infer Play } ? NonNullable<Play> : never;

/** What a story's play function is given (args, parameters, userEvent…). */
export type PathPlayContext<Story> = PlayOf<Story> extends (context: infer Context) => unknown ? Context : never;

export interface PathStorySetup<Story, Server> {
  /** A fresh fake server (held calls, timers, stubbed actors) for each story, so no answer reaches another story. */
  server: () => Server;
  /** The component's gestures and screens, for one story. */
  driver: (server: Server, context: PathPlayContext<Story>) => PathDriver;
  /** What is done before the path's first state: opening the form the machine lives in. */
  before?: (server: Server, context: PathPlayContext<Story>) => Promise<void>;
  /** Story names are `<prefix><path>` (a file with two machines' paths). */
  namePrefix?: string;
}

export interface PathStoryOptions {
  /** False where nothing is left on screen to compare (a dialog that closed). */
  screenshot?: boolean;
}

/** The server a path story's render, decorators and play read (it lives in the story's parameters). */
export function storyServerOf<Server>(parameters: Record<string, unknown>): Server {
  return parameters.server as Server;
}

/**
 * The stories of one machine's paths through one component: `storyOf(path)` for each path the catalogue
 * names, and `everyPathHasAStory()`, which fails when the machine gains a path no story plays.
 */
export function pathStories<Story, Server>(machineName: string, setup: PathStorySetup<Story, Server>) {
  const played = new Set<string>();
  // Not `story`: the story indexer takes a `x.story(...)` export for a CSF factory story.
  const storyOf = (pathName: string, { screenshot = true }: PathStoryOptions = {}): Story => {
    played.add(pathName);
    const play = async (context: PathPlayContext<Story>) => {
      const server = storyServerOf<Server>((context as unknown as { parameters: Record<string, unknown> }).parameters);
      await setup.before?.(server, context);
      await playPath(machineName, pathName, setup.driver(server, context));
    };
    return { name: `${setup.namePrefix ?? ''}${pathName}`, parameters: { screenshot, server: setup.server() }, play } as Story;
  };
  const everyPathHasAStory = (): Story =>
    ({
      name: `${setup.namePrefix ?? ''}every path has a story`,
      parameters: { screenshot: false, server: setup.server() },
      play: async () => {
        await expect([...played].sort()).toEqual(pathNamesOf(machineName).sort());
      },
    }) as Story;
  return { storyOf, everyPathHasAStory };
}

/**
 * A value a path story changes and its harness shows (`useSyncExternalStore(state.subscribe, state.read)`):
 * what the page around the component hands it (a room's air status, the video's pause, the settings).
 */
export function storyState<Value>(initial: Value) {
  const listeners = new Set<() => void>();
  let value = initial;
  return {
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    read: () => value,
    set: (next: Value) => {
      value = next;
      for (const listener of listeners) listener();
    },
  };
}
