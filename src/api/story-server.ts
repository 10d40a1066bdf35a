import type { Decorator } from '@storybook/react-vite';
import { createElement } from 'react';
import { createActor, fromCallback } from 'xstate';
import { siteSocketMachine, type ConnectionCommand } from '../machines/site-socket-machine.ts';
import { okAnswer, StoryApiProviders } from './story-api.tsx';

// The fake server and clock of the stories. A story answers the calls its screen makes from a table
// of routes; a path story also holds calls and timers, so the screen can be checked while the
// server has not answered yet, and the answer (or the timer) comes when the machine's path says so.

/** What a route answers: the `data` of a good envelope, or a whole Response. */
export type StoryRoute = (request: Request) => unknown;

interface Waiting {
  request: Request;
  settle: (answer: 'ok' | 'fail') => void;
}

/** An envelope with a non-zero code: the API client throws it as the server's refusal. */
export function failAnswer(msg = 'Refused by the story server'): Response {
  return new Response(JSON.stringify({ code: 1, msg, data: null }), { headers: { 'content-type': 'application/json' } });
}

/** Polls until `ready` holds; the play functions' gestures and the screen run on the same page. */
async function until(ready: () => boolean, what: string, timeout = 10_000): Promise<void> {
  const start = performance.now();
  while (!ready()) {
    if (performance.now() - start > timeout) throw new Error(`the story server waited in vain for ${what}`);
    await new Promise((resolve) => requestAnimationFrame(resolve));
  }
}

export interface StoryServer {
  /** The fetch the app's API client calls (`StoryApiProviders fetch=`). */
  fetch: (request: Request) => Promise<Response>;
  /** From now on, calls to the path wait until `answer` or `refuse`. */
  hold: (pathname: string) => void;
  /** Answers the oldest held call to the path (waiting for it to be made) with its route's answer. */
  answer: (pathname: string) => Promise<void>;
  /** Refuses the oldest held call to the path (waiting for it to be made). */
  refuse: (pathname: string) => Promise<void>;
  /** How many calls the path has had. */
  calls: (pathname: string) => number;
}

/** A fake server answering from the route table by path; an unknown path answers 404. */
export function storyServer(routes: Record<string, StoryRoute>): StoryServer {
  const held = new Set<string>();
  const waiting = new Map<string, Waiting[]>();
  const counts = new Map<string, number>();

  const reply = async (pathname: string, request: Request): Promise<Response> => {
    const route = routes[pathname];
    if (!route) return new Response(null, { status: 404 });
    const data = await route(request);
    return data instanceof Response ? data : okAnswer(data);
  };

  const settleNext = async (pathname: string, answer: 'ok' | 'fail') => {
    await until(() => (waiting.get(pathname)?.length ?? 0) > 0, `a call to ${pathname}`);
    waiting.get(pathname)?.shift()?.settle(answer);
  };

  return {
    fetch: async (request) => {
      const { pathname } = new URL(request.url);
      counts.set(pathname, (counts.get(pathname) ?? 0) + 1);
      if (!held.has(pathname)) return reply(pathname, request);
      const answer = await new Promise<'ok' | 'fail'>((settle) => {
        waiting.set(pathname, [...(waiting.get(pathname) ?? []), { request, settle }]);
      });
      return answer === 'ok' ? reply(pathname, request) : failAnswer();
    },
    hold: (pathname) => held.add(pathname),
    answer: (pathname) => settleNext(pathname, 'ok'),
    refuse: (pathname) => settleNext(pathname, 'fail'),
    calls: (pathname) => counts.get(pathname) ?? 0,
  };
}

/**
 * Puts the story's fake server (a path story keeps it in its parameters, one per story) behind the
 * app's API client; `fetchOf` finds its fetch when the server holds more than the HTTP calls.
 */
export function withStoryServer<Server>(fetchOf: (server: Server) => StoryServer['fetch']): Decorator {
  return (Story, { parameters }) => createElement(StoryApiProviders, { fetch: fetchOf(parameters.server as Server), children: createElement(Story) });
}

/**
 * An answer a stubbed actor waits for (`fromPromise(() => answers.next())`), given when the story
 * says: what a machine with stub actors has in place of a held call.
 */
export function heldAnswers<T>() {
  const pending: Array<{ resolve: (value: T) => void; reject: (error: Error) => void }> = [];
  return {
    next: () => new Promise<T>((resolve, reject) => pending.push({ resolve, reject })),
    resolve: async (value: T) => {
      await until(() => pending.length > 0, 'the actor to ask');
      pending.shift()?.resolve(value);
    },
    reject: async (error: Error = new Error('Refused by the story server')) => {
      await until(() => pending.length > 0, 'the actor to ask');
      pending.shift()?.reject(error);
    },
  };
}

/**
 * The story's clock: timers of the given lengths (a machine's delays: a QR code's life, a pop-up's
 * time on screen) do not run on their own; `fire` runs the oldest of a length when the path waits.
 * Every other timer (React's, the test library's polling) runs as usual. `install` returns the
 * uninstall, for a story's `beforeEach`.
 */
export function storyClock(lengths: number[]) {
  const pending = new Map<number, { timeout: number; run: () => void }>();
  let nextId = -1;
  const realSet = globalThis.setTimeout;
  const realClear = globalThis.clearTimeout;
  const install = () => {
    globalThis.setTimeout = ((run: () => void, timeout?: number, ...rest: unknown[]) => {
      if (timeout === undefined || !lengths.includes(timeout)) return realSet(run, timeout, ...rest);
      const id = nextId--;
      pending.set(id, { timeout, run });
      return id;
    }) as typeof setTimeout;
    globalThis.clearTimeout = ((id?: number) => {
      if (id !== undefined && pending.delete(id)) return;
      realClear(id);
    }) as typeof clearTimeout;
    return () => {
      globalThis.setTimeout = realSet;
      globalThis.clearTimeout = realClear;
      pending.clear();
    };
  };
  return {
    install,
    /** Runs the oldest held timer of this length, waiting for the machine to set it. */
    fire: async (timeout: number) => {
      const oldest = () => [...pending.entries()].filter(([, timer]) => timer.timeout === timeout).sort(([a], [b]) => b - a)[0];
      await until(() => oldest() !== undefined, `a ${String(timeout)} ms timer`);
      const [id, timer] = oldest() ?? [];
      if (id === undefined || !timer) return;
      pending.delete(id);
      timer.run();
    },
    /** How many timers of the length wait. */
    waiting: (timeout: number) => [...pending.values()].filter((timer) => timer.timeout === timeout).length,
  };
}

const quietConnection = fromCallback<ConnectionCommand, { url: string }>(() => () => undefined);

/**
 * A site socket that never connects but stands registered (for `userId`, or a guest), so a story
 * pushes frames into it as the server would: `socket.send({ type: 'socket.message', message })`.
 */
export function registeredSiteSocket(userId: number | null = null) {
  const socket = createActor(siteSocketMachine.provide({ actors: { connection: quietConnection } }), {
    input: { url: 'ws://story.invalid/ws', companyId: 1, classifyType: 0, token: userId === null ? null : 'story-token', random: () => 0.5 },
  }).start();
  socket.send({ type: 'socket.opened' });
  socket.send({
    type: 'socket.message',
    message: { code: 101, type: 'registered', connection_id: 'story', server_time: 0, heartbeat_ms: 30_000, user_id: userId },
  });
  return socket;
}
