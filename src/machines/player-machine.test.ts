import { fromPromise, type AnyMachineSnapshot, type EventObject, type SnapshotFrom } from 'xstate';
import { createActor, describeCoverage } from './path-coverage.ts';
import { getShortestPaths, getSimplePaths } from 'xstate/graph';
import { describe, expect, it } from 'vitest';
import { describePath, getEdgePaths, replaySteps, TimerClock, timerEventsOf } from './path-replay.ts';
import {
  bufferLimitMs,
  maxRetries,
  playerMachine,
  retryDelayMs,
  StreamOffAirError,
  streamQualities,
  type PlaybackStart,
  type PlayerEmitted,
  type PlayerEvent,
  type PlayerInput,
  type StreamQuality,
} from './player-machine.ts';

// The player along its graph: the stub actors never settle, the graph sends their done and error
// events itself. Timers fire on a simulated clock; the backoff's length is read from the attempt.

const never = <Output, Input>() => fromPromise<Output, Input>(() => new Promise(() => {}));
const machine = playerMachine.provide({
  actors: {
    loadStream: never<void, { quality: StreamQuality }>(),
    startPlayback: never<PlaybackStart, { muted: boolean }>(),
  },
});
const input: PlayerInput = { onAir: true, qualities: streamQualities };
type Snapshot = SnapshotFrom<typeof machine>;

const flowEvents = [
  { type: 'player.start' },
  { type: 'player.play' },
  { type: 'player.pause' },
  { type: 'player.retry' },
  { type: 'media.waiting' },
  { type: 'media.playing' },
  { type: 'media.error' },
  { type: 'stream.offline' },
  { type: 'stream.online' },
  { type: 'xstate.done.actor.loadStream' },
  { type: 'xstate.error.actor.loadStream', error: new Error('network') },
  { type: 'xstate.error.actor.loadStream', error: new StreamOffAirError() },
  { type: 'xstate.done.actor.startPlayback', output: { muted: true } },
  { type: 'xstate.done.actor.startPlayback', output: { muted: false } },
  { type: 'xstate.error.actor.startPlayback', error: new Error('NotAllowedError') },
  ...timerEventsOf(machine),
] as unknown as PlayerEvent[];

const controlEvents: PlayerEvent[] = [
  { type: 'player.mute' },
  { type: 'player.unmute' },
  { type: 'player.volume', volume: 0 },
  { type: 'player.volume', volume: 0.5 },
  { type: 'quality.select', quality: 'smooth' },
  { type: 'quality.select', quality: 'original' },
];

const eventWords = (event: EventObject): string | undefined => {
  const payload = event as EventObject & { quality?: string; volume?: number; output?: PlaybackStart; error?: unknown };
  if (payload.type === 'quality.select') return `pick ${String(payload.quality)}`;
  if (payload.type === 'player.volume') return `volume ${String(payload.volume)}`;
  if (payload.type === 'xstate.done.actor.startPlayback') return payload.output?.muted ? 'started muted' : 'started with sound';
  if (payload.type === 'xstate.error.actor.loadStream') return payload.error instanceof StreamOffAirError ? 'load: off air' : 'load: failed';
  return undefined;
};

const states = ['idle', 'loading', 'starting', 'playing', 'buffering', 'paused', 'stalled', 'offline', 'error'] as const;

function invariant(snapshot: Snapshot): void {
  const { context } = snapshot;
  // Exactly one of the player's states.
  expect(states.filter((state) => snapshot.matches(state))).toHaveLength(1);
  expect(context.attempt).toBeGreaterThanOrEqual(0);
  expect(context.attempt).toBeLessThanOrEqual(maxRetries);
  // The error shows only once every retry has been spent, and always offers one more.
  expect(snapshot.matches('error')).toBe(context.attempt === maxRetries);
  expect(snapshot.can({ type: 'player.retry' })).toBe(snapshot.matches('error') || snapshot.matches('stalled') || snapshot.matches('offline'));
  // A stream that played has no retries pending.
  if (snapshot.matches('playing')) expect(context.attempt).toBe(0);
  // Offline is exactly the room being off air.
  expect(snapshot.matches('offline')).toBe(!context.onAir);
  // The unmute control is offered only where the browser muted the sound, and then the sound is off.
  if (context.autoMuted) expect(context.muted).toBe(true);
  expect(context.qualities).toContain(context.quality);
  expect(context.volume).toBeGreaterThanOrEqual(0);
  expect(context.volume).toBeLessThanOrEqual(1);
  // The stream is asked for in the quality picked.
  if (snapshot.matches('loading')) expect(snapshot.children.loadStream?.getSnapshot().input).toEqual({ quality: context.quality });
  // Busy states show the spinner.
  expect(snapshot.hasTag('busy')).toBe((['loading', 'starting', 'buffering', 'stalled'] as const).some((state) => snapshot.matches(state)));
}

