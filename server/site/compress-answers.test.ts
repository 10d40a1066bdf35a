import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { answerEncoding, compressLargeAnswers, PreparedAnswer } from './compress-answers.ts';

describe('compressing large answers', () => {
  it('takes brotli before gzip, and neither when the client refuses them', () => {
    expect(answerEncoding('gzip, deflate, br')).toBe('br');
    expect(answerEncoding('gzip;q=1.0, br;q=0')).toBe('gzip');
    expect(answerEncoding('GZIP')).toBe('gzip');
    expect(answerEncoding('*')).toBe('br');
    expect(answerEncoding('identity')).toBeUndefined();
    expect(answerEncoding('deflate, gzip;q=0')).toBeUndefined();
    expect(answerEncoding(undefined)).toBeUndefined();
  });

  it('compresses an answer of 2 KB or more as asked, and leaves a smaller one or a refusing client alone', async () => {
    const app = Fastify();
    compressLargeAnswers(app);
    const large = { list: Array.from({ length: 200 }, (_, index) => ({ index, name: `room ${String(index)}` })) };
    app.get('/large', async () => large);
    app.get('/small', async () => ({ code: 0 }));
    const text = JSON.stringify(large);

    const br = await app.inject({ url: '/large', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(text);

    const gz = await app.inject({ url: '/large', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(text);

    const plain = await app.inject({ url: '/large', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('Accept-Encoding');
    expect(plain.body).toBe(text);

    const small = await app.inject({ url: '/small', headers: { 'accept-encoding': 'br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body).toBe('{"code":0}');

    const head = await app.inject({ method: 'HEAD', url: '/large', headers: { 'accept-encoding': 'br' } });
    expect(head.headers['content-encoding']).toBeUndefined();
    await app.close();
  });

  it('sends a prepared answer as it is, or compressed once per encoding when the client takes it', async () => {
    const app = Fastify();
    compressLargeAnswers(app);
    const text = JSON.stringify({ code: 0, msg: '', data: Array.from({ length: 200 }, (_, index) => `房间 ${String(index)}`) });
    const prepared = new PreparedAnswer(text);
    const sentAtOnce: boolean[] = [];
    app.get('/prepared', (request, reply) => {
      const now = prepared.sendNow(request, reply);
      sentAtOnce.push(now);
      if (!now) return prepared.send(request, reply);
    });
    app.get('/small', (request, reply) => {
      new PreparedAnswer('{"code":0}').sendNow(request, reply);
    });

    const plain = await app.inject({ url: '/prepared' });
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(plain.headers.vary).toBe('Accept-Encoding');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(Number(plain.headers['content-length'])).toBe(Buffer.byteLength(text));
    expect(plain.body).toBe(text);

    const first = await app.inject({ url: '/prepared', headers: { 'accept-encoding': 'gzip, br' } });
    const second = await app.inject({ url: '/prepared', headers: { 'accept-encoding': 'br' } });
    for (const answer of [first, second]) {
      expect(answer.headers['content-encoding']).toBe('br');
      // The scope's own compression saw the encoding chosen and left the answer and its Vary alone.
      expect(answer.headers.vary).toBe('Accept-Encoding');
      expect(brotliDecompressSync(answer.rawPayload).toString()).toBe(text);
    }
    const gz = await app.inject({ url: '/prepared', headers: { 'accept-encoding': 'gzip' } });
    expect(gunzipSync(gz.rawPayload).toString()).toBe(text);
    // Identity at once; brotli and gzip waited only the first time each was asked for.
    expect(sentAtOnce).toEqual([true, false, true, false]);

    const small = await app.inject({ url: '/small', headers: { 'accept-encoding': 'br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.headers.vary).toBeUndefined();
    expect(small.body).toBe('{"code":0}');
    await app.close();
  });

  it('tags a prepared answer, and tells a browser holding the same bytes so with a 304', async () => {
    const app = Fastify();
    compressLargeAnswers(app);
    const text = JSON.stringify({ code: 0, data: 'x'.repeat(3000) });
    let prepared = new PreparedAnswer(text);
    app.get('/prepared', (request, reply) => (prepared.sendNow(request, reply) ? undefined : prepared.send(request, reply)));

    const plain = await app.inject({ url: '/prepared' });
    const etag = plain.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]{20}"$/);
    const again = await app.inject({ url: '/prepared', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers.etag).toBe(etag);
    expect((await app.inject({ url: '/prepared', headers: { 'if-none-match': `"other", W/${etag}` } })).statusCode).toBe(304);

    // Each encoding is tagged apart: the plain answer's tag does not stand for the brotli one.
    const br = await app.inject({ url: '/prepared', headers: { 'accept-encoding': 'br', 'if-none-match': etag } });
    expect(br.statusCode).toBe(200);
    expect(br.headers.etag).toBe(`${etag.slice(0, -1)}-br"`);
    expect((await app.inject({ url: '/prepared', headers: { 'accept-encoding': 'br', 'if-none-match': br.headers.etag as string } })).statusCode).toBe(304);

    // The same bytes made again keep the tag; other bytes get another, and the old tag gets the answer in full.
    prepared = new PreparedAnswer(text);
    expect((await app.inject({ url: '/prepared', headers: { 'if-none-match': etag } })).statusCode).toBe(304);
    prepared = new PreparedAnswer(JSON.stringify({ code: 0, data: 'y' }));
    const changed = await app.inject({ url: '/prepared', headers: { 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.json()).toEqual({ code: 0, data: 'y' });
    await app.close();
  });
});
