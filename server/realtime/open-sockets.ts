import { restartCloseCode } from './site-socket-hub.ts';

/** A socket as a stopping process closes it. */
interface ClosableSocket {
  close(code: number, reason: string): void;
}

/**
 * The open sockets of one kind on this process (`/im`), so that a stopping process asks each to reconnect
 * elsewhere, as the site socket's hub does for `/ws`: closed with 1012 at a random moment within a spread, the other
 * processes take them over a spread of time rather than all in one instant.
 */
export class OpenSockets {
  readonly #sockets = new Set<ClosableSocket>();
  #shedding = false;

  /** Keeps the socket; false (and closed at once) while the process is stopping: it reconnects to another. */
  add(socket: ClosableSocket): boolean {
    if (this.#shedding) {
      socket.close(restartCloseCode, 'server restarting');
      return false;
    }
    this.#sockets.add(socket);
    return true;
  }

  delete(socket: ClosableSocket): void {
    this.#sockets.delete(socket);
  }

  get size(): number {
    return this.#sockets.size;
  }

  /** Closes every socket with 1012 at a random moment within `spreadMs`; resolves once all are closed. */
  async shed(spreadMs: number): Promise<void> {
    this.#shedding = true;
    await Promise.all(
      [...this.#sockets].map(
        (socket) =>
          new Promise<void>((resolve) => {
            setTimeout(() => {
              if (this.#sockets.delete(socket)) socket.close(restartCloseCode, 'server restarting');
              resolve();
            }, Math.random() * spreadMs);
          }),
      ),
    );
  }
}
