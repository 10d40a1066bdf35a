import { randomUUID } from 'node:crypto';
import { Socket } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { WebSocket, type RawData } from 'ws';
import type { Contract } from '../contract/contract.ts';
import type { Bus, Unsubscribe } from '../ports/bus.ts';
import type { SiteSocket, SiteSocketConnection } from '../ports/site-socket.ts';
import type { ReplayStore } from '../ports/replay-store.ts';
import { ReplayRing } from './replay-ring.ts';
import {
  createEnvelopeReaders,
  encodeStreamBatch,
  framePayload,
  framePush,
  maxFrameBytes,
  streamBatchPrefix,
  textFrame,
  type EnvelopeReaders,
  type FramedPush,
  type QrEnvelope,
  type UserEnvelope,
} from './site-socket-frames.ts';
import { streamNames, Subscriptions, wants } from './score-subscriptions.ts';
import {
  createFrameParser,
  exponentStreams,
  matchStreams,
  momentumStreams,
  type ClassifyType,
  type DistributiveOmit,
  type ExponentSport,
  type GoalEventData,
  type MatchData,
  type MatchOddsData,
  type MomentumData,
  type SocketClientMessage,
  type SocketQrMessage,
  type SocketStreamPush,
  type SocketUserMessage,
  type Sport,
  type StreamName,
} from '../contract/socket-contract.ts';

// The hub of the site socket (DESIGN.md, Realtime; SPEC §4): the connections of this process, what each
// subscribed to, the replay rings, and the fan-out of pushes that any process publishes over the bus.

export interface SiteSocketHubOptions {
  bus: Bus;
  /** The loaded contract: client frames are validated against its SocketClientMessage. */
  contract: Contract;
  /** SPEC §9: 30 s. A connection silent for twice this long is closed. */
  heartbeatMs?: number;
  /** The user a token belongs to, or null when its session is gone. */
  resolveToken(token: string): Promise<{ userId: number } | null>;
  /**
   * Checks a page's qr_login before the connection is bound to the code: null binds it, a message refuses it.
   * The account area checks the secret against the code's and records this connection as the code's one
   * receiver, which pushToQrCode then names, on whichever process it is.
   */
  onQrLogin(login: { code: string; secret: string }, connection: SiteSocketConnection): Promise<string | null>;
  /** A connection whose unsent bytes stay above this for `slowClientMs` is dropped. */
  maxBufferedBytes?: number;
  slowClientMs?: number;
  /** Pushes held per stream for SocketResume. */
  replaySize?: number;
  /**
   * The pushes held for SocketResume in a store every process shares (Redis streams), so a client resumes on any
   * process, one started after the pushes too; without it (one process) the rings of this process answer.
   */
  replayStore?: ReplayStore;
  /** Prefix of the bus channels, so several sites (or test runs) can share one Redis. */
  channelPrefix?: string;
  /**
   * The longest the fan-out writes to sockets before it lets the event loop run (requests, other sockets,
   * timers); default 5 ms. The pushes of one turn go out together, in order, one write per connection.
   */
  fanOutSliceMs?: number;
  /** Timings of publishing and fan-out, for the benchmarks; none by default. */
  trace?: SiteSocketTrace;
}

/** A push as the trace names it. */
export interface PushStamp {
  stream: StreamName;
  seq: number;
}

/**
 * Where a push's time goes between its publish and the last socket written, on each process. Times are epoch
 * milliseconds with a fraction (performance.timeOrigin + performance.now()), comparable across the processes of
 * one machine.
 */
export interface SiteSocketTrace {
  /** Pushes of this process handed to the bus: when the publish began, and when the bus had taken them. */
  published?(pushes: readonly PushStamp[], startedAt: number, acknowledgedAt: number): void;
  /**
   * Pushes of another process that the bus brought: when its handler ran, when they were checked and queued, and
   * the process's CPU time in between.
   */
  received?(pushes: readonly PushStamp[], receivedAt: number, queuedAt: number, cpuMs: number): void;
  /** One fan-out of this process. */
  fannedOut?(report: FanOutReport): void;
}

