import type { Bus, Unsubscribe } from '../ports/bus.ts';

/** The bus channel that says which login sessions were just revoked, so every process closes their sockets at once. */
export const revokedSessionsChannel = 'sessions:revoked';

/** Close code of a messaging socket whose login session was revoked (sign-out, password reset, login elsewhere). */
export const sessionRevokedCloseCode = 4401;

/**
 * The open /im sockets of each login session in this process. A revocation published on the bus (by any
 * process) closes them at once: a chat login lives no longer than the session it was made for.
 */
export class MessagingSessions {
  readonly #sockets = new Map<number, Set<{ close(code: number, reason: string): void }>>();
  readonly #subscription: Promise<Unsubscribe>;

  constructor(bus: Bus, channel: string) {
    this.#subscription = bus.subscribe(channel, (message) => this.#onRevoked(message));
  }

  /** Resolves once revocations are heard. */
  ready(): Promise<unknown> {
    return this.#subscription;
  }

  add(sessionId: number, socket: { close(code: number, reason: string): void }): void {
    let sockets = this.#sockets.get(sessionId);
    if (!sockets) this.#sockets.set(sessionId, (sockets = new Set()));
    sockets.add(socket);
  }

  remove(sessionId: number, socket: { close(code: number, reason: string): void }): void {
    const sockets = this.#sockets.get(sessionId);
    sockets?.delete(socket);
    if (sockets?.size === 0) this.#sockets.delete(sessionId);
  }

  #onRevoked(message: unknown): void {
    const ids = (message as { ids?: unknown } | null)?.ids;
    if (!Array.isArray(ids)) return;
    for (const id of ids) {
      if (typeof id !== 'number') continue;
      for (const socket of this.#sockets.get(id) ?? []) socket.close(sessionRevokedCloseCode, 'session revoked');
      this.#sockets.delete(id);
    }
  }

  async close(): Promise<void> {
    await (await this.#subscription)();
  }
}