function replay(path: Parameters<typeof describePath>[0]): PlayerEmitted[] {
  const clock = new TimerClock();
  const actor = createActor(machine, { clock, input }).start();
  const emitted: PlayerEmitted[] = [];
  actor.on('quality.changed', (event) => emitted.push(event));
  replaySteps(actor, path as never, {
    fireTimer: (delay) => {
      const { attempt } = actor.getSnapshot().context;
      clock.fireNext(delay === 'bufferLimit' ? bufferLimitMs : retryDelayMs(attempt));
    },
    check: (snapshot) => invariant(snapshot as Snapshot),
    event: eventWords,
  });
  actor.stop();
  return emitted;
}

const serializeFlow = (snapshot: AnyMachineSnapshot) => JSON.stringify(snapshot.value);
const serializeAll = (snapshot: AnyMachineSnapshot) =>
  JSON.stringify([snapshot.value, snapshot.context.attempt, snapshot.context.muted, snapshot.context.autoMuted, snapshot.context.quality, snapshot.context.volume]);

const shortest = getShortestPaths(machine, { input, events: [...flowEvents, ...controlEvents], serializeState: serializeAll });
// The simple paths walk the flow's states only (the controls and the context multiply them past
// what a test run can replay without reaching a new state), with at most two retries spent.
const simple = getSimplePaths(machine, {
  input,
  events: flowEvents,
  serializeState: serializeFlow,
  filterEvents: (snapshot) => snapshot.context.attempt < 2,
});

describe('player: shortest paths', () => {
  for (const path of shortest) it(describePath(path, { event: eventWords }), () => void replay(path));
});

describe('player: simple paths', () => {
  for (const path of simple) it(describePath(path, { event: eventWords }), () => void replay(path));
});

describe('player: a path through each edge', () => {
  const edges = getEdgePaths(machine, { input, events: [...flowEvents, ...controlEvents], serializeState: serializeAll });
  for (const path of edges) it(describePath(path, { event: eventWords }), () => void replay(path));
});

