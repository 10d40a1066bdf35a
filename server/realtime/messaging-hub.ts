import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { roomOfGroupID, type ImMessage, type ImServerMessage } from '../contract/socket-contract.ts';
import type { Contract } from '../contract/contract.ts';
import type { Bus, Unsubscribe } from '../ports/bus.ts';
import type { ReplayStore } from '../ports/replay-store.ts';
import type { ServerContext } from '../ports/server-context.ts';

// Who takes part in which group on this process, and the fan-out of group messages and online counts across
// processes through the bus (DESIGN.md, Realtime). A message is published once; every process with members of
// its group, this one included, pushes it to its own connections. Each process publishes how many connections
// it holds in a group; the online count is the sum over the processes heard from lately.

/** Which group a pushed frame is of, and the sequence of the message it carries (none for counts and notices). */
export interface GroupPush {
  groupID: string;
  sequence?: number;
}

/** One `/im` connection as the hub sees it. */
export interface HubConnection {
  /** Sends a frame already serialised, so a message to 5,000 members is turned into JSON once; `push` for a group's. */
  sendText(text: string, push?: GroupPush): void;
  /** Takes the connection out of a group it joined, for good (a kick-out): it no longer reads the group either. */
  removeFromGroup?(groupID: string): void;
}

/** How often an unchanged local count is published again, and how long another process's count is trusted. */
const countRefreshMs = 20_000;
const countTrustedMs = 60_000;
/** Online counts are pushed at most once a second per group (ImOnlineCount). */
const countPushMs = 1000;
/**
 * How many connections a group's frame is written to before the process turns to its other sockets. A
 * write took 14 µs of CPU on the bench machine, so a slice holds the process 3–4 ms. Written in one go, a
 * room of 2,000 with a burst of 18 lines held it for hundreds of milliseconds, and a private message sent
 * meanwhile waited all that time before it was even read (tests/load/private-chat-bench.ts).
 */
export const fanOutSlice = 256;

interface GroupState {
  members: Set<HubConnection>;
  /** The bus subscriptions of the group, live while this process has members. */
  unsubscribe: Promise<Unsubscribe[]>;
  /** Other processes' counts, by process id. */
  remote: Map<string, { count: number; at: number }>;
  pushTimer: NodeJS.Timeout | null;
  lastPushed: number;
  /** Frames not yet written to every member, oldest first: the first is being written, a slice at a time. */
  outbox: Array<{ text: string; push: GroupPush }>;
  /** The next slice of the first frame of the outbox, while one is waiting. */
  nextSlice: NodeJS.Immediate | null;
}

const messageChannel = (groupID: string) => `im:group:${groupID}`;
const countChannel = (groupID: string) => `im:online:${groupID}`;
const hornChannel = 'im:horns';
const removalChannel = 'im:group-removals';

type HornMessage = Extract<ImServerMessage, { type: 'horn' }>['horn'];

const isRoomGroup = (groupID: string) => roomOfGroupID(groupID) !== null;

/** The channel of the bus that reaches every open tab of a member. */
export const memberChannel = (userId: string) => `im:user:${userId}`;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A live room's chat in the recent history every process shares (the replay store of the score streams). */
const roomChatStream = (groupID: string) => `room-chat:${groupID}`;

/** What publishing a group's message needs: the bus, and where a room's recent lines are kept when scaled out. */
export type GroupPublishing = Pick<ServerContext, 'bus' | 'roomChatHistory' | 'log'>;

/**
 * Sends a stored group message to the group's members on every process, for a service that speaks in a
 * group without a socket of its own (a gift's notice in its room). A live room's line is kept in the shared history
 * first, so a tab that saw it pushed by one process and resumes on another finds what followed it there.
 */
export async function publishGroupMessage(ports: GroupPublishing, groupID: string, message: ImMessage): Promise<void> {
  if (ports.roomChatHistory && isRoomGroup(groupID)) {
    try {
      // The database numbers a room's lines without holes: each names the one before, whichever process stored it.
      await ports.roomChatHistory.append([
        {
          stream: roomChatStream(groupID),
          seq: message.sequence,
          prev: message.sequence - 1,
          companyId: null,
          frame: Buffer.from(JSON.stringify({ type: 'message', message } satisfies ImServerMessage)),
        },
      ]);
    } catch (error) {
      // The line still goes out: a tab resuming across it is told to sync from the database instead.
      ports.log.warn({ err: error, groupID }, 'messaging hub: the room chat history did not take a line');
    }
  }
  await ports.bus.publish(messageChannel(groupID), { message });
}

