import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import type { FastifyInstance } from 'fastify';

/** Answers smaller than this go as they are: compressing them saves less than it costs. */
const threshold = 2048;

const brotliOptions = { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } };

/** The encoding an Accept-Encoding header takes that we make, brotli before gzip; undefined for none. */
export function answerEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | undefined {
  if (!acceptEncoding) return undefined;
  const accepted = new Set<string>();
  for (const entry of acceptEncoding.toLowerCase().split(',')) {
    const [name = '', ...parameters] = entry.split(';').map((part) => part.trim());
    const quality = parameters.find((parameter) => parameter.startsWith('q='));
    if (quality !== undefined && !(Number(quality.slice(2)) > 0)) continue;
    accepted.add(name);
  }
  if (accepted.has('br') || accepted.has('*')) return 'br';
  return accepted.has('gzip') ? 'gzip' : undefined;
}

/**
 * Compresses the scope's larger answers (API answers, the contract's docs) as the client accepts, in one onSend
 * hook. @fastify/compress took three hooks on every request, a third of a small answer's cost on the bench, to
 * compress the few that are large.
 */
export function compressLargeAnswers(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    if (!(typeof payload === 'string' || Buffer.isBuffer(payload)) || payload.length < threshold) {
      done(null, payload);
      return;
    }
    if (request.method === 'HEAD' || reply.statusCode === 204 || reply.statusCode === 304 || reply.hasHeader('content-encoding')) {
      done(null, payload);
      return;
    }
    const vary = reply.getHeader('vary');
    reply.header('vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding');
    const encoding = answerEncoding(request.headers['accept-encoding']);
    if (!encoding) {
      done(null, payload);
      return;
    }
    const compressed = (error: Error | null, body: Buffer) => {
      if (error) {
        done(error);
        return;
      }
      reply.header('content-encoding', encoding);
      reply.removeHeader('content-length');
      done(null, body);
    };
    if (encoding === 'br') brotliCompress(payload, brotliOptions, compressed);
    else gzip(payload, compressed);
  });
}
