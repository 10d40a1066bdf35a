export type BusHandler = (message: unknown) => void;
export type BusBytesHandler = (bytes: Buffer) => void;
export type Unsubscribe = () => Promise<void>;

/**
 * Fan-out between server processes (DESIGN.md, Realtime): every subscriber of a channel, in this process or
 * another, gets every message published on it, the publisher included. A message is a JSON value, or bytes its
 * publisher serialised itself; a subscriber takes each message as a JSON value (bytes parsed) or as its bytes (a
 * JSON value as its UTF-8 text).
 */
export interface Bus {
  publish(channel: string, message: unknown): Promise<void>;
  /** Bytes that reach every byte subscriber as they are, so a publisher serialises a message once for every process. */
  publishBytes(channel: string, bytes: Buffer): Promise<void>;
  /** Resolves once the subscription is live, so nothing published afterwards is missed. */
  subscribe(channel: string, handler: BusHandler): Promise<Unsubscribe>;
  /** As subscribe, each message as its bytes. The handler must not change them: other subscribers may share them. */
  subscribeBytes(channel: string, handler: BusBytesHandler): Promise<Unsubscribe>;
  close(): Promise<void>;
}
