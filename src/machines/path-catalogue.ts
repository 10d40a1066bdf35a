import { getNextSnapshot, type AnyMachineSnapshot, type AnyStateMachine, type EventObject } from 'xstate';
import { getShortestPaths, getStateNodes, type StatePath } from 'xstate/graph';
import { anchorReviewMachine, type AnchorApplicationForm } from './anchor-review-machine.ts';
import { chatSendMachine } from './chat-send-machine.ts';
import { conversionMachine } from './conversion-machine.ts';
import { danmakuLaneMachine } from './danmaku-lane-machine.ts';
import { expertReviewMachine, type ExpertApplicationForm } from './expert-review-machine.ts';
import { giftEffectQueueMachine, type GiftEffect, type GiftEffectSize } from './gift-effect-queue-machine.ts';
import { defaultGoalPopupSettings, goalPopupQueueMachine, type GoalEvent } from './goal-popup-queue-machine.ts';
import { liveStatusMachine } from './live-status-machine.ts';
import { loginMachine } from './login-machine.ts';
import { planSettlementMachine } from './plan-settlement-machine.ts';
import { playerMachine } from './player-machine.ts';
import { qrLoginMachine } from './qr-login-machine.ts';
import { roomChatMachine } from './room-chat-machine.ts';
import { routeProgressMachine } from './route-progress-machine.ts';
import { sessionMachine } from './session-machine.ts';
import { signInMachine } from './sign-in-machine.ts';
import { siteSocketMachine } from './site-socket-machine.ts';
import { smsCountdownMachine } from './sms-countdown-machine.ts';
import { startupMachine } from './startup-machine.ts';
import { transcodeJobMachine } from './transcode-job-machine.ts';
import { withdrawalReviewMachine } from './withdrawal-review-machine.ts';
import { reportReviewMachine } from './report-review-machine.ts';
import { headlineReviewMachine, type HeadlineForm } from './headline-review-machine.ts';
import { videoReviewMachine } from './video-review-machine.ts';
import { defaultDanmakuSettings } from './danmaku-lane-machine.ts';

// The machines as a tester reads them: each machine's states, the events it takes and its shortest
// path to each state, in words. `npm run paths` prints it; a path's name is the state it reaches.
// No vitest here: the catalogue runs in a plain script as well as in tests.

export interface CatalogueEntry {
  /** The name a tester types: the machine file's name without `-machine`. */
  name: string;
  machine: AnyStateMachine;
  input?: unknown;
  /**
   * The events the walk sends, with payloads where a guard reads them; without them, one event of
   * each type the machine takes, with no payload (so states behind a payload guard are not reached).
   */
  events?: EventObject[];
  /** What tells states apart in the walk (the state value by default); the paths are named by value. */
  serializeState?: (snapshot: AnyMachineSnapshot) => string;
  /** Words for an event whose payload matters. */
  eventWords?: (event: EventObject) => string | undefined;
}

/** A goal as the site socket pushes it. */
const catalogueGoal: GoalEvent = {
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
};

/** A gift's effect as the room's chat hears it: one piece of gift `giftId` from sender `u<giftId>`. */
const catalogueGift = (size: GiftEffectSize, giftId: number): GiftEffect => ({
  key: `u${String(giftId)}:${String(giftId)}`,
  nick: '球迷小王',
  giftName: '金球',
  icon: '/gift.png',
  animationUrl: null,
  size,
  count: 1,
  combo: 1,
});

const loginEvents: EventObject[] = [
  { type: 'mode.phone' },
  { type: 'mode.qr' },
  { type: 'mode.regiter' },
  { type: 'mode.forgot' },
  { type: 'mode.code' },
  { type: 'field.changed', field: 'mobile', value: '13800000000' } as EventObject,
  { type: 'field.changed', field: 'password', value: 'secret1' } as EventObject,
  { type: 'altcha.solved', payload: 'solved' } as EventObject,
  { type: 'form.submit' },
  { type: 'xstate.error.actor.submitPhone', error: new Error('Wrong password') } as EventObject,
  // The session itself is the server's: a replay in the browser waits for it.
  { type: 'xstate.done.actor.submitPhone', output: { token: 'token', id: 1 } } as EventObject,
  { type: 'login.close' },
];

