import type { EventObject } from 'xstate';

/** What a deferred actor forwards to once its code is here: a running xstate actor has this shape. */
export interface ForwardedActor<Event extends EventObject, Emitted extends EventObject> {
  send(event: Event): void;
  on(type: '*', listener: (emitted: Emitted) => void): { unsubscribe(): void };
  stop(): void;
}

/**
 * An actor whose machine (and xstate with it) loads after the first paint. Events sent before it runs wait and
 * reach it in the order they were sent; listeners may subscribe at any time and hear what it emits once it runs.
 */
export interface DeferredActor<Event extends EventObject, Emitted extends EventObject, Actor> {
  /** Sends to the running actor, or keeps the event for it and starts loading it. */
  send: (event: Event) => void;
  /** Hears the actor's emitted events of `type`; subscribing does not start it. */
  on<Type extends Emitted['type']>(type: Type, listener: (event: Emitted & { type: Type }) => void): { unsubscribe(): void };
  /** Loads and starts the actor unless it runs; rejects when its code could not be loaded (a later call tries again). */
  start: () => Promise<void>;
  /** Stops the running actor; a later `start` or `send` starts a new one. */
  stop: () => void;
  /** The running actor, or null while it loads or after a stop. */
  current: () => Actor | null;
  /** Calls `listener` whenever `current()` changes (for useSyncExternalStore). */
  subscribe: (listener: () => void) => () => void;
}

/** A deferred actor made by the factory that `load` resolves to (the factory creates and starts it). */
export function deferredActor<Event extends EventObject, Emitted extends EventObject, Actor extends ForwardedActor<Event, Emitted>>(
  load: () => Promise<() => Actor>,
): DeferredActor<Event, Emitted, Actor> {
  let factory: Promise<() => Actor> | null = null;
  let starting: Promise<void> | null = null;
  let running: { actor: Actor; heard: { unsubscribe(): void } } | null = null;
  // Whether the actor should run: a stop while its code loads means it is not started when the code arrives.
  let wanted = false;
  const waiting: Event[] = [];
  const listeners = new Map<string, Set<(event: Emitted) => void>>();
  const watchers = new Set<() => void>();

  const changed = () => {
    for (const watcher of [...watchers]) watcher();
  };
  const hear = (emitted: Emitted) => {
    for (const listener of [...(listeners.get(emitted.type) ?? [])]) listener(emitted);
  };

  function start(): Promise<void> {
    wanted = true;
    if (running) return Promise.resolve();
    starting ??= (factory ??= load()).then(
      (create) => {
        starting = null;
        if (!wanted || running) return;
        const actor = create();
        running = { actor, heard: actor.on('*', hear) };
        for (const event of waiting.splice(0)) actor.send(event);
        changed();
      },
      (error: unknown) => {
        starting = null;
        factory = null;
        throw error;
      },
    );
    return starting;
  }

  return {
    send: (event) => {
      if (running) {
        running.actor.send(event);
        return;
      }
      waiting.push(event);
      void start().catch(() => undefined);
    },
    on(type, listener) {
      const forType = listeners.get(type) ?? new Set();
      listeners.set(type, forType);
      const heard = (event: Emitted) => listener(event as Emitted & { type: typeof type });
      forType.add(heard);
      return { unsubscribe: () => void forType.delete(heard) };
    },
    start,
    stop: () => {
      wanted = false;
      if (!running) return;
      running.heard.unsubscribe();
      running.actor.stop();
      running = null;
      changed();
    },
    current: () => running?.actor ?? null,
    subscribe: (watcher) => {
      watchers.add(watcher);
      return () => void watchers.delete(watcher);
    },
  };
}