export interface FanOutReport {
  /** The pushes written, with when each was queued for the fan-out (after the bus or the local publish). */
  pushes: ReadonlyArray<PushStamp & { queuedAt: number }>;
  /** When the fan-out began, when its bytes per class were built, and when its last socket was written. */
  startedAt: number;
  builtAt: number;
  endedAt: number;
  /** The time spent in the fan-out's own slices, without the turns the event loop ran in between. */
  busyMs: number;
  /** The process's CPU time from the fan-out's start to its end: its slices, and what ran between them. */
  cpuMs: number;
  /** Socket writes, and the turns the event loop was let run between slices. */
  writes: number;
  yields: number;
}

/** Creates the site socket's hub and subscribes it to the bus; the `/ws` plugin (site-socket-routes.ts) serves its sockets. */
export async function createSiteSocketHub(options: SiteSocketHubOptions, log: FastifyBaseLogger): Promise<SiteSocketHub> {
  const hub = new SiteSocketHub(options, log);
  await hub.listen();
  return hub;
}

/** The arguments of SiteSocket.publishMatch, as one union so the implementation narrows data by kind. */
type PublishMatchArgs =
  | [sport: Sport, kind: 'match', data: MatchData]
  | [sport: ExponentSport, kind: 'exponent', data: MatchOddsData];

/** What the hub says on the socket; the site shows its own texts, so these are for the log. */
export const siteSocketMessages = {
  qrLoginFailed: 'The QR code could not be bound: please refresh it',
} as const;

/** Close code for a client that stopped sending frames (private-use range 4000-4999 of RFC 6455). */
export const silentCloseCode = 4000;
/** RFC 6455's "Service Restart": the client reconnects (through the load balancer, to another process) and resumes. */
export const restartCloseCode = 1012;

interface Connection extends SiteSocketConnection {
  readonly socket: WebSocket;
  /**
   * The TCP socket under `socket`, written to directly with prebuilt frames. ws writes to it straight away too
   * (it queues only while compressing, and compression is off), so frames keep their order. Null where ws does
   * not sit on a plain TCP socket, and then frames go through ws.
   */
  readonly tcp: Socket | null;
  userId: number | null;
  classify: ClassifyType | null;
  companyId: number | null;
  /** The login QR code this connection receives the pushes of, once onQrLogin accepted it. */
  qrCode: string | null;
  /** Bumped by each register, so a slow token lookup of an earlier one is ignored. */
  registration: number;
  /** Bumped by each qr_login, so a slow check of an earlier code does not bind it over a newer one. */
  qrLogin: number;
  lastFrameAt: number;
  pingSentAt: number;
  awaitingPong: boolean;
  overLimitSince: number | null;
  /** Per stream, the seq from which every push this connection wants has been sent: resume sends only older ones. */
  sentFrom: Partial<Record<StreamName, number>>;
  /**
   * Per stream, the highest seq a resume sent while newer pushes may still wait for the fan-out, which then
   * skips them: a resume during a fan-out and the fan-out never send a push twice.
   */
  resumedTo: Partial<Record<StreamName, number>>;
}

/** A push waiting for the fan-out. */
interface QueuedPush extends FramedPush {
  queuedAt: number;
}

/** What one subscription class gets of one fan-out: its pushes in order, framed and joined once. */
interface ClassDelivery {
  classify: ClassifyType | null;
  companyId: number | null;
  pushes: QueuedPush[];
  bytes: Buffer;
  /** Per stream, the seqs of its first and last push here. */
  span: Map<StreamName, { first: number; last: number }>;
  /** The class's connections when the fan-out began. */
  members: Connection[];
}

/** Lets the event loop run: I/O, timers and other requests go before the next slice. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** One value per stream. */
function perStream<T>(make: () => T): Record<StreamName, T> {
  return {
    football_match: make(),
    football_exponent: make(),
    basketball_match: make(),
    basketball_exponent: make(),
    esports_match: make(),
    goal: make(),
    football_momentum: make(),
    basketball_momentum: make(),
  };
}

const nowSeconds = () => Math.floor(Date.now() / 1000);
const epochMs = () => performance.timeOrigin + performance.now();
const cpuMsSince = (start: NodeJS.CpuUsage) => {
  const { user, system } = process.cpuUsage(start);
  return (user + system) / 1000;
};

