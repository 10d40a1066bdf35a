import { describe, expect, it, vi } from 'vitest';
import { assign, createActor, emit, setup } from 'xstate';
import { deferredActor } from './deferred-actor.ts';

type CounterEvent = { type: 'count.added'; by: number };
type CounterEmitted = { type: 'count.reached'; total: number } | { type: 'count.odd' };

const counterMachine = setup({
  types: { context: {} as { total: number }, events: {} as CounterEvent, emitted: {} as CounterEmitted },
}).createMachine({
  context: { total: 0 },
  on: {
    'count.added': {
      actions: [
        assign({ total: ({ context, event }) => context.total + event.by }),
        emit(({ context }) => ({ type: 'count.reached', total: context.total })),
      ],
    },
  },
});

/** A deferred counter whose code "arrives" when the test resolves it. */
function deferredCounter() {
  const loads: Array<{ resolve: () => void; reject: (error: Error) => void }> = [];
  const load = vi.fn(
    () =>
      new Promise<() => ReturnType<typeof createActor<typeof counterMachine>>>((resolve, reject) => {
        loads.push({ resolve: () => resolve(() => createActor(counterMachine).start()), reject });
      }),
  );
  const counter = deferredActor<CounterEvent, CounterEmitted, ReturnType<typeof createActor<typeof counterMachine>>>(load);
  return { counter, load, loads };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('an actor whose code loads after the first paint', () => {
  it('keeps what is sent before it runs and gives it to the actor in order, loading its code once', async () => {
    const { counter, load, loads } = deferredCounter();
    const heard: number[] = [];
    counter.on('count.reached', (event) => heard.push(event.total));
    counter.send({ type: 'count.added', by: 1 });
    counter.send({ type: 'count.added', by: 10 });
    expect(counter.current()).toBeNull();
    expect(load).toHaveBeenCalledOnce();
    loads[0]?.resolve();
    await settle();
    expect(heard).toEqual([1, 11]);
    counter.send({ type: 'count.added', by: 100 });
    expect(heard).toEqual([1, 11, 111]);
    expect(counter.current()?.getSnapshot().context.total).toBe(111);
    expect(load).toHaveBeenCalledOnce();
  });

  it('tells its listeners of the type they asked for only, until they unsubscribe', async () => {
    const { counter, loads } = deferredCounter();
    const reached = vi.fn();
    const odd = vi.fn();
    const subscription = counter.on('count.reached', reached);
    counter.on('count.odd', odd);
    void counter.start();
    loads[0]?.resolve();
    await settle();
    counter.send({ type: 'count.added', by: 2 });
    subscription.unsubscribe();
    counter.send({ type: 'count.added', by: 2 });
    expect(reached).toHaveBeenCalledExactlyOnceWith({ type: 'count.reached', total: 2 });
    expect(odd).not.toHaveBeenCalled();
  });

  it('loads its code again when it could not be loaded, and the events kept meanwhile still arrive', async () => {
    const { counter, load, loads } = deferredCounter();
    const heard: number[] = [];
    counter.on('count.reached', (event) => heard.push(event.total));
    counter.send({ type: 'count.added', by: 5 });
    loads[0]?.reject(new Error('offline'));
    await settle();
    expect(counter.current()).toBeNull();
    counter.send({ type: 'count.added', by: 1 });
    expect(load).toHaveBeenCalledTimes(2);
    loads[1]?.resolve();
    await settle();
    expect(heard).toEqual([5, 6]);
  });

  it('starts no actor when stopped while its code loads, and a new one when started again', async () => {
    const { counter, loads } = deferredCounter();
    const changes = vi.fn();
    counter.subscribe(changes);
    void counter.start();
    counter.stop();
    loads[0]?.resolve();
    await settle();
    expect(counter.current()).toBeNull();
    expect(changes).not.toHaveBeenCalled();

    await counter.start();
    const first = counter.current();
    expect(first?.getSnapshot().status).toBe('active');
    expect(changes).toHaveBeenCalledTimes(1);
    counter.stop();
    expect(first?.getSnapshot().status).toBe('stopped');
    expect(counter.current()).toBeNull();
    expect(changes).toHaveBeenCalledTimes(2);
    counter.send({ type: 'count.added', by: 3 });
    await settle();
    expect(counter.current()).not.toBe(first);
    expect(counter.current()?.getSnapshot().context.total).toBe(3);
  });
});
