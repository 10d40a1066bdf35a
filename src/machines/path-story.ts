import type { EventObject } from 'xstate';
import { findEntry, namedPaths, stateWords, type NamedPath } from './path-catalogue.ts';

// Path stories: a bound component driven along one of its machine's shortest paths (the catalogue's,
// the ones `npm run paths` names), the screen checked at every state the path passes through. The
// story gives what a user does for each event and what the screen shows in each state.

export interface StoryDriver {
  /** Does for the event what a user (or the fake server) does. */
  act: (event: EventObject) => Promise<void>;
  /** Throws unless the screen shows the state (`phone.editing`…). */
  check: (state: string) => Promise<void>;
}

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

/** Replays the path through the component; a step whose screen is not its state fails with both named. */
export async function playPath(machineName: string, pathName: string, driver: StoryDriver): Promise<void> {
  const { path } = pathOf(machineName, pathName);
  for (const [index, step] of path.steps.entries()) {
    if (step.event.type !== 'xstate.init') await driver.act(step.event);
    const state = stateWords(step.state.value);
    try {
      await driver.check(state);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new Error(`step ${String(index + 1)} (${step.event.type}): the screen does not show ${state}\n${reason}`, { cause: error });
    }
  }
}
