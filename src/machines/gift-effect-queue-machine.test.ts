import { SimulatedClock } from 'xstate';
import { createActor, describeCoverage } from './path-coverage.ts';
import { getShortestPaths, getSimplePaths, type StatePath } from 'xstate/graph';
import { describe, expect, it } from 'vitest';
import { delayOf, describePath, getEdgePaths, type PathWords, replaySteps, TimerClock, timerEventsOf } from './path-replay.ts';
import {
  giftEffectQueueMachine,
  maxWaitingEffects,
  shownEffect,
  waitingEffects,
  type GiftEffect,
  type GiftEffectQueueEvent,
  type GiftEffectSize,
} from './gift-effect-queue-machine.ts';

// What the queue promises: one effect at a time, big gifts longer than small ones, combos counted, never piling up.
const effectMs: Record<string, number> = { small: 3_000, big: 6_000, fullscreen: 8_000 };

type Snapshot = ReturnType<typeof giftEffectQueueMachine.transition>;
type QueuePath = StatePath<Snapshot, GiftEffectQueueEvent>;

const effect = (sender: number, size: GiftEffectSize, combo = 1, count = 1): GiftEffect => ({
  key: `${String(sender)}:${size}`,
  nick: `viewer ${String(sender)}`,
  giftName: `${size} gift`,
  icon: `/media/gifts/${size}.svg`,
  animationUrl: size === 'none' ? null : `/media/gift-effects/${size}.svg`,
  size,
  count,
  combo,
});
const received = (e: GiftEffect) => ({ type: 'gift.received', effect: e }) as const;

const modelEvents: GiftEffectQueueEvent[] = [
  received(effect(1, 'small')),
  received(effect(1, 'small', 2)),
  received(effect(2, 'big')),
  received(effect(3, 'fullscreen')),
  received(effect(4, 'none')),
  { type: 'effect.skipped' },
];
const timerEvents = timerEventsOf(giftEffectQueueMachine);

const words: PathWords<Snapshot, GiftEffectQueueEvent> = {
  state: ({ value, context }) => `${JSON.stringify(value)} showing ${context.shown?.key ?? 'nothing'} with ${String(context.waiting.length)} waiting`,
  event: (e) => (e.type === 'gift.received' ? `${e.type}(${e.effect.key} combo ${String(e.effect.combo)})` : undefined),
};

/** The queue's rules, tracked from the events alone. */
class SpecOracle {
  shown: GiftEffect | null = null;
  waiting: GiftEffect[] = [];

  private next(): void {
    this.shown = this.waiting.shift() ?? null;
  }

  onEvent(e: GiftEffectQueueEvent): void {
    if (e.type === 'effect.skipped') {
      if (this.shown) this.next();
      return;
    }
    const incoming = e.effect;
    if (incoming.size === 'none') return;
    if (!this.shown) {
      this.shown = incoming;
      return;
    }
    if (this.shown.key === incoming.key) {
      this.shown = { ...this.shown, count: this.shown.count + incoming.count, combo: Math.max(this.shown.combo, incoming.combo) };
      return;
    }
    const same = this.waiting.find((candidate) => candidate.key === incoming.key);
    if (same) {
      same.count += incoming.count;
      same.combo = Math.max(same.combo, incoming.combo);
      return;
    }
    this.waiting.push({ ...incoming });
    if (this.waiting.length > maxWaitingEffects) {
      const small = this.waiting.findIndex((candidate) => candidate.size === 'small');
      this.waiting.splice(small >= 0 ? small : 0, 1);
    }
  }

  onTimer(): void {
    this.next();
  }
}

function replay(path: QueuePath): void {
  const clock = new TimerClock();
  const actor = createActor(giftEffectQueueMachine, { clock });
  actor.start();
  const oracle = new SpecOracle();
  replaySteps(actor, path, {
    fireTimer: (delay) => {
      // The shown effect's own size sets how long it stayed.
      expect(delay).toBe(oracle.shown?.size);
      clock.fireNext(effectMs[delay]!);
      oracle.onTimer();
    },
    sent: (e) => oracle.onEvent(e),
    check: (snapshot) => {
      expect(snapshot.context.shown).toEqual(oracle.shown);
      expect(snapshot.context.waiting).toEqual(oracle.waiting);
      expect(shownEffect(snapshot)).toEqual(oracle.shown);
      expect(snapshot.hasTag('effect')).toBe(oracle.shown !== null);
      // The size decides the stage: small, big or fullscreen, exactly one while shown.
      for (const size of ['small', 'big', 'fullscreen'] as const) expect(snapshot.hasTag(size)).toBe(oracle.shown?.size === size);
      // Never more than the bound waiting, never an effect-less gift, never one key twice.
      expect(waitingEffects(snapshot)).toBeLessThanOrEqual(maxWaitingEffects);
      const keys = [snapshot.context.shown?.key, ...snapshot.context.waiting.map((e) => e.key)].filter(Boolean);
      expect(new Set(keys).size).toBe(keys.length);
      for (const e of snapshot.context.waiting) expect(e.size).not.toBe('none');
    },
    event: words.event,
  });
  actor.stop();
}

