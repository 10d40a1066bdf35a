import { fromCallback, SimulatedClock } from 'xstate';
import { createActor, describeCoverage } from './path-coverage.ts';
import { getShortestPaths, getSimplePaths, type StatePath } from 'xstate/graph';
import { describe, expect, it } from 'vitest';
import {
  siteSocketMachine,
  type ConnectionCommand,
  type SiteSocketEmitted,
  type SiteSocketEvent,
  type SocketClientMessage,
  type SocketServerMessage,
} from './site-socket-machine.ts';
import { delayOf, describePath, getEdgePaths, replaySteps, timerEventsOf } from './path-replay.ts';

// SPEC §4 and §9, written out so the machine is checked against the spec, not against itself.
const heartbeatMs = 30_000;
const jitterDraw = 0.5;
const backoffMs = (attempt: number) => Math.round(Math.min(30_000, 1000 * 2 ** (attempt - 1)) * (0.5 + jitterDraw / 2));

type Snapshot = ReturnType<typeof siteSocketMachine.transition>;
type SocketPath = StatePath<Snapshot, SiteSocketEvent>;

const registered: SocketServerMessage = {
  code: 101,
  type: 'registered',
  connection_id: 'c1',
  server_time: 0,
  heartbeat_ms: heartbeatMs,
  user_id: null,
};
const goalPush: SocketServerMessage = {
  code: 100,
  type: 'goal',
  seq: 7,
  data: {
    match_id: 1,
    league_name: '英超',
    league_name_en: 'Premier League',
    kind: 'goal',
    iszhu: 1,
    match_str: "67'",
    home_team_name_zh: '阿森纳',
    home_team_name_en: 'Arsenal',
    away_team_name_zh: '切尔西',
    away_team_name_en: 'Chelsea',
    home_score: 1,
    away_score: 0,
  },
};

const modelEvents: SiteSocketEvent[] = [
  { type: 'socket.opened' },
  { type: 'socket.message', message: registered },
  { type: 'socket.message', message: goalPush },
  { type: 'socket.closed' },
  { type: 'socket.stopped' },
  { type: 'company.toggled', companyId: 2 },
];

const timerEvents = timerEventsOf(siteSocketMachine);

/** A message is named by its type, so paths through a registration and a push read apart. */
const eventWords = (event: SiteSocketEvent) => ('message' in event ? `message ${event.message.type}` : undefined);

/** What SPEC §4 says the client sends, tracked from the events alone. */
class SpecOracle {
  state: 'connecting' | 'registering' | 'subscribed' | 'reconnecting' | 'closed' = 'connecting';
  frames: SocketClientMessage[] = [];
  emitted: string[] = [];
  attempt = 0;
  companyId = 1;
  lastGoalSeq: number | null = null;

  onEvent(event: SiteSocketEvent): void {
    if (event.type === 'socket.stopped') {
      this.state = 'closed';
      return;
    }
    if (this.state === 'closed' || this.state === 'reconnecting') return;
    if (event.type === 'socket.closed') {
      this.state = 'reconnecting';
      this.attempt += 1;
    } else if (event.type === 'company.toggled') {
      this.companyId = event.companyId;
      if (this.state === 'subscribed') this.frames.push({ type: 'toggle', company_id: this.companyId });
    } else if (event.type === 'socket.opened' && this.state === 'connecting') {
      this.state = 'registering';
      this.frames.push({ type: 'register', info: 'web' });
    } else if (event.type === 'socket.message' && event.message.type === 'registered' && this.state === 'registering') {
      this.state = 'subscribed';
      this.attempt = 0;
      this.frames.push({ type: 'toggle', company_id: this.companyId }, { type: 'classify', classify_type: 0 });
      if (this.lastGoalSeq !== null) this.frames.push({ type: 'resume', seq: { goal: this.lastGoalSeq } });
    } else if (event.type === 'socket.message' && event.message.type === 'goal' && this.state === 'subscribed') {
      this.lastGoalSeq = event.message.seq;
      this.emitted.push('goal.pushed');
    }
  }

  onTimer(delay: string): void {
    if (delay === 'heartbeat') this.frames.push({ type: 'heartbeat' });
    if (delay === 'reconnectBackoff') this.state = 'connecting';
  }
}

function start() {
  const clock = new SimulatedClock();
  const frames: SocketClientMessage[] = [];
  const connection = fromCallback<ConnectionCommand, { url: string }>(({ receive }) => {
    receive((command) => frames.push(command.frame));
  });
  const actor = createActor(siteSocketMachine.provide({ actors: { connection } }), {
    clock,
    input,
  });
  const emitted: string[] = [];
  actor.on('*', (event: SiteSocketEmitted) => emitted.push(event.type));
  actor.start();
  return { actor, clock, frames, emitted };
}

