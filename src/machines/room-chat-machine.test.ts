import { fromPromise, type EventObject, type SnapshotFrom } from 'xstate';
import { createActor, describeCoverage } from './path-coverage.ts';
import { getShortestPaths, getSimplePaths, type StatePath } from 'xstate/graph';
import { describe, expect, it } from 'vitest';
import { describePath, getEdgePaths, replaySteps, TimerClock, timerEventsOf } from './path-replay.ts';
import {
  ChatSendError,
  maxRejoinMs,
  rejoinStepMs,
  roomChatMachine,
  type ChatDraft,
  type ChatStanding,
  type RoomChatEmitted,
  type RoomChatEvent,
  type RoomChatInput,
} from './room-chat-machine.ts';

// The room chat along its graph: the stub actors never settle, the graph sends their done and error events
// itself; the rejoin timer fires on a simulated clock. Each path runs once for a logged-in viewer and once
// for a guest, and every reached state is checked against what the chat panel shows.

const machine = roomChatMachine.provide({
  actors: {
    joinRoom: fromPromise<ChatStanding>(() => new Promise(() => {})),
    sendMessage: fromPromise<void, ChatDraft>(() => new Promise(() => {})),
  },
});
type Snapshot = SnapshotFrom<typeof machine>;

const maxLength = 100;
const events = [
  { type: 'chat.send', text: 'goal!' },
  { type: 'chat.send', text: '   ' },
  { type: 'chat.send', text: 'x'.repeat(maxLength + 1) },
  { type: 'chat.retry' },
  { type: 'chat.discard' },
  { type: 'status.muted' },
  { type: 'status.unmuted' },
  { type: 'room.kicked' },
  { type: 'connection.lost' },
  { type: 'xstate.done.actor.joinRoom', output: { muted: false, kicked: false } },
  { type: 'xstate.done.actor.joinRoom', output: { muted: true, kicked: false } },
  { type: 'xstate.done.actor.joinRoom', output: { muted: false, kicked: true } },
  { type: 'xstate.error.actor.joinRoom', error: new Error('socket closed') },
  { type: 'xstate.done.actor.sendMessage' },
  { type: 'xstate.error.actor.sendMessage', error: new ChatSendError('too fast', 'too_fast') },
  { type: 'xstate.error.actor.sendMessage', error: new ChatSendError('muted', 'muted') },
  { type: 'xstate.error.actor.sendMessage', error: new ChatSendError('kicked', 'kicked') },
  { type: 'xstate.error.actor.sendMessage', error: new Error('timed out') },
  ...timerEventsOf(machine),
] as unknown as RoomChatEvent[];

const eventWords = (event: EventObject): string | undefined => {
  const payload = event as EventObject & { text?: string; output?: ChatStanding; error?: unknown };
  if (payload.type === 'chat.send') {
    const text = payload.text ?? '';
    return text.trim() === '' ? 'send blank' : text.length > maxLength ? 'send too long' : 'send';
  }
  if (payload.type === 'xstate.done.actor.joinRoom') return payload.output?.kicked ? 'joined: kicked' : payload.output?.muted ? 'joined: muted' : 'joined';
  if (payload.type === 'xstate.error.actor.sendMessage') {
    return payload.error instanceof ChatSendError ? `refused: ${String(payload.error.reason)}` : 'send failed';
  }
  return undefined;
};

type Leaf = (typeof leaves)[number];
function leafValue(leaf: Leaf): Parameters<Snapshot['matches']>[0] {
  const [parent, child] = leaf.split('.');
  return child ? ({ joined: child } as Parameters<Snapshot['matches']>[0]) : (parent as Parameters<Snapshot['matches']>[0]);
}

const leaves = ['joining', 'joinFailed', 'joined.guest', 'joined.ready', 'joined.sending', 'joined.sendFailed', 'joined.muted', 'kicked'] as const;

