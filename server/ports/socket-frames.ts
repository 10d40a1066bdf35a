import type { ImClientMessage, ImServerMessage, SocketClientMessage } from '../contract/socket-contract.ts';
import type { Language } from '../i18n/server-messages.ts';
import type { Area } from './area-handlers.ts';
import type { ServerContext } from './server-context.ts';
import type { SiteSocketConnection } from './site-socket.ts';

// The client frames of the two sockets, answered by the areas as the HTTP operations are (area-handlers.ts): each
// area exports one record of the frames it answers, and server/realtime validates a frame against the contract and
// hands it to that area. The socket keeps what is its own: connections, subscriptions, heartbeats, replay, fan-out.

export type ImFrameType = ImClientMessage['type'];
export type ImFrame<T extends ImFrameType> = Extract<ImClientMessage, { type: T }>;

/** The frames of the site socket (/ws) an area answers; heartbeat, toggle, classify and resume are the socket's own. */
export type SiteFrameType = Extract<SocketClientMessage['type'], 'register' | 'qr_login'>;

/** The group fan-out of /im as a frame handler sees it (server/realtime/messaging-hub.ts, over the bus). */
export interface MessagingChannels {
  /** How many connections, on every process, are in the group. */
  onlineCount(groupID: string): number;
  /** A stored message to every member of the group, on every process. */
  publish(groupID: string, message: Extract<ImServerMessage, { type: 'message' }>['message']): Promise<void>;
  /** A frame (an entry, a revocation) to every member of the group, on every process. */
  publishFrame(groupID: string, frame: ImServerMessage): Promise<void>;
  /** A frame to every open tab of a messaging user, on every process. */
  publishToUser(userID: string, frame: ImServerMessage): Promise<void>;
  /**
   * A live room's lines after `afterSequence`, oldest first, from the recent history every process shares; null
   * when it does not hold them all (then the client syncs from the database).
   */
  missedInRoom(groupID: string, afterSequence: number): Promise<Array<Extract<ImServerMessage, { type: 'message' }>['message']> | null>;
}

/** One /im connection as a frame handler sees it: who is logged in on it, the groups it joined, its answers. */
export interface ImSession {
  /** The messaging user logged in on the connection (a member's id, or guest_…), or null. */
  readonly userID: string | null;
  readonly language: Language;
  /** The live rooms' chats this connection has joined. */
  readonly joined: ReadonlySet<string>;
  readonly channels: MessagingChannels;
  /** The member id of the logged-in user; null for guests and before login. */
  memberId(): number | null;
  /**
   * Logs `userID` in on the connection (another login first leaves the earlier one) and joins its private chat;
   * `loginSessionId` is the login session a member's signature is bound to: its revocation closes the connection.
   */
  logIn(userID: string, language: Language, loginSessionId: number | null): Promise<void>;
  /** Logs out and leaves every group. */
  logOut(): void;
  /** The logged-in user's name and picture, as others see them online. */
  setProfile(nick: string, avatar: string): void;
  /**
   * Joins a group's fan-out on this connection. A resuming join holds the group's pushes until `releaseGroup`, so
   * what was missed is written first and nothing twice.
   */
  joinGroup(groupID: string, options?: { holdPushes?: boolean }): Promise<void>;
  /**
   * Writes `missed` (a resume's replay), then the group's pushes held since the join, leaving out the lines at or
   * below `seenTo` (the client has them, or the replay just wrote them); later pushes of those lines too.
   */
  releaseGroup(groupID: string, missed: ReadonlyArray<Extract<ImServerMessage, { type: 'message' }>['message']>, seenTo: number | null): void;
  leaveGroup(groupID: string): void;
  send(message: ImServerMessage): void;
  /** Answers a frame: ok, or an error whose text is translated into the connection's language. */
  reply(id: number, error?: string, reason?: Extract<ImServerMessage, { type: 'error' }>['reason'], params?: Readonly<Record<string, number>>): void;
}

export type ImFrameHandlers = { [T in ImFrameType]: (session: ImSession, frame: ImFrame<T>) => Promise<void> };

/** The decisions the site socket asks of an area; the socket binds the connection to what they answer. */
export interface SiteFrameHandlers {
  /** register: the user a token belongs to, or null when its session is gone. */
  register(token: string): Promise<{ userId: number } | null>;
  /** qr_login: null binds the connection to the code as its one receiver; a message refuses it. */
  qr_login(login: { code: string; secret: string }, connection: SiteSocketConnection): Promise<string | null>;
}

/** An area's frame handlers for one server, made when the server starts; `stop` ends what they keep running. */
export interface AreaFrames<I extends ImFrameType = never, S extends SiteFrameType = never> {
  readonly im: Pick<ImFrameHandlers, I>;
  readonly site: Pick<SiteFrameHandlers, S>;
  stop?(): void;
}

/** One area's record of the socket frames it answers (STYLE.md, Server). */
export interface AreaFrameRecord<A extends Area = Area> {
  readonly area: A;
  readonly im: readonly ImFrameType[];
  readonly site: readonly SiteFrameType[];
  /** Makes the handlers for a server: per-server state (rate limits, timers) lives in them. */
  start(server: ServerContext): { readonly im: Partial<ImFrameHandlers>; readonly site: Partial<SiteFrameHandlers>; stop?(): void };
}

export function defineAreaFrames<A extends Area, I extends ImFrameType = never, S extends SiteFrameType = never>(
  area: A,
  frames: { im?: readonly I[]; site?: readonly S[] },
  start: (server: ServerContext) => AreaFrames<I, S>,
): AreaFrameRecord<A> {
  return { area, im: frames.im ?? [], site: frames.site ?? [], start };
}

/** Every area's frame handlers of one server, and the stop of all of them. */
export interface StartedFrames {
  readonly im: Partial<ImFrameHandlers>;
  readonly site: Partial<SiteFrameHandlers>;
  stop(): void;
}

/** Checks that no frame is answered in two areas, before anything starts. */
export function checkAreaFrames(records: readonly AreaFrameRecord[]): void {
  for (const socket of ['im', 'site'] as const) {
    const answeredIn = new Map<string, Area>();
    for (const record of records) {
      for (const type of record[socket]) {
        const earlier = answeredIn.get(type);
        if (earlier) throw new Error(`the ${socket} frame ${type} is answered twice: in ${earlier} and in ${record.area}`);
        answeredIn.set(type, record.area);
      }
    }
  }
}

/** Starts every area's frame handlers for a server, as one record; a frame answered twice throws. */
export function startAreaFrames(records: readonly AreaFrameRecord[], server: ServerContext): StartedFrames {
  checkAreaFrames(records);
  const im: Partial<Record<ImFrameType, unknown>> = {};
  const site: Partial<Record<SiteFrameType, unknown>> = {};
  const stops: Array<() => void> = [];
  for (const record of records) {
    const started = record.start(server);
    for (const type of record.im) im[type] = started.im[type];
    for (const type of record.site) site[type] = started.site[type];
    if (started.stop) stops.push(started.stop);
  }
  return {
    im: im as Partial<ImFrameHandlers>,
    site: site as Partial<SiteFrameHandlers>,
    stop: () => {
      for (const stop of stops) stop();
    },
  };
}