/** Pushes a frame about a group (a message an admin removed) to its members on every process, for a service without a socket. */
export async function publishGroupFrame(bus: Bus, groupID: string, frame: ImServerMessage): Promise<void> {
  await bus.publish(messageChannel(groupID), { frame });
}

/** Sends a horn just blown to everyone in a live room's chat, on every process (Member/sneHorn). */
export async function publishHorn(bus: Bus, horn: HornMessage): Promise<void> {
  await bus.publish(hornChannel, { horn });
}

/**
 * Takes every open tab of a member, on every process, out of a group they joined (a kick-out shuts the room's
 * chat for its time, sockets already in it included).
 */
export async function removeMemberFromGroup(bus: Bus, userID: string, groupID: string): Promise<void> {
  await bus.publish(removalChannel, { userID, groupID });
}

export class MessagingHub {
  readonly #process = randomUUID();
  readonly #groups = new Map<string, GroupState>();
  readonly #refresh: NodeJS.Timeout;
  readonly #isMessage: (value: unknown) => value is ImMessage;
  readonly #isFrame: (value: unknown) => value is ImServerMessage;
  readonly #isHorn: (value: unknown) => value is HornMessage;
  readonly #hornSubscription: Promise<Unsubscribe>;
  readonly #removalSubscription: Promise<Unsubscribe>;
  /** Every open tab of each logged-in member on this process (private chat is delivered to all of them). */
  readonly #users = new Map<string, { connections: Set<HubConnection>; unsubscribe: Promise<Unsubscribe> }>();