export class SiteSocketHub implements SiteSocket {
  readonly #connections = new Set<Connection>();
  readonly #subscriptions = new Subscriptions<Connection>();
  readonly #byUser = new Map<number, Set<Connection>>();
  readonly #byQr = new Map<string, Set<Connection>>();
  readonly #rings: Record<StreamName, ReplayRing>;
  // Starting from the clock keeps seqs increasing across a publisher restart, so a resume from before it never
  // matches pushes of the new run.
  readonly #nextSeq: Record<StreamName, number>;
  readonly #parseFrame: ReturnType<typeof createFrameParser<'SocketClientMessage'>>;
  readonly #envelopes: EnvelopeReaders;
  readonly #channels: { stream: string; user: string; qr: string };
  readonly #heartbeatMs: number;
  readonly #maxBufferedBytes: number;
  readonly #slowClientMs: number;
  readonly #sweep: NodeJS.Timeout;
  readonly #sliceMs: number;
  /** Identifies this process's own pushes when the bus brings them back: they were delivered here already. */
  readonly #origin = randomUUID();
  readonly #ownBatchPrefix = streamBatchPrefix(this.#origin);
  #queue: QueuedPush[] = [];
  /** Pushes published this turn, and the bus message that will carry them all. */
  #outgoing: FramedPush[] = [];
  #sending: Promise<void> | null = null;
  #draining: Promise<void> | null = null;
  #unsubscribes: Unsubscribe[] = [];
  #closed = false;
  #shedding = false;
  #sweeping = false;

  constructor(
    private readonly options: SiteSocketHubOptions,
    private readonly log: FastifyBaseLogger,
  ) {
    this.#parseFrame = createFrameParser(options.contract, 'SocketClientMessage');
    this.#envelopes = createEnvelopeReaders(options.contract);
    this.#heartbeatMs = options.heartbeatMs ?? 30_000;
    this.#maxBufferedBytes = options.maxBufferedBytes ?? 1024 * 1024;
    this.#slowClientMs = options.slowClientMs ?? 5_000;
    this.#sliceMs = options.fanOutSliceMs ?? 5;
    const prefix = options.channelPrefix ?? 'pitchside:score:';
    this.#channels = { stream: `${prefix}stream`, user: `${prefix}user`, qr: `${prefix}qr` };
    const start = Date.now();
    this.#rings = perStream(() => new ReplayRing(options.replaySize ?? 256));
    this.#nextSeq = perStream(() => start);
    this.#sweep = setInterval(() => this.#checkConnections(), Math.max(10, Math.min(this.#heartbeatMs / 2, 1000)));
    this.#sweep.unref();
  }

  async listen(): Promise<void> {
    const { bus } = this.options;
    this.#unsubscribes = await Promise.all([
      bus.subscribeBytes(this.#channels.stream, (bytes) => this.#onStreamBatch(bytes)),
      bus.subscribe(this.#channels.user, (message) => this.#received(this.#envelopes.user(message), (envelope) => this.#onUser(envelope))),
      bus.subscribe(this.#channels.qr, (message) => this.#received(this.#envelopes.qr(message), (envelope) => this.#onQr(envelope))),
    ]);
  }

  /** A bus message that is not a valid envelope (another version of the site, a stray publisher) reaches no client. */
  #received<E>(envelope: E | null, deliver: (envelope: E) => void): void {
    if (envelope) deliver(envelope);
    else this.log.warn('site socket: a bus message outside the contract was dropped');
  }

  // ---------------------------------------------------------------- publishing (any process)

  async publishMatch(...[sport, kind, data]: PublishMatchArgs): Promise<number> {
    if (kind === 'match') {
      const type = matchStreams[sport];
      return this.#publishStream({ code: 100, type, seq: this.#nextSeq[type]++, data });
    }
    // The types rule it out; a caller from plain JavaScript may not.
    if (!Object.hasOwn(exponentStreams, sport)) throw new Error(`${String(sport)} has no exponent stream`);
    const type = exponentStreams[sport];
    return this.#publishStream({ code: 100, type, seq: this.#nextSeq[type]++, data });
  }

  async publishGoal(event: GoalEventData): Promise<number> {
    return this.#publishStream({ code: 100, type: 'goal', seq: this.#nextSeq.goal++, data: event });
  }