// An admin's decisions: a refusal needs its reason (a refusal without one is not taken), and each
// decision's call answers or fails.
const reviewEvents: EventObject[] = [
  { type: 'review.approve' },
  { type: 'review.refuse', reason: 'Blurred photo' } as EventObject,
  ...['approve', 'refuse'].flatMap((call) => [
    { type: `xstate.done.actor.${call}` },
    { type: `xstate.error.actor.${call}`, error: new Error('Server busy') } as EventObject,
  ]),
];

/** An application's life: sent with a complete form (the call answers or fails), then the admin's decisions. */
const applicationEvents = <Form>(form: Form): EventObject[] => [
  { type: 'application.submit', form } as EventObject,
  { type: 'xstate.done.actor.submit' },
  { type: 'xstate.error.actor.submit', error: new Error('Server busy') } as EventObject,
  ...reviewEvents,
];

const reviewWords = (event: EventObject) =>
  event.type === 'review.refuse' ? `refuse with reason "${(event as EventObject & { reason: string }).reason}"` : undefined;

const applicationWords = (event: EventObject) => (event.type === 'application.submit' ? 'send the application' : reviewWords(event));

export const catalogue: CatalogueEntry[] = [
  {
    name: 'login',
    machine: loginMachine,
    input: { countryCode: '86' },
    events: loginEvents,
    // The fields filled and the human check passed decide where a submit goes.
    serializeState: ({ value, context }) =>
      JSON.stringify([value, context.mode, context.mobile !== '', context.password !== '', context.altcha !== null]),
    eventWords: (event) => {
      if (event.type === 'field.changed') {
        const { field, value } = event as EventObject & { field: string; value: string };
        return `type ${field} "${value}"`;
      }
      if (event.type === 'altcha.solved') return 'pass the human check';
      if (event.type === 'xstate.error.actor.submitPhone') return 'server refuses';
      if (event.type === 'xstate.done.actor.submitPhone') return 'server accepts';
      return undefined;
    },
  },
  {
    name: 'qr-login',
    machine: qrLoginMachine,
    events: [
      ...['xstate.done.actor.fetchQr', 'xstate.error.actor.fetchQr', 'qr.scanned', 'qr.refused', 'qr.refresh', 'xstate.after.qrExpiry.qrLogin.showing'].map((type) => ({
        type,
        output: { code: 'code', qr_secret: 'secret', img: '/qr.svg' },
      })),
      { type: 'qr.confirmed', session: { token: 'token', id: 1 } } as EventObject,
    ],
  },
  { name: 'sms-countdown', machine: smsCountdownMachine },
  { name: 'sign-in', machine: signInMachine },
  {
    name: 'goal-popup-queue',
    machine: goalPopupQueueMachine,
    // Every match pops up, so a goal shows without a followed match (the default shows followed ones only).
    input: { settings: { ...defaultGoalPopupSettings, scope: 'all' } },
    events: [
      { type: 'goal.received', goal: catalogueGoal } as EventObject,
      ...eventTypesOf(goalPopupQueueMachine)
        .filter((type) => !['goal.received', 'settings.changed', 'follows.changed'].includes(type))
        .map((type) => ({ type })),
    ],
    eventWords: (event) => (event.type === 'goal.received' ? 'a goal is pushed' : undefined),
  },
  {
    name: 'session',
    machine: sessionMachine,
    // The codes decide: 700 is a session gone (say "log in first" once), 50008 logged out elsewhere.
    events: [
      { type: 'response.failed', code: 1, msg: 'Server busy' } as EventObject,
      { type: 'response.failed', code: 700, msg: '' } as EventObject,
      { type: 'response.failed', code: 50008, msg: '' } as EventObject,
      ...['network.failed', 'relogin.confirmed', 'relogin.cancelled', 'toast.closed'].map((type) => ({ type })),
    ],
    eventWords: (event) => (event.type === 'response.failed' ? `server answers code ${String((event as EventObject & { code: number }).code)}` : undefined),
  },
  { name: 'startup', machine: startupMachine, input: { loggedIn: false, hasGuestAccount: false } },
  { name: 'site-socket', machine: siteSocketMachine, input: { url: 'ws://site/ws', companyId: 1, classifyType: 0, token: null, random: () => 0.5 } },
  {
    name: 'player',
    machine: playerMachine,
    input: { onAir: true, qualities: ['original'] },
    // Playback starts with sound; a stream that fails to load is a plain failure (off air has its own event).
    events: [
      { type: 'xstate.done.actor.startPlayback', output: { muted: false } } as EventObject,
      { type: 'xstate.error.actor.loadStream', error: new Error('The playlist did not load') } as EventObject,
      { type: 'player.volume', volume: 0.5 } as EventObject,
      ...eventTypesOf(playerMachine)
        .filter((type) => !['xstate.done.actor.startPlayback', 'xstate.error.actor.loadStream', 'player.volume', 'quality.select'].includes(type))
        .map((type) => ({ type })),
    ],
  },
  {
    name: 'room-chat',
    machine: roomChatMachine,
    input: { loggedIn: true, maxLength: 30 },
    // The join tells the viewer's standing; a send's words and its failure are the server's.
    events: [
      ...[
        { muted: false, kicked: false },
        { muted: true, kicked: false },
        { muted: false, kicked: true },
      ].map((output) => ({ type: 'xstate.done.actor.joinRoom', output }) as EventObject),
      { type: 'xstate.error.actor.joinRoom', error: new Error('The chat did not answer') } as EventObject,
      { type: 'chat.send', text: '好球！' } as EventObject,
      { type: 'xstate.error.actor.sendMessage', error: new Error('The chat did not answer') } as EventObject,
      ...eventTypesOf(roomChatMachine)
        .filter((type) => !['xstate.done.actor.joinRoom', 'xstate.error.actor.joinRoom', 'chat.send', 'xstate.error.actor.sendMessage'].includes(type))
        .map((type) => ({ type })),
    ],
    eventWords: (event) => {
      if (event.type === 'chat.send') return `send "${(event as EventObject & { text: string }).text}"`;
      if (event.type !== 'xstate.done.actor.joinRoom') return undefined;
      const { muted, kicked } = (event as EventObject & { output: { muted: boolean; kicked: boolean } }).output;
      return kicked ? 'joined, kicked out' : muted ? 'joined, muted' : 'joined';
    },
  },
  {
    name: 'chat-send',
    machine: chatSendMachine,
    input: { maxLength: 500, idPrefix: 'p' },
    events: [
      { type: 'draft.changed', text: '你好' } as EventObject,
      { type: 'draft.send', to: 'C2C8' } as EventObject,
      { type: 'send.stored' },
      { type: 'send.failed', reason: 'Network error' } as EventObject,
      { type: 'send.retry' },
      { type: 'send.discard' },
    ],
    // A draft typed or not decides whether it may be sent.
    serializeState: ({ value, context }) => JSON.stringify([value, context.draft !== '']),
    eventWords: (event) => (event.type === 'draft.changed' ? `type "${(event as EventObject & { text: string }).text}"` : undefined),
  },
  {
    name: 'gift-effect-queue',
    machine: giftEffectQueueMachine,
    // A gift of each size, each from another sender (the same sender's same gift would be a combo).
    events: [
      ...(['small', 'big', 'fullscreen'] as const).map((size, index) => ({ type: 'gift.received', effect: catalogueGift(size, index + 1) }) as EventObject),
      ...eventTypesOf(giftEffectQueueMachine)
        .filter((type) => type !== 'gift.received')
        .map((type) => ({ type })),
    ],
    eventWords: (event) => (event.type === 'gift.received' ? `a ${(event as EventObject & { effect: GiftEffect }).effect.size} gift is sent` : undefined),
  },
  {
    name: 'danmaku-lane',
    machine: danmakuLaneMachine,
    input: { settings: defaultDanmakuSettings, now: () => 0 },
    events: [
      { type: 'message.received', item: { id: 'm1', text: '好球！', isMine: false, width: 60 } } as EventObject,
      { type: 'message.withdrawn', id: 'm1' } as EventObject,
      { type: 'settings.changed', settings: { ...defaultDanmakuSettings, show: false } } as EventObject,
      { type: 'settings.changed', settings: defaultDanmakuSettings } as EventObject,
      { type: 'stage.resized', stage: { width: 640, height: 360 } } as EventObject,
      { type: 'video.paused' },
      { type: 'video.resumed' },
    ],
    eventWords: (event) => {
      if (event.type === 'settings.changed') return (event as EventObject & { settings: { show: boolean } }).settings.show ? 'show danmaku' : 'hide danmaku';
      return event.type === 'message.received' ? 'a message comes' : undefined;
    },
  },
  {
    name: 'conversion',
    machine: conversionMachine,
    input: { incomeTenths: 1000 },
    events: [
      { type: 'amount.change', tenths: 100 } as EventObject,
      ...['convert.request', 'convert.confirm', 'convert.cancel', 'convert.retry', 'convert.again'].map((type) => ({ type })),
      { type: 'xstate.done.actor.convert', output: { incomeTenths: 900 } } as EventObject,
      { type: 'xstate.error.actor.convert', error: new Error('Server busy') } as EventObject,
    ],
    // An amount typed or not decides where a request goes.
    serializeState: ({ value, context }) => JSON.stringify([value, context.tenths !== null]),
    eventWords: (event) => (event.type === 'amount.change' ? `type ${String((event as EventObject & { tenths: number }).tenths / 10)}` : undefined),
  },
  { name: 'live-status', machine: liveStatusMachine, input: { regulationPeriods: 2, maxPeriods: 2 } },
  { name: 'route-progress', machine: routeProgressMachine },
  {
    name: 'anchor-review',
    machine: anchorReviewMachine,
    events: applicationEvents<AnchorApplicationForm>({
      real_name: '王小明',
      id_number: '11010519491231002X',
      contact_type: 'wechat',
      contact: 'pitch_fan01',
      inviter: '',
      experience: '在校园电台解说足球比赛三年，熟悉中超和英超',
      agree_protocol: true,
    }),
    eventWords: applicationWords,
  },
  {
    name: 'expert-review',
    machine: expertReviewMachine,
    events: applicationEvents<ExpertApplicationForm>({ speciality: 'football', experience: '十年英超数据分析，专注亚盘', analyst_code_agreed: true }),
    eventWords: applicationWords,
  },
  { name: 'withdrawal-review', machine: withdrawalReviewMachine, events: reviewEvents, eventWords: reviewWords },
  { name: 'report-review', machine: reportReviewMachine, events: reviewEvents, eventWords: reviewWords },
  {
    name: 'headline-review',
    machine: headlineReviewMachine,
    events: applicationEvents<HeadlineForm>({ classify_id: 1, title: '阿森纳主场逆转切尔西', content: '第67分钟萨卡破门，阿森纳2比1取胜。' }),
    eventWords: applicationWords,
  },
  { name: 'video-review', machine: videoReviewMachine, events: reviewEvents, eventWords: reviewWords },
  { name: 'transcode-job', machine: transcodeJobMachine, input: { toolsAvailable: true } },
  {
    name: 'plan-settlement',
    machine: planSettlementMachine,
    input: { terms: { market: 'europe', pick: 'home', line: null } },
    events: [{ type: 'match.ended', home: 2, away: 1 } as EventObject, { type: 'match.abandoned' }],
  },
];