function replay(path: SocketPath): void {
  const { actor, clock, frames, emitted } = start();
  const oracle = new SpecOracle();
  replaySteps(actor, path, {
    event: eventWords,
    fireTimer: (delay) => {
      clock.increment(delay === 'heartbeat' ? heartbeatMs : backoffMs(oracle.attempt));
      oracle.onTimer(delay);
    },
    sent: (event) => oracle.onEvent(event),
    check: (snapshot) => {
      const value = typeof snapshot.value === 'string' ? snapshot.value : Object.values(snapshot.value)[0];
      expect(value).toBe(oracle.state);
      expect(frames).toEqual(oracle.frames);
      expect(emitted).toEqual(oracle.emitted);
      expect(snapshot.hasTag('subscribed')).toBe(oracle.state === 'subscribed');
    },
  });
  actor.stop();
}

const input = { url: 'ws://test/ws', companyId: 1, classifyType: 0 as const, token: null, random: () => jitterDraw };

const shortestOptions = {
  input,
  events: [...modelEvents, ...timerEvents],
  serializeState: ({ value, context }) =>
    JSON.stringify({ value, seen: Object.keys(context.lastSeq).length > 0, retry: Math.min(context.attempt, 2), company: context.companyId }),
} satisfies Parameters<typeof getShortestPaths<typeof siteSocketMachine>>[1];
const shortestPaths = getShortestPaths(siteSocketMachine, shortestOptions);
const edgePaths = getEdgePaths(siteSocketMachine, shortestOptions);

const simplePaths = getSimplePaths(siteSocketMachine, {
  input,
  events: [...modelEvents.slice(0, 5), ...timerEvents],
  // A connection after a close is told apart from the first, so the reconnect shows in simple paths.
  serializeState: ({ value, context }) => JSON.stringify({ value, retried: context.attempt > 0 }),
});

describe('site socket machine: shortest paths', () => {
  it('reach every state: connecting, registering, subscribed, reconnecting, closed', () => {
    const values = new Set(shortestPaths.map((path) => JSON.stringify(path.state.value)));
    expect(values).toEqual(
      new Set(['{"open":"connecting"}', '{"open":"registering"}', '{"open":"subscribed"}', '"reconnecting"', '"closed"']),
    );
  });
  for (const path of shortestPaths) it(describePath(path, { event: eventWords }), () => replay(path));
});

describe('site socket machine: simple paths', () => {
  // The heartbeat returns to the state it left, so no simple path takes it: the clock tests below do.
  it('include the reconnect timer', () => {
    const delays = new Set(simplePaths.flatMap((path) => path.steps.map((step) => delayOf(step.event))).filter(Boolean));
    expect(delays).toEqual(new Set(['reconnectBackoff']));
  });
  for (const path of simplePaths) it(describePath(path, { event: eventWords }), () => replay(path));
});

describe('site socket machine: a path through each edge', () => {
  for (const path of edgePaths) it(describePath(path, { event: eventWords }), () => replay(path));
});

describe('site socket machine on the clock', () => {
  it('sends a heartbeat every 30 s and none before', () => {
    const { actor, clock, frames } = start();
    actor.send({ type: 'socket.opened' });
    actor.send({ type: 'socket.message', message: registered });
    clock.increment(heartbeatMs - 1);
    expect(frames.filter((frame) => frame.type === 'heartbeat')).toHaveLength(0);
    clock.increment(1);
    clock.increment(heartbeatMs);
    expect(frames.filter((frame) => frame.type === 'heartbeat')).toHaveLength(2);
  });

  it('backs off 1 s, 2 s, 4 s (times the jitter) and resumes from the last seq after a reconnect', () => {
    const { actor, clock, frames } = start();
    actor.send({ type: 'socket.opened' });
    actor.send({ type: 'socket.message', message: registered });
    actor.send({ type: 'socket.message', message: goalPush });
    for (const attempt of [1, 2, 3]) {
      actor.send({ type: 'socket.closed' });
      clock.increment(backoffMs(attempt) - 1);
      expect(actor.getSnapshot().value).toBe('reconnecting');
      clock.increment(1);
      expect(actor.getSnapshot().value).toEqual({ open: 'connecting' });
    }
    actor.send({ type: 'socket.opened' });
    actor.send({ type: 'socket.message', message: registered });
    expect(frames.at(-1)).toEqual({ type: 'resume', seq: { goal: 7 } });
    expect(actor.getSnapshot().context.attempt).toBe(0);
  });
});

