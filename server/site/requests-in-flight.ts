import type { IncomingMessage, Server, ServerResponse } from 'node:http';

export interface RequestsInFlight {
  /**
   * Resolves once no request has been in flight for `quietMs` (a socket opening counts as a request), or `atMostMs`
   * after it is asked whatever comes, and stops counting then: the requests after cost nothing more.
   */
  quiet(quietMs: number, atMostMs: number): Promise<void>;
}

/** Counts the requests in flight on `server` from now on, those already waiting when `quiet` is asked included. */
export function countRequestsInFlight(server: Server): RequestsInFlight {
  let inFlight = 0;
  let changed: (() => void) | undefined;
  const onRequest = (_request: IncomingMessage, response: ServerResponse) => {
    inFlight += 1;
    changed?.();
    response.once('close', () => {
      inFlight -= 1;
      changed?.();
    });
  };
  const onUpgrade = () => changed?.();
  server.on('request', onRequest);
  server.on('upgrade', onUpgrade);
  return {
    quiet(quietMs, atMostMs) {
      const deadline = performance.now() + atMostMs;
      return new Promise((resolve) => {
        let timer: NodeJS.Timeout | undefined;
        const finish = () => {
          clearTimeout(timer);
          changed = undefined;
          server.off('request', onRequest);
          server.off('upgrade', onUpgrade);
          resolve();
        };
        changed = () => {
          clearTimeout(timer);
          const left = deadline - performance.now();
          if (left <= 0) finish();
          else timer = setTimeout(finish, inFlight === 0 ? Math.min(quietMs, left) : left);
        };
        changed();
      });
    },
  };
}