const serializeState = ({ value, context }: Snapshot) =>
  JSON.stringify({ value, shown: context.shown?.key ?? null, waiting: context.waiting.slice(0, 3).map((e) => e.key) });

const shortestPaths = getShortestPaths(giftEffectQueueMachine, { events: [...modelEvents, ...timerEvents], serializeState });
const edgePaths = getEdgePaths(giftEffectQueueMachine, { events: [...modelEvents, ...timerEvents], serializeState });
const simplePaths = getSimplePaths(giftEffectQueueMachine, {
  events: [received(effect(1, 'small')), received(effect(2, 'big')), { type: 'effect.skipped' }, ...timerEvents],
  serializeState,
});

describe('gift effect queue machine: shortest paths', () => {
  it('reach idle and every size of effect', () => {
    const values = new Set(shortestPaths.map((path) => JSON.stringify(path.state.value)));
    expect(values).toEqual(new Set(['"idle"', '{"playing":"small"}', '{"playing":"big"}', '{"playing":"fullscreen"}']));
  });
  for (const path of shortestPaths) it(describePath(path, words), () => replay(path));
});

describe('gift effect queue machine: simple paths', () => {
  it('include the end of a small and of a big effect', () => {
    const delaysTaken = new Set(simplePaths.flatMap((path) => path.steps.map((step) => delayOf(step.event))));
    expect(delaysTaken).toContain('small');
    expect(delaysTaken).toContain('big');
  });
  for (const path of simplePaths) it(describePath(path, words), () => replay(path));
});

describe('gift effect queue machine: a path through each edge', () => {
  for (const path of edgePaths) it(describePath(path, words), () => replay(path));
});

describe('gift effect queue machine on the clock', () => {
  it('plays a storm one effect at a time, big ones longer, and falls silent when it is over', () => {
    const clock = new SimulatedClock();
    const actor = createActor(giftEffectQueueMachine, { clock });
    actor.start();
    actor.send(received(effect(1, 'small')));
    actor.send(received(effect(2, 'big')));
    const timeline: Array<[number, string | null]> = [];
    for (let t = 0; t <= 10_000; t += 1_000) {
      timeline.push([t, shownEffect(actor.getSnapshot())?.key ?? null]);
      clock.increment(1_000);
    }
    expect(timeline.filter(([, key]) => key === '1:small')).toHaveLength(3);
    expect(timeline.filter(([, key]) => key === '2:big')).toHaveLength(6);
    expect(timeline.at(-1)![1]).toBeNull();
  });

  it('counts a combo on the shown effect and starts its time again', () => {
    const clock = new SimulatedClock();
    const actor = createActor(giftEffectQueueMachine, { clock });
    actor.start();
    actor.send(received(effect(1, 'small', 1, 2)));
    clock.increment(2_500);
    actor.send(received(effect(1, 'small', 2, 2)));
    clock.increment(2_500);
    expect(shownEffect(actor.getSnapshot())).toMatchObject({ key: '1:small', combo: 2, count: 4 });
    clock.increment(600);
    expect(shownEffect(actor.getSnapshot())).toBeNull();
  });

  it('keeps a storm of different gifts to a bounded queue, dropping the oldest small ones first', () => {
    const actor = createActor(giftEffectQueueMachine, { clock: new SimulatedClock() });
    actor.start();
    actor.send(received(effect(0, 'big')));
    for (let sender = 1; sender <= 50; sender++) actor.send(received(effect(sender, sender === 3 ? 'fullscreen' : 'small')));
    const { waiting } = actor.getSnapshot().context;
    expect(waiting).toHaveLength(maxWaitingEffects);
    expect(waiting[0]!.key).toBe('3:fullscreen');
    expect(waiting.at(-1)!.key).toBe('50:small');
  });
});

describeCoverage(giftEffectQueueMachine);