  async publishMomentum(sport: ExponentSport, data: MomentumData): Promise<number> {
    const type = momentumStreams[sport];
    return this.#publishStream({ code: 100, type, seq: this.#nextSeq[type]++, data });
  }

  async #publishStream(frame: SocketStreamPush): Promise<number> {
    const push = framePush(frame);
    // This process's clients get it at once, without waiting for Redis; the bus carries it to the other
    // processes only (it comes back here too, marked with this origin, and is skipped unread).
    this.#enqueue(push);
    await this.#send(push);
    return push.seq;
  }

  /**
   * The pushes published in one turn (a feed pass publishes every match at once) leave as one bus message, so
   * every other process gets them together and writes them in one fan-out, as this process does.
   */
  #send(push: FramedPush): Promise<void> {
    this.#outgoing.push(push);
    this.#sending ??= Promise.resolve().then(() => this.#flush());
    return this.#sending;
  }

  async #flush(): Promise<void> {
    const pushes = this.#outgoing;
    this.#outgoing = [];
    this.#sending = null;
    const startedAt = epochMs();
    // Held before any other process can send them, so a client that saw one and moves finds it there.
    await this.#store(pushes);
    await this.options.bus.publishBytes(this.#channels.stream, encodeStreamBatch(this.#origin, pushes));
    this.options.trace?.published?.(pushes, startedAt, epochMs());
  }

  async #store(pushes: FramedPush[]): Promise<void> {
    const store = this.options.replayStore;
    if (!store) return;
    try {
      await store.append(pushes);
    } catch (error) {
      // The pushes still go out: a client resuming across them later is told to reload instead.
      this.log.warn({ err: error }, 'site socket: the replay store did not take the pushes');
    }
  }

  /**
   * A process that becomes the publisher (the new feed leader) numbers on from the clock: above what the last
   * leader sent, which moved on by one a push (far slower than a millisecond), so clients' last seqs and the shared
   * history carry on rather than begin a new epoch.
   */
  continueNumbering(): void {
    const now = Date.now();
    for (const stream of streamNames) this.#nextSeq[stream] = Math.max(this.#nextSeq[stream], now);
  }

  async pushToUser(userId: number, frame: SocketUserMessage): Promise<void> {
    await this.options.bus.publish(this.#channels.user, { userId, frame } satisfies UserEnvelope);
  }

  async pushToQrCode(code: string, connectionId: string, message: DistributiveOmit<SocketQrMessage, 'qr_code'>): Promise<void> {
    const frame: SocketQrMessage = { ...message, qr_code: code };
    await this.options.bus.publish(this.#channels.qr, { code, connectionId, frame } satisfies QrEnvelope);
  }

  connectionCount(): number {
    return this.#connections.size;
  }

  async idle(): Promise<void> {
    while (this.#draining) await this.#draining;
  }

  /**
   * A stopping process asks its clients to reconnect elsewhere: each connection is closed with 1012 at a random
   * moment within `spreadMs`, so the other processes get them spread out rather than all in one instant, and a
   * connection that comes meanwhile is turned away at once. Resolves once every one is closed.
   */
  async shed(spreadMs: number): Promise<void> {
    this.#shedding = true;
    await Promise.all(
      [...this.#connections].map(
        (connection) =>
          new Promise<void>((resolve) => {
            setTimeout(() => {
              if (this.#connections.has(connection)) {
                this.#detach(connection);
                connection.socket.close(restartCloseCode, 'server restarting');
              }
              resolve();
            }, Math.random() * spreadMs);
          }),
      ),
    );
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    clearInterval(this.#sweep);
    for (const connection of this.#connections) {
      this.#subscriptions.remove(connection);
      connection.socket.close(1001, 'server closing');
    }
    this.#connections.clear();
    this.#byUser.clear();
    this.#byQr.clear();
    await Promise.allSettled(this.#unsubscribes.map((unsubscribe) => unsubscribe()));
    // The hub is the store's one user: it closes it.
    await this.options.replayStore?.close();
  }

  // ---------------------------------------------------------------- fan-out (every process)

  #onStreamBatch(bytes: Buffer): void {
    const prefix = this.#ownBatchPrefix;
    if (bytes.length >= prefix.length && prefix.compare(bytes, 0, prefix.length) === 0) return;
    const { trace } = this.options;
    const receivedAt = epochMs();
    const cpuAt = trace?.received ? process.cpuUsage() : null;
    const batch = this.#envelopes.streamBatch(bytes);
    if (!batch || batch.dropped > 0) this.log.warn('site socket: a bus message outside the contract was dropped');
    if (!batch) return;
    for (const push of batch.pushes) this.#enqueue(push);
    if (trace?.received && cpuAt && batch.pushes.length > 0) trace.received(batch.pushes, receivedAt, epochMs(), cpuMsSince(cpuAt));
  }

  #enqueue(framed: FramedPush): void {
    const push: QueuedPush = { ...framed, queuedAt: epochMs() };
    this.#rings[push.stream].add(push);
    this.#queue.push(push);
    // The pushes that arrive in one turn (a feed pass publishes every match at once) go out together.
    this.#draining ??= nextTurn()
      .then(() => this.#drain())
      .finally(() => (this.#draining = null));
  }

  async #drain(): Promise<void> {
    while (this.#queue.length > 0 && !this.#closed) {
      const pushes = this.#queue;
      this.#queue = [];
      await this.#fanOut(pushes);
    }
  }

  /**
   * Writes pushes to every connection that wants them: the bytes are built once per subscription class, each
   * connection gets one write, and every `sliceMs` the event loop runs before the next connections.
   */
  async #fanOut(pushes: QueuedPush[]): Promise<void> {
    const { trace } = this.options;
    const startedAt = epochMs();
    const cpuAt = trace?.fannedOut ? process.cpuUsage() : null;
    const deliveries: ClassDelivery[] = [];
    for (const { classify, companyId, members } of this.#subscriptions.classes()) {
      const wanted = pushes.filter((push) => wants({ classify, companyId }, push.stream, push.companyId));
      if (wanted.length === 0) continue;
      const span = new Map<StreamName, { first: number; last: number }>();
      for (const { stream, seq } of wanted) {
        const seen = span.get(stream);
        if (seen) seen.last = seq;
        else span.set(stream, { first: seq, last: seq });
      }
      const bytes = wanted.length === 1 ? wanted[0]!.frame : Buffer.concat(wanted.map((push) => push.frame));
      deliveries.push({ classify, companyId, pushes: wanted, bytes, span, members: [...members] });
    }
    const builtAt = epochMs();
    let sliceStart = performance.now();
    let busyMs = builtAt - startedAt;
    let written = 0;
    let yields = 0;
    for (const delivery of deliveries) {
      for (const connection of delivery.members) {
        // Gone, or changed what it picked since the fan-out began: then it wants none of these any more.
        if (connection.classify !== delivery.classify || connection.companyId !== delivery.companyId) continue;
        if (!this.#connections.has(connection)) continue;
        this.#deliver(connection, delivery);
        if (++written % 16 === 0 && performance.now() - sliceStart >= this.#sliceMs) {
          busyMs += performance.now() - sliceStart;
          yields += 1;
          await nextTurn();
          if (this.#closed) return;
          sliceStart = performance.now();
        }
      }
    }
    busyMs += performance.now() - sliceStart;
    const endedAt = epochMs();
    if (trace?.fannedOut && cpuAt) {
      trace.fannedOut({ pushes, startedAt, builtAt, endedAt, busyMs, cpuMs: cpuMsSince(cpuAt), writes: written, yields });
    }
  }

  #deliver(connection: Connection, { pushes, bytes, span }: ClassDelivery): void {
    const { sentFrom, resumedTo } = connection;
    const skipTo = new Map<StreamName, number>();
    for (const [stream, { first, last }] of span) {
      const to = resumedTo[stream];
      if (to === undefined) continue;
      if (first <= to) skipTo.set(stream, to);
      // The fan-out has caught up with what the resume sent.
      if (last >= to) delete resumedTo[stream];
    }
    // A resume during this fan-out already sent some of these: only the rest, still in order.
    const fresh = skipTo.size > 0 ? pushes.filter((push) => push.seq > (skipTo.get(push.stream) ?? -Infinity)) : pushes;
    if (fresh.length === 0) return;
    if (connection.tcp) this.#sendFrame(connection, fresh === pushes ? bytes : Buffer.concat(fresh.map((push) => push.frame)));
    else for (const push of fresh) this.#sendFrame(connection, push.frame);
    for (const push of fresh) sentFrom[push.stream] ??= push.seq;
  }

  #onUser({ userId, frame }: UserEnvelope): void {
    const connections = this.#byUser.get(userId);
    if (!connections) return;
    for (const connection of [...connections]) {
      connection.send(frame);
      // SPEC §4: 700 clears the user; the socket carries on as a guest's.
      if (frame.type === 'session_gone') this.#bindUser(connection, null);
    }
  }

  #onQr({ code, connectionId, frame }: QrEnvelope): void {
    // Only the connection the code was bound to last: an earlier one of the same page (before a reconnect) is
    // bound to it here still, and must not also receive the session.
    const connection = [...(this.#byQr.get(code) ?? [])].find((candidate) => candidate.id === connectionId);
    if (!connection) return;
    connection.send(frame);
    if (frame.type === 'webLoginSuccess') this.#bindQr(connection, null);
  }

  // ---------------------------------------------------------------- connections

  attach(socket: WebSocket, tcp: unknown): void {
    if (this.#closed) {
      socket.close(1001, 'server closing');
      return;
    }
    if (this.#shedding) {
      socket.close(restartCloseCode, 'server restarting');
      return;
    }
    const now = Date.now();
    const connection: Connection = {
      id: randomUUID(),
      socket,
      tcp: tcp instanceof Socket && socket.extensions === '' ? tcp : null,
      userId: null,
      classify: null,
      companyId: null,
      qrCode: null,
      registration: 0,
      qrLogin: 0,
      lastFrameAt: now,
      pingSentAt: now,
      awaitingPong: false,
      overLimitSince: null,
      sentFrom: {},
      resumedTo: {},
      send: (message) => this.#sendFrame(connection, textFrame(JSON.stringify(message))),
    };
    this.#connections.add(connection);
    this.#subscriptions.add(connection);
    socket.on('message', (data, isBinary) => this.#onFrame(connection, data, isBinary));
    socket.on('pong', () => {
      connection.awaitingPong = false;
    });
    socket.on('close', () => this.#detach(connection));
    socket.on('error', (error) => this.log.debug({ err: error, connection: connection.id }, 'site socket error'));
  }

  #detach(connection: Connection): void {
    if (this.#connections.delete(connection)) this.#subscriptions.remove(connection);
    this.#bindUser(connection, null);
    this.#bindQr(connection, null);
  }

  #drop(connection: Connection, reason: string): void {
    this.log.info({ connection: connection.id, reason }, 'site socket dropped');
    this.#detach(connection);
    connection.socket.terminate();
  }

  #bindUser(connection: Connection, userId: number | null): void {
    unindex(this.#byUser, connection.userId, connection);
    connection.userId = userId;
    index(this.#byUser, userId, connection);
  }

  #bindQr(connection: Connection, code: string | null): void {
    unindex(this.#byQr, connection.qrCode, connection);
    connection.qrCode = code;
    index(this.#byQr, code, connection);
  }

  /** Writes prebuilt frames (one, or several joined when the socket is plain TCP). */
  #sendFrame(connection: Connection, frames: Buffer): void {
    const { socket, tcp } = connection;
    if (socket.readyState !== WebSocket.OPEN || this.#isSlow(connection)) return;
    if (tcp) tcp.write(frames);
    else socket.send(framePayload(frames));
  }

  /** Drops a connection whose send buffer stays over the bound, so it never holds memory or the others back. */
  #isSlow(connection: Connection): boolean {
    const buffered = connection.socket.bufferedAmount;
    if (buffered <= this.#maxBufferedBytes) {
      connection.overLimitSince = null;
      return false;
    }
    const now = Date.now();
    connection.overLimitSince ??= now;
    // Four times the bound is dropped at once: waiting out the grace period would let the buffer grow unbounded.
    if (buffered > 4 * this.#maxBufferedBytes || now - connection.overLimitSince >= this.#slowClientMs) {
      this.#drop(connection, 'send buffer over limit');
      return true;
    }
    return false;
  }

  /**
   * The heartbeat sweep, in slices of `sliceMs` like the fan-out: with thousands of sockets one pass over all of
   * them held the event loop for tens of milliseconds every second. A sweep still going when the next is due is
   * not doubled.
   */
  #checkConnections(): void {
    if (this.#sweeping) return;
    this.#sweeping = true;
    const now = Date.now();
    const pending = this.#connections.values();
    const slice = () => {
      const started = performance.now();
      let checked = 0;
      // A connection gone meanwhile is no longer in the set, and its iterator skips it.
      for (let next = pending.next(); !next.done; next = pending.next()) {
        this.#checkConnection(next.value, now);
        if (++checked % 64 === 0 && performance.now() - started >= this.#sliceMs && !this.#closed) {
          setImmediate(slice);
          return;
        }
      }
      this.#sweeping = false;
    };
    slice();
  }

  #checkConnection(connection: Connection, now: number): void {
    if (this.#isSlow(connection)) return;
    if (now - connection.lastFrameAt > 2 * this.#heartbeatMs) {
      this.log.info({ connection: connection.id }, 'site socket silent, closing');
      this.#detach(connection);
      connection.socket.close(silentCloseCode, 'heartbeat timeout');
    } else if (connection.awaitingPong && now - connection.pingSentAt > this.#heartbeatMs) {
      this.#drop(connection, 'no pong');
    } else if (!connection.awaitingPong && now - connection.pingSentAt >= this.#heartbeatMs) {
      connection.awaitingPong = true;
      connection.pingSentAt = now;
      connection.socket.ping();
    }
  }

  // ---------------------------------------------------------------- client frames

  #onFrame(connection: Connection, data: RawData, isBinary: boolean): void {
    connection.lastFrameAt = Date.now();
    if (isBinary) return this.#reject(connection, 'Input error: frames are JSON text');
    const bytes = Buffer.isBuffer(data) ? data : Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data);
    if (bytes.length > maxFrameBytes) {
      return this.#reject(connection, `Input error: frame is larger than ${maxFrameBytes} bytes`);
    }
    const parsed = this.#parseFrame(bytes.toString('utf8'));
    if (!parsed.ok) return this.#reject(connection, parsed.msg);
    this.#handle(connection, parsed.message);
  }

  #reject(connection: Connection, msg: string): void {
    connection.send({ code: 1, type: 'error', msg });
  }

  #handle(connection: Connection, message: SocketClientMessage): void {
    switch (message.type) {
      case 'register':
        void this.#register(connection, message.token);
        return;
      case 'toggle':
        this.#subscribe(connection, connection.classify, message.company_id);
        this.#forgetSent(connection, (stream) => stream.endsWith('_exponent'));
        return;
      case 'classify':
        this.#subscribe(connection, message.classify_type, connection.companyId);
        this.#forgetSent(connection, (stream) => !wants(connection, stream, null));
        return;
      case 'heartbeat':
        connection.send({ code: 0, type: 'heartbeat', server_time: nowSeconds() });
        return;
      case 'qr_login':
        void this.#qrLogin(connection, message.code, message.qr_secret);
        return;
      case 'resume':
        this.#resume(connection, message.seq);
        return;
    }
  }

  async #register(connection: Connection, token: string | undefined): Promise<void> {
    const registration = ++connection.registration;
    let user: { userId: number } | null = null;
    let failed = false;
    if (token) {
      try {
        user = await this.options.resolveToken(token);
      } catch (error) {
        failed = true;
        this.log.warn({ err: error, connection: connection.id }, 'site socket token lookup failed');
      }
    }
    if (registration !== connection.registration || !this.#connections.has(connection)) return;
    this.#bindUser(connection, user?.userId ?? null);
    connection.send({
      code: 101,
      type: 'registered',
      connection_id: connection.id,
      server_time: nowSeconds(),
      heartbeat_ms: this.#heartbeatMs,
      user_id: connection.userId,
    });
    // A lookup that failed says nothing about the session, so only a definite "unknown token" clears the user.
    if (token && !user && !failed) connection.send({ code: 700, type: 'session_gone', msg: 'session expired' });
  }

  /** Binds the connection to a QR code once onQrLogin accepts its secret; until then to none. */
  async #qrLogin(connection: Connection, code: string, secret: string): Promise<void> {
    const attempt = ++connection.qrLogin;
    this.#bindQr(connection, null);
    let refusal: string | null;
    try {
      refusal = await this.options.onQrLogin({ code, secret }, connection);
    } catch (error) {
      this.log.warn({ err: error, connection: connection.id }, 'site socket QR login check failed');
      refusal = siteSocketMessages.qrLoginFailed;
    }
    if (attempt !== connection.qrLogin || !this.#connections.has(connection)) return;
    if (refusal !== null) {
      connection.send({ code: 1, type: 'error', msg: refusal, qr_code: code });
      return;
    }
    this.#bindQr(connection, code);
    connection.send({ code: 0, type: 'qr_bound', qr_code: code });
  }

  #subscribe(connection: Connection, classify: ClassifyType | null, companyId: number | null): void {
    // A frame read just before the socket closed must not put a gone connection back into a class.
    const live = this.#connections.has(connection);
    if (live) this.#subscriptions.remove(connection);
    connection.classify = classify;
    connection.companyId = companyId;
    if (live) this.#subscriptions.add(connection);
  }

  /** After a change of subscription the pushes sent so far no longer cover what the connection wants. */
  #forgetSent(connection: Connection, changed: (stream: StreamName) => boolean): void {
    for (const stream of streamNames) if (changed(stream)) delete connection.sentFrom[stream];
  }

  #resume(connection: Connection, lastSeen: Partial<Record<StreamName, number>>): void {
    const streams = streamNames.filter((stream) => lastSeen[stream] !== undefined && wants(connection, stream, null));
    if (streams.length === 0) return;
    const store = this.options.replayStore;
    if (!store) {
      this.#replay(connection, streams, lastSeen, (stream, last) => this.#rings[stream].after(last));
      return;
    }
    void Promise.all(
      streams.map(async (stream) => {
        try {
          return [stream, await store.after(stream, lastSeen[stream]!)] as const;
        } catch (error) {
          // Redis failing: this process's ring holds what the bus brought it since it started.
          this.log.warn({ err: error, stream }, 'site socket: the replay store did not answer, resuming from this process');
          return [stream, this.#rings[stream].after(lastSeen[stream]!)] as const;
        }
      }),
    ).then((answers) => {
      if (!this.#connections.has(connection)) return;
      const held = new Map(answers);
      // What the fan-out sent meanwhile is in sentFrom: the replay sends only what came before it.
      this.#replay(connection, streams, lastSeen, (stream) => held.get(stream) ?? null);
    });
  }

  #replay(
    connection: Connection,
    streams: StreamName[],
    lastSeen: Partial<Record<StreamName, number>>,
    missedOf: (stream: StreamName, last: number) => ReadonlyArray<{ seq: number; companyId: number | null; frame: Buffer }> | null,
  ): void {
    const gaps: StreamName[] = [];
    for (const stream of streams) {
      const last = lastSeen[stream]!;
      // The subscription may have changed while the store answered.
      if (!wants(connection, stream, null)) continue;
      const missed = missedOf(stream, last);
      if (!missed) {
        gaps.push(stream);
        continue;
      }
      const sentFrom = connection.sentFrom[stream] ?? Infinity;
      // One write for the whole replay rather than one per push.
      connection.tcp?.cork();
      for (const push of missed) {
        if (push.seq < sentFrom && wants(connection, stream, push.companyId)) {
          this.#sendFrame(connection, push.frame);
          connection.resumedTo[stream] = push.seq;
        }
      }
      connection.tcp?.uncork();
      connection.sentFrom[stream] = Math.min(sentFrom, last + 1);
    }
    if (gaps.length) connection.send({ code: 0, type: 'resync', streams: gaps });
  }
}

function index<K>(map: Map<K, Set<Connection>>, key: K | null, connection: Connection): void {
  if (key === null) return;
  const set = map.get(key);
  if (set) set.add(connection);
  else map.set(key, new Set([connection]));
}

function unindex<K>(map: Map<K, Set<Connection>>, key: K | null, connection: Connection): void {
  if (key === null) return;
  const set = map.get(key);
  if (set?.delete(connection) && set.size === 0) map.delete(key);
}