  constructor(
    private readonly bus: Bus,
    contract: Contract,
    private readonly log: FastifyBaseLogger,
    private readonly history: ReplayStore | null = null,
  ) {
    // Compiled on first use (the contract keeps each), not at start-up.
    this.#isMessage = (value): value is ImMessage => contract.validatorFor('ImMessage')(value);
    this.#isFrame = (value): value is ImServerMessage => contract.validatorFor('ImServerMessage')(value);
    this.#isHorn = (value): value is HornMessage => contract.validatorFor('HornMessage')(value);
    this.#hornSubscription = bus.subscribe(hornChannel, (envelope) => this.#onHorn(envelope));
    this.#removalSubscription = bus.subscribe(removalChannel, (envelope) => this.#onRemoval(envelope));
    this.#refresh = setInterval(() => {
      for (const [groupID, group] of this.#groups) void this.#publishCount(groupID, group);
    }, countRefreshMs);
    this.#refresh.unref();
  }

  /** Resolves once horns and removals published by any process are heard. */
  ready(): Promise<unknown> {
    return Promise.all([this.#hornSubscription, this.#removalSubscription]);
  }

  /** Adds the connection to the group; resolves once the group's pushes from every process reach it. */
  async join(groupID: string, connection: HubConnection): Promise<void> {
    let group = this.#groups.get(groupID);
    if (!group) {
      const state: GroupState = {
        members: new Set(),
        remote: new Map(),
        pushTimer: null,
        lastPushed: -1,
        outbox: [],
        nextSlice: null,
        unsubscribe: Promise.all([
          this.bus.subscribe(messageChannel(groupID), (message) => this.#onMessage(groupID, message)),
          this.bus.subscribe(countChannel(groupID), (message) => this.#onCount(groupID, message)),
        ]),
      };
      group = state;
      this.#groups.set(groupID, group);
    }
    group.members.add(connection);
    await group.unsubscribe;
    void this.#publishCount(groupID, group);
  }

  leave(groupID: string, connection: HubConnection): void {
    const group = this.#groups.get(groupID);
    if (!group?.members.delete(connection)) return;
    void this.#publishCount(groupID, group);
    if (group.members.size > 0) return;
    this.#groups.delete(groupID);
    if (group.pushTimer) clearTimeout(group.pushTimer);
    if (group.nextSlice) clearImmediate(group.nextSlice);
    void group.unsubscribe.then((unsubscribes) => Promise.all(unsubscribes.map((unsubscribe) => unsubscribe())));
  }

  isMember(groupID: string, connection: HubConnection): boolean {
    return this.#groups.get(groupID)?.members.has(connection) ?? false;
  }

  /** Connections in the group over every process (those of other processes as they last said). */
  onlineCount(groupID: string): number {
    const group = this.#groups.get(groupID);
    if (!group) return 0;
    const now = Date.now();
    let count = group.members.size;
    for (const [process, remote] of group.remote) {
      if (now - remote.at > countTrustedMs) group.remote.delete(process);
      else count += remote.count;
    }
    return count;
  }

  /** Sends a stored group message to every member on every process. */
  async publish(groupID: string, message: ImMessage): Promise<void> {
    await publishGroupMessage({ bus: this.bus, roomChatHistory: this.history, log: this.log }, groupID, message);
  }

  /**
   * The lines of a live room's chat after `afterSequence`, oldest first, from the history every process shares;
   * null when it does not hold them all (Redis lost them, too many, or one process keeps none).
   */
  async missedInRoom(groupID: string, afterSequence: number): Promise<ImMessage[] | null> {
    if (!this.history || !isRoomGroup(groupID)) return null;
    let held;
    try {
      held = await this.history.after(roomChatStream(groupID), afterSequence);
    } catch (error) {
      this.log.warn({ err: error, groupID }, 'messaging hub: the room chat history did not answer');
      return null;
    }
    if (!held) return null;
    const messages: ImMessage[] = [];
    for (const push of held) {
      const frame: unknown = JSON.parse(push.frame.toString('utf8'));
      const message = isRecord(frame) ? frame.message : undefined;
      if (!this.#isMessage(message)) return null;
      messages.push(message);
    }
    return messages;
  }

  /** Pushes a frame about the group (a message deleted, a guard or a noble come in) to every member on every process; not stored. */
  async publishFrame(groupID: string, frame: ImServerMessage): Promise<void> {
    await this.bus.publish(messageChannel(groupID), { frame });
  }

  /** Adds a logged-in member's connection; resolves once pushes to the member from every process reach it. */
  async joinUser(userID: string, connection: HubConnection): Promise<void> {
    let user = this.#users.get(userID);
    if (!user) {
      user = {
        connections: new Set(),
        unsubscribe: this.bus.subscribe(memberChannel(userID), (frame) => this.#onUserFrame(userID, frame)),
      };
      this.#users.set(userID, user);
    }
    user.connections.add(connection);
    await user.unsubscribe;
  }

  leaveUser(userID: string, connection: HubConnection): void {
    const user = this.#users.get(userID);
    if (!user?.connections.delete(connection) || user.connections.size > 0) return;
    this.#users.delete(userID);
    void user.unsubscribe.then((unsubscribe) => unsubscribe());
  }

  /** Pushes a frame to every open tab of the member, on every process. */
  async publishToUser(userID: string, frame: ImServerMessage): Promise<void> {
    await this.bus.publish(memberChannel(userID), { frame });
  }

  async close(): Promise<void> {
    clearInterval(this.#refresh);
    await (await this.#hornSubscription)();
    await (await this.#removalSubscription)();
    const users = [...this.#users.values()];
    this.#users.clear();
    await Promise.all(users.map(async (user) => (await user.unsubscribe)()));
    const groups = [...this.#groups.values()];
    this.#groups.clear();
    for (const group of groups) {
      if (group.pushTimer) clearTimeout(group.pushTimer);
      if (group.nextSlice) clearImmediate(group.nextSlice);
    }
    await Promise.all(groups.map(async (group) => Promise.all((await group.unsubscribe).map((unsubscribe) => unsubscribe()))));
  }

  #onMessage(groupID: string, envelope: unknown): void {
    // What another process published arrives as plain JSON: checked against the contract before any client sees it.
    const message = isRecord(envelope) ? envelope.message : undefined;
    const frame = isRecord(envelope) ? envelope.frame : undefined;
    let text: string;
    let sequence: number | undefined;
    if (this.#isMessage(message)) {
      text = JSON.stringify({ type: 'message', message });
      sequence = message.sequence;
    } else if (frame !== undefined && this.#isFrame(frame)) text = JSON.stringify(frame);
    else {
      this.log.warn({ groupID }, 'messaging hub dropped a bus message outside ImMessage and ImServerMessage');
      return;
    }
    const group = this.#groups.get(groupID);
    if (!group) return;
    this.#fanOut(groupID, group, text, sequence);
  }

  /**
   * Writes a frame to every member of the group, after the frames before it: a group of up to fanOutSlice
   * members at once, a larger one a slice at a time, the process reading its sockets between slices.
   * The frame goes to the members of the moment its writing starts who are still members.
   */
  #fanOut(groupID: string, group: GroupState, text: string, sequence?: number): void {
    group.outbox.push({ text, push: sequence === undefined ? { groupID } : { groupID, sequence } });
    if (group.outbox.length === 1) this.#writeSlice(groupID, group, [...group.members], 0);
  }

  #writeSlice(groupID: string, group: GroupState, members: readonly HubConnection[], from: number): void {
    group.nextSlice = null;
    const next = group.outbox[0];
    if (next === undefined || this.#groups.get(groupID) !== group) return;
    const to = Math.min(from + fanOutSlice, members.length);
    for (let index = from; index < to; index++) {
      const member = members[index];
      if (member && group.members.has(member)) member.sendText(next.text, next.push);
    }
    if (to < members.length) {
      group.nextSlice = setImmediate(() => this.#writeSlice(groupID, group, members, to));
      return;
    }
    group.outbox.shift();
    if (group.outbox.length > 0) group.nextSlice = setImmediate(() => this.#writeSlice(groupID, group, [...group.members], 0));
  }

  #onUserFrame(userID: string, envelope: unknown): void {
    const frame = isRecord(envelope) ? envelope.frame : undefined;
    if (!this.#isFrame(frame)) {
      this.log.warn({ userID }, 'messaging hub dropped a bus frame outside ImServerMessage');
      return;
    }
    const user = this.#users.get(userID);
    if (!user) return;
    const text = JSON.stringify(frame);
    for (const connection of user.connections) connection.sendText(text);
  }

  #onHorn(envelope: unknown): void {
    const horn = isRecord(envelope) ? envelope.horn : undefined;
    if (!this.#isHorn(horn)) {
      this.log.warn('messaging hub dropped a bus horn outside HornMessage');
      return;
    }
    const text = JSON.stringify({ type: 'horn', horn } satisfies ImServerMessage);
    // A tab is in one room at a time, but the set keeps a connection in two rooms from hearing it twice.
    const viewers = new Set<HubConnection>();
    for (const [groupID, group] of this.#groups) if (isRoomGroup(groupID)) for (const member of group.members) viewers.add(member);
    for (const viewer of viewers) viewer.sendText(text);
  }

  #onRemoval(envelope: unknown): void {
    if (!isRecord(envelope) || typeof envelope.userID !== 'string' || typeof envelope.groupID !== 'string') return;
    const { userID, groupID } = envelope;
    for (const connection of this.#users.get(userID)?.connections ?? []) {
      if (connection.removeFromGroup) connection.removeFromGroup(groupID);
      else this.leave(groupID, connection);
    }
  }

  #onCount(groupID: string, envelope: unknown): void {
    const group = this.#groups.get(groupID);
    if (!group || !isRecord(envelope)) return;
    const { process, count } = envelope;
    if (typeof process !== 'string' || typeof count !== 'number' || !Number.isSafeInteger(count) || count < 0) return;
    if (process !== this.#process) group.remote.set(process, { count, at: Date.now() });
    this.#schedulePush(groupID, group);
  }

  async #publishCount(groupID: string, group: GroupState): Promise<void> {
    try {
      await this.bus.publish(countChannel(groupID), { process: this.#process, count: group.members.size });
    } catch (error) {
      this.log.warn({ err: error, groupID }, 'messaging hub could not publish an online count');
    }
  }

  #schedulePush(groupID: string, group: GroupState): void {
    if (group.pushTimer) return;
    group.pushTimer = setTimeout(() => {
      group.pushTimer = null;
      if (this.#groups.get(groupID) !== group) return;
      const count = this.onlineCount(groupID);
      if (count === group.lastPushed) return;
      group.lastPushed = count;
      this.#fanOut(groupID, group, JSON.stringify({ type: 'online_count', conversationID: `GROUP${groupID}`, count }));
    }, countPushMs);
    group.pushTimer.unref();
  }
}
