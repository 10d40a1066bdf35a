import type {
  DistributiveOmit,
  ExponentSport,
  GoalEventData,
  MatchData,
  MatchOddsData,
  MomentumData,
  SocketQrMessage,
  SocketServerMessage,
  SocketUserMessage,
  Sport,
} from '../contract/socket-contract.ts';

// The site socket port (DESIGN.md, Realtime; SPEC §4): the one socket every page holds at /ws. It carries the live
// scores, the QR login, the session-gone code (700) and the live kick-outs; server/realtime/site-socket-hub.ts
// serves it.

/** One socket as the app's callbacks see it. */
export interface SiteSocketConnection {
  readonly id: string;
  readonly userId: number | null;
  send(message: SocketServerMessage): void;
}

export interface SiteSocket {
  /** A match (kind match) or one company's odds (kind exponent) to the sport's subscribers; resolves to its seq. */
  publishMatch(sport: Sport, kind: 'match', data: MatchData): Promise<number>;
  publishMatch(sport: ExponentSport, kind: 'exponent', data: MatchOddsData): Promise<number>;
  publishGoal(event: GoalEventData): Promise<number>;
  /** The minutes of a match's momentum played since its last push, to the sport's subscribers. */
  publishMomentum(sport: ExponentSport, data: MomentumData): Promise<number>;
  /** Session gone (700) or live kick-out, to every connection of the user on every server process. */
  pushToUser(userId: number, message: SocketUserMessage): Promise<void>;
  /** scanCode_Login or webLoginSuccess, to the connection the QR code is bound to (onQrLogin), on any process. */
  pushToQrCode(code: string, connectionId: string, message: DistributiveOmit<SocketQrMessage, 'qr_code'>): Promise<void>;
  /** Connections open on this process. */
  connectionCount(): number;
  /** Resolves once every push this process has received so far is written to its sockets. */
  idle(): Promise<void>;
  close(): Promise<void>;
}

