import { isIPv6 } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { languageOf, translate } from '../i18n/server-messages.ts';
import type { SocketCounter } from '../ports/socket-counter.ts';

/**
 * Open sockets (/ws and /im together) one address may hold. A browser tab holds two; a household
 * of ten with three tabs each holds 60, and a carrier's shared address (a few hundred subscribers behind it, few
 * of them on this site at once) stays far below. One machine opening sockets to hold the server's memory reaches it.
 * With Redis the limit holds across every process; without, it is each process's.
 */
export const defaultSocketsPerAddress = 200;

export const socketLimitMessages = {
  tooManySockets: 'Too many open connections from this network: close some tabs and try again',
} as const;

/**
 * The address a limit counts: an IPv4 address as it is, an IPv6 one by its /64, the block one subscriber gets
 * (an attacker holding a /64 could otherwise take a fresh address per socket).
 */
export function addressKey(ip: string): string {
  if (!isIPv6(ip)) return ip;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...headGroups, ...Array<string>(8 - headGroups.length - tailGroups.length).fill('0'), ...tailGroups] : headGroups;
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/**
 * Counts the open sockets of each address in the socket routes' scope and refuses an upgrade over the limit with
 * HTTP 429 and the envelope, in the caller's language, before any socket is made. A socket leaves the count when
 * its connection closes. The counter says where the count lives: this process's memory, or Redis shared by every
 * process behind a balancer.
 */
export function limitSocketsPerAddress(sockets: FastifyInstance, perAddress: number, counter: SocketCounter): void {
  if (!Number.isFinite(perAddress)) return;
  sockets.addHook('onRequest', (request, reply, done) => {
    if (request.headers.upgrade?.toLowerCase() !== 'websocket') {
      done();
      return;
    }
    const key = addressKey(request.ip);
    void counter.acquire(key, perAddress).then((taken) => {
      if (!taken) {
        const msg = translate(socketLimitMessages.tooManySockets, languageOf(request.headers));
        void reply.code(429).header('connection', 'close').send({ code: 1, msg, data: null });
        return;
      }
      const connection = request.raw.socket;
      // The connection may have gone while the count was asked: its place is given back at once.
      if (connection.destroyed) counter.release(key);
      else connection.once('close', () => counter.release(key));
      done();
    }, done);
  });
}