describe('player on the clock', () => {
  const start = (clock: TimerClock) => {
    const actor = createActor(machine, { clock, input }).start();
    actor.send({ type: 'player.start' });
    actor.send({ type: 'xstate.done.actor.loadStream' } as never);
    actor.send({ type: 'xstate.done.actor.startPlayback', output: { muted: true } } as never);
    return actor;
  };

  it('starts muted where the browser refuses sound, and unmutes on the control', () => {
    const actor = start(new TimerClock());
    expect(actor.getSnapshot().matches('playing')).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ muted: true, autoMuted: true });
    actor.send({ type: 'player.unmute' });
    expect(actor.getSnapshot().context).toMatchObject({ muted: false, autoMuted: false });
  });

  it('retries a stalled stream after 1, 2, 4, 8 s, then gives up with a retry button', () => {
    const clock = new TimerClock();
    const actor = start(clock);
    actor.send({ type: 'media.error' });
    const waits: number[] = [];
    while (actor.getSnapshot().matches('stalled')) {
      const before = clock.now();
      const wait = retryDelayMs(actor.getSnapshot().context.attempt);
      clock.increment(wait - 1);
      expect(actor.getSnapshot().matches('stalled')).toBe(true);
      clock.increment(1);
      waits.push(clock.now() - before);
      expect(actor.getSnapshot().matches('loading')).toBe(true);
      actor.send({ type: 'xstate.error.actor.loadStream', error: new Error('503') } as never);
    }
    expect(waits).toEqual([1000, 2000, 4000, 8000]);
    expect(actor.getSnapshot().matches('error')).toBe(true);
    actor.send({ type: 'player.retry' });
    expect(actor.getSnapshot().matches('loading')).toBe(true);
    expect(actor.getSnapshot().context.attempt).toBe(0);
  });

  it('retries a room on air whose stream is not written yet, and plays it once it is', () => {
    const clock = new TimerClock();
    const actor = createActor(machine, { clock, input }).start();
    actor.send({ type: 'player.start' });
    actor.send({ type: 'xstate.error.actor.loadStream', error: new StreamOffAirError() } as never);
    expect(actor.getSnapshot().matches('stalled')).toBe(true);
    expect(actor.getSnapshot().context.onAir).toBe(true);
    clock.increment(retryDelayMs(1));
    expect(actor.getSnapshot().matches('loading')).toBe(true);
    actor.send({ type: 'xstate.done.actor.loadStream' } as never);
    actor.send({ type: 'xstate.done.actor.startPlayback', output: { muted: false } } as never);
    expect(actor.getSnapshot().matches('playing')).toBe(true);
    expect(actor.getSnapshot().context.attempt).toBe(0);
  });

  it('calls the room off air once every retry found no stream, and loads again when it goes on air', () => {
    const clock = new TimerClock();
    const actor = createActor(machine, { clock, input }).start();
    actor.send({ type: 'player.start' });
    const waits: number[] = [];
    for (;;) {
      actor.send({ type: 'xstate.error.actor.loadStream', error: new StreamOffAirError() } as never);
      if (!actor.getSnapshot().matches('stalled')) break;
      const wait = retryDelayMs(actor.getSnapshot().context.attempt);
      waits.push(wait);
      clock.increment(wait);
    }
    expect(waits).toEqual([1000, 2000, 4000, 8000]);
    expect(actor.getSnapshot().matches('offline')).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ onAir: false, attempt: 0 });
    actor.send({ type: 'stream.online' });
    expect(actor.getSnapshot().matches('loading')).toBe(true);
  });

  it('counts 10 s of buffering as a stall', () => {
    const clock = new TimerClock();
    const actor = start(clock);
    actor.send({ type: 'media.waiting' });
    clock.increment(bufferLimitMs - 1);
    expect(actor.getSnapshot().matches('buffering')).toBe(true);
    clock.increment(1);
    expect(actor.getSnapshot().matches('stalled')).toBe(true);
  });

  it('tells the binding the quality picked while playing, and reloads one still loading', () => {
    const actor = createActor(machine, { input }).start();
    const told: StreamQuality[] = [];
    actor.on('quality.changed', (event) => told.push(event.quality));
    actor.send({ type: 'player.start' });
    actor.send({ type: 'quality.select', quality: 'standard' });
    expect(actor.getSnapshot().children.loadStream?.getSnapshot().input).toEqual({ quality: 'standard' });
    actor.send({ type: 'xstate.done.actor.loadStream' } as never);
    actor.send({ type: 'xstate.done.actor.startPlayback', output: { muted: false } } as never);
    actor.send({ type: 'quality.select', quality: 'smooth' });
    expect(told).toEqual(['smooth']);
    expect(actor.getSnapshot().context.quality).toBe('smooth');
  });

  it('refuses a quality the room does not offer', () => {
    const actor = createActor(machine, { input: { onAir: true, qualities: ['original'] } }).start();
    actor.send({ type: 'quality.select', quality: 'smooth' });
    expect(actor.getSnapshot().context.quality).toBe('original');
  });

  it('shows an off-air room as offline, and loads when it goes on air', () => {
    const actor = createActor(machine, { input: { ...input, onAir: false } }).start();
    actor.send({ type: 'player.start' });
    expect(actor.getSnapshot().matches('offline')).toBe(true);
    actor.send({ type: 'stream.online' });
    expect(actor.getSnapshot().matches('loading')).toBe(true);
  });
});

describeCoverage(playerMachine, {
  // Playing and buffering are entered only from a started playback, which resets the attempts:
  // a stall there always has a retry left. The give-up alternative is the shared stall's fallback.
  'player.playing|media.error|1': 'unreachable: playing starts with the attempts reset, so a retry is always left',
  'player.buffering|media.error|1': 'unreachable: buffering follows playing, whose attempts were reset',
  'player.buffering|xstate.after.bufferLimit.player.buffering|1': 'unreachable: buffering follows playing, whose attempts were reset',
});