/** A state value in words: `phone.editing`, or `a.x + b.y` for parallel regions. */
export function stateWords(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === null || typeof value !== 'object') return String(value);
  const entries = Object.entries(value as Record<string, unknown>);
  return entries
    .map(([key, child]) => {
      const inner = stateWords(child);
      return inner.includes(' + ') ? `${key}.(${inner})` : `${key}.${inner}`;
    })
    .join(' + ');
}

export function eventWordsOf(event: EventObject, own?: CatalogueEntry['eventWords']): string {
  const mine = own?.(event);
  if (mine !== undefined) return mine;
  const timer = /^xstate\.after\.(\w+)\./.exec(event.type);
  if (timer) return `wait ${timer[1] ?? ''}`;
  return event.type.replace(/^xstate\.done\.actor\./, 'done: ').replace(/^xstate\.error\.actor\./, 'fails: ');
}

/** The event types a machine takes anywhere, timers and invoke results included, each once. */
export function eventTypesOf(machine: AnyStateMachine): string[] {
  const nodes = [machine.root, ...getStateNodes(machine.root)];
  const types = nodes.flatMap((node) => [...(node.transitions as Map<string, unknown>).keys()]);
  return [...new Set(types)].filter((type) => type !== '*' && !type.startsWith('xstate.done.state.'));
}