describe('site socket machine: the sport filter', () => {
  it('keeps a filter picked while connecting for the subscription, and sends one picked once subscribed', () => {
    const { actor, frames } = start();
    actor.send({ type: 'sport.classified', classifyType: 1 });
    expect(frames).toEqual([]);
    actor.send({ type: 'socket.opened' });
    actor.send({ type: 'socket.message', message: registered });
    expect(frames).toContainEqual({ type: 'classify', classify_type: 1 });
    frames.length = 0;
    actor.send({ type: 'sport.classified', classifyType: 2 });
    expect(frames).toEqual([{ type: 'classify', classify_type: 2 }]);
  });
});

describe('site socket machine: the QR login code', () => {
  const qrLogin = { type: 'qr_login', code: 'code-1', qr_secret: 'secret-1' } as const;

  it('binds a code shown before the socket is subscribed once it is, and again after a reconnect', () => {
    const { actor, clock, frames } = start();
    actor.send({ type: 'qr.shown', code: 'code-1', secret: 'secret-1' });
    expect(frames).toEqual([]);
    actor.send({ type: 'socket.opened' });
    actor.send({ type: 'socket.message', message: registered });
    expect(frames.at(-1)).toEqual(qrLogin);

    actor.send({ type: 'socket.closed' });
    clock.increment(backoffMs(1));
    actor.send({ type: 'socket.opened' });
    actor.send({ type: 'socket.message', message: registered });
    expect(frames.filter((frame) => frame.type === 'qr_login')).toEqual([qrLogin, qrLogin]);
  });

  it('binds a code shown while subscribed at once, and no longer after it is hidden', () => {
    const { actor, clock, frames } = start();
    actor.send({ type: 'socket.opened' });
    actor.send({ type: 'socket.message', message: registered });
    actor.send({ type: 'qr.shown', code: 'code-1', secret: 'secret-1' });
    expect(frames.at(-1)).toEqual(qrLogin);

    actor.send({ type: 'qr.hidden' });
    actor.send({ type: 'socket.closed' });
    clock.increment(backoffMs(1));
    actor.send({ type: 'socket.opened' });
    actor.send({ type: 'socket.message', message: registered });
    expect(frames.filter((frame) => frame.type === 'qr_login')).toEqual([qrLogin]);
  });

  it('tells its listeners when the server refuses to bind a code, and nothing for other errors', () => {
    const { actor } = start();
    const refused: string[] = [];
    actor.on('qr.refused', (event) => refused.push(event.qrCode));
    actor.send({ type: 'socket.opened' });
    actor.send({ type: 'socket.message', message: registered });
    actor.send({ type: 'socket.message', message: { code: 1, type: 'error', msg: 'Input error: frames are JSON text' } });
    actor.send({ type: 'socket.message', message: { code: 1, type: 'error', msg: 'This QR code belongs to another page', qr_code: 'code-1' } });
    expect(refused).toEqual(['code-1']);
  });
});

describe('site socket machine: the user changes (live alerts)', () => {
  const alert: SocketServerMessage = {
    code: 310,
    type: 'live_alert',
    kind: 'anchor_live',
    room_id: 3,
    anchor: { id: 9, user_nickname: '解说阿杰' },
    title: '英超直播',
  };

  it('registers again with the new token when subscribed, and quietly takes the answer', () => {
    const { actor, frames, emitted } = start();
    actor.send({ type: 'socket.opened' });
    actor.send({ type: 'socket.message', message: registered });
    actor.send({ type: 'token.changed', token: 'token-2' });
    expect(frames.filter((frame) => frame.type === 'register').at(-1)).toEqual({ type: 'register', info: 'web', token: 'token-2' });
    actor.send({ type: 'socket.message', message: { ...registered, user_id: 5 } });
    expect(emitted).toEqual([]);
    expect(actor.getSnapshot().value).toEqual({ open: 'subscribed' });
    actor.send({ type: 'token.changed', token: null });
    expect(frames.filter((frame) => frame.type === 'register').at(-1)).toEqual({ type: 'register', info: 'web' });
  });

  it('keeps a token given while down for the next register', () => {
    const { actor, frames } = start();
    actor.send({ type: 'token.changed', token: 'token-3' });
    expect(frames.filter((frame) => frame.type === 'register')).toEqual([]);
    actor.send({ type: 'socket.opened' });
    expect(frames.at(-1)).toEqual({ type: 'register', info: 'web', token: 'token-3' });
  });

  it('tells the screens of an alert', () => {
    const { actor } = start();
    const alerts: unknown[] = [];
    actor.on('live.alert', (event) => alerts.push(event.alert));
    actor.send({ type: 'socket.opened' });
    actor.send({ type: 'socket.message', message: registered });
    actor.send({ type: 'socket.message', message: alert });
    expect(alerts).toEqual([alert]);
  });
});

describeCoverage(siteSocketMachine);
