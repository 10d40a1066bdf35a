import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

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
    // A prepared answer chose its encoding itself.
    if (vary && /accept-encoding/i.test(String(vary))) {
      done(null, payload);
      return;
    }
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

const compressors = { br: promisify(brotliCompress), gzip: promisify(gzip) } as const;

/**
 * An answer serialized once and sent to many: its bytes, and each compression of them made once, when first asked
 * for. Sent as bytes, it is neither encoded to UTF-8 nor measured again per request. Its ETag, made once from its
 * bytes, lets a browser that holds the same answer be told so (304) rather than sent it again: the answer made
 * again when its cache entry expires has the same tag while its bytes are the same.
 */
export class PreparedAnswer {
  readonly bytes: Buffer;
  readonly etag: string;
  readonly #compressed = new Map<'br' | 'gzip', { made: Promise<Buffer>; bytes?: Buffer }>();

  constructor(text: string) {
    this.bytes = Buffer.from(text);
    this.etag = `"${createHash('sha1').update(this.bytes).digest('base64url').slice(0, 20)}"`;
  }

  /**
   * Sends the answer in the encoding the request takes, when that is ready now; false when a compression has yet to
   * be made (`send` waits for it).
   */
  sendNow(request: FastifyRequest, reply: FastifyReply): boolean {
    const encoding = this.#encodingFor(request);
    const bytes = encoding ? this.#compressed.get(encoding)?.bytes : this.bytes;
    if (!bytes) return false;
    this.#write(request, reply, bytes, encoding);
    return true;
  }

  async send(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    const encoding = this.#encodingFor(request);
    if (!encoding) return this.#write(request, reply, this.bytes, undefined);
    let compressed = this.#compressed.get(encoding);
    if (!compressed) {
      const made = encoding === 'br' ? compressors.br(this.bytes, brotliOptions) : compressors.gzip(this.bytes);
      const entry: { made: Promise<Buffer>; bytes?: Buffer } = { made };
      compressed = entry;
      this.#compressed.set(encoding, entry);
      made.then(
        (bytes) => {
          entry.bytes = bytes;
        },
        () => this.#compressed.delete(encoding),
      );
    }
    return this.#write(request, reply, await compressed.made, encoding);
  }

  #encodingFor(request: FastifyRequest): 'br' | 'gzip' | undefined {
    return this.bytes.length < threshold || request.method === 'HEAD' ? undefined : answerEncoding(request.headers['accept-encoding']);
  }

  #write(request: FastifyRequest, reply: FastifyReply, bytes: Buffer, encoding: 'br' | 'gzip' | undefined): FastifyReply {
    // Each encoding is a representation of its own, with a tag of its own (RFC 9110 §8.8.3).
    const etag = encoding ? `${this.etag.slice(0, -1)}-${encoding}"` : this.etag;
    reply.header('content-type', 'application/json; charset=utf-8');
    reply.header('etag', etag);
    if (this.bytes.length >= threshold) reply.header('vary', 'Accept-Encoding');
    const held = request.headers['if-none-match'];
    if (held !== undefined && matchesTag(held, etag)) return reply.code(304).send();
    if (encoding) reply.header('content-encoding', encoding);
    return reply.send(bytes);
  }
}

/** Whether an If-None-Match header names `etag` (weakly compared, as RFC 9110 §13.1.2 asks), or is `*`. */
function matchesTag(header: string, etag: string): boolean {
  if (header === etag) return true;
  return header.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed === etag || trimmed === `W/${etag}`;
  });
}