/** Every state of a machine by its id path, e.g. `phone.editing`. */
export function statesOf(machine: AnyStateMachine): string[] {
  return getStateNodes(machine.root)
    .filter((node) => node !== machine.root)
    .map((node) => node.path.join('.'));
}

export interface NamedPath {
  /** The state the path reaches, as a tester types it. */
  name: string;
  words: string;
  path: StatePath<AnyMachineSnapshot, EventObject>;
}

/** Whether the machine can take the event here without failing (an event sent without the payload it reads). */
function takes(machine: AnyStateMachine, snapshot: AnyMachineSnapshot, event: EventObject): boolean {
  try {
    getNextSnapshot(machine, snapshot, event);
    return true;
  } catch {
    return false;
  }
}

/**
 * The shortest path to each state the walk reaches, named by the state (its leaf, so parallel
 * regions are not multiplied). Events the catalogue has no payload for are left out where their
 * guard or action would need one.
 */
export function namedPaths(entry: CatalogueEntry): NamedPath[] {
  const events = entry.events ?? eventTypesOf(entry.machine).map((type) => ({ type }));
  const all = getShortestPaths(entry.machine, {
    input: entry.input,
    events: events as never,
    serializeState: entry.serializeState ?? ((snapshot) => JSON.stringify(snapshot.value)),
    filterEvents: (snapshot, event) => snapshot.status === 'active' && takes(entry.machine, snapshot, event),
  }) as Array<StatePath<AnyMachineSnapshot, EventObject>>;
  const byState = new Map<string, StatePath<AnyMachineSnapshot, EventObject>>();
  for (const path of all) {
    const leaves = (path.state._nodes as Array<{ type: string; path: string[] }>)
      .filter((node) => node.type === 'atomic' || node.type === 'final')
      .map((node) => node.path.join('.'));
    for (const leaf of leaves) {
      const known = byState.get(leaf);
      if (!known || path.steps.length < known.steps.length) byState.set(leaf, path);
    }
  }
  return [...byState.entries()].map(([name, path]) => {
    const steps = path.steps.filter((step) => step.event.type !== 'xstate.init');
    const start = stateWords(path.steps[0]?.state.value ?? path.state.value);
    const words = steps.length ? `from ${start}: ${steps.map((step) => eventWordsOf(step.event, entry.eventWords)).join(' → ')}` : 'the start';
    return { name, words, path };
  });
}

export function findEntry(name: string): CatalogueEntry | undefined {
  return catalogue.find((entry) => entry.name === name || entry.machine.id === name);
}