function invariant(snapshot: Snapshot, input: RoomChatInput): void {
  const { context } = snapshot;
  expect(leaves.filter((state) => snapshot.matches(leafValue(state)))).toHaveLength(1);
  // A guest never gets as far as speaking.
  if (!input.loggedIn) expect(snapshot.matches({ joined: 'ready' }) || snapshot.matches({ joined: 'sending' }) || snapshot.matches({ joined: 'muted' })).toBe(false);
  // A draft is held exactly while it is being sent or waits for a retry.
  expect(context.pending !== null).toBe(snapshot.matches({ joined: 'sending' }) || snapshot.matches({ joined: 'sendFailed' }));
  if (context.pending) {
    expect(context.pending.text.trim()).not.toBe('');
    expect([...context.pending.text].length).toBeLessThanOrEqual(maxLength);
  }
  // A failure has something to say; sending starts clean.
  if (snapshot.matches({ joined: 'sendFailed' }) || snapshot.matches('joinFailed')) expect(context.error).not.toBeNull();
  if (snapshot.matches({ joined: 'sending' })) expect(context.error).toBeNull();
  expect(snapshot.can({ type: 'chat.retry' })).toBe(snapshot.matches({ joined: 'sendFailed' }) || snapshot.matches('joinFailed'));
  expect(snapshot.hasTag('busy')).toBe(snapshot.matches('joining') || snapshot.matches({ joined: 'sending' }));
  expect(snapshot.status === 'done').toBe(snapshot.matches('kicked'));
  if (snapshot.matches('joinFailed')) expect(context.attempt).toBeGreaterThan(0);
}

for (const input of [
  { loggedIn: true, maxLength },
  { loggedIn: false, maxLength },
] satisfies RoomChatInput[]) {
  const who = input.loggedIn ? 'viewer' : 'guest';
  const graphOptions = {
    input,
    events,
    serializeState: (snapshot: Snapshot) => JSON.stringify({ value: snapshot.value, pending: snapshot.context.pending !== null, error: snapshot.context.error !== null }),
    filterEvents: (snapshot: Snapshot) => snapshot.status === 'active',
  };

  function replay(path: StatePath<Snapshot, RoomChatEvent>): RoomChatEmitted[] {
    const clock = new TimerClock();
    const actor = createActor(machine, { clock, input });
    const emitted: RoomChatEmitted[] = [];
    actor.on('*', (event) => emitted.push(event));
    actor.start();
    replaySteps(actor, path, {
      fireTimer: () => clock.fireNext(Math.min(actor.getSnapshot().context.attempt * rejoinStepMs, maxRejoinMs)),
      check: (snapshot) => invariant(snapshot, input),
      event: eventWords,
    });
    // What the page hears follows from the path: a login request for each guest's send, leaving once kicked.
    const steps = path.steps.map((step) => step.event);
    const guestSends = input.loggedIn ? 0 : steps.filter((event, i) => event.type === 'chat.send' && path.steps[i - 1]?.state.matches({ joined: 'guest' })).length;
    expect(emitted.filter((event) => event.type === 'login.requested')).toHaveLength(guestSends);
    expect(emitted.some((event) => event.type === 'room.left')).toBe(actor.getSnapshot().matches('kicked'));
    actor.stop();
    return emitted;
  }

  describe(`room chat (${who}): shortest paths`, () => {
    for (const path of getShortestPaths(machine, graphOptions)) it(describePath(path, { event: eventWords }), () => void replay(path));
  });
  describe(`room chat (${who}): simple paths`, () => {
    const paths = getSimplePaths(machine, graphOptions).filter((path) => path.steps.length <= 7);
    for (const path of paths) it(describePath(path, { event: eventWords }), () => void replay(path));
  });
  describe(`room chat (${who}): a path through each edge`, () => {
    for (const path of getEdgePaths(machine, graphOptions)) it(describePath(path, { event: eventWords }), () => void replay(path));
  });
}

describe('room chat, by example', () => {
  it('retries a failed send with the same client id, and announces it once sent', () => {
    const actor = createActor(machine, { input: { loggedIn: true, maxLength } }).start();
    const sent: string[] = [];
    actor.on('chat.sent', (event) => sent.push(event.clientMsgID));
    actor.send({ type: 'xstate.done.actor.joinRoom', output: { muted: false, kicked: false } } as unknown as RoomChatEvent);
    actor.send({ type: 'chat.send', text: '  hello  ' });
    const draft = actor.getSnapshot().context.pending;
    expect(draft?.text).toBe('hello');
    actor.send({ type: 'xstate.error.actor.sendMessage', error: new Error('timed out') } as unknown as RoomChatEvent);
    expect(actor.getSnapshot().context.error).toBe('timed out');
    actor.send({ type: 'chat.retry' });
    expect(actor.getSnapshot().context.pending).toEqual(draft);
    actor.send({ type: 'xstate.done.actor.sendMessage' } as unknown as RoomChatEvent);
    expect(sent).toEqual([draft?.clientMsgID]);
    actor.send({ type: 'chat.send', text: 'again' });
    expect(actor.getSnapshot().context.pending?.clientMsgID).not.toBe(draft?.clientMsgID);
  });
});

describeCoverage(roomChatMachine);
