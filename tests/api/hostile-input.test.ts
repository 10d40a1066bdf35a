import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { areaHandlers } from '../../server/app.ts';
import { loadContract } from '../../server/contract/contract.ts';
import { demoLogins, logIn } from './demo-session.ts';
import { resolverFor, sampleObject } from './sample-input.ts';
import { startTestServer, type TestServer } from './test-server.ts';
import { messagingSigFor } from './messaging-login.ts';

const contract = loadContract();
const resolve = resolverFor(contract.document);
type Schema = Record<string, unknown>;

/** A schema's own properties beside those of its allOf (the resolver keeps only the latter). */
function propertiesOf(schema: Schema): Record<string, Schema> {
  let own = schema;
  while (typeof own.$ref === 'string') {
    own = own.$ref
      .replace(/^openapi\.json/, '')
      .slice(2)
      .split('/')
      .reduce<Schema>((node, key) => node[key.replaceAll('~1', '/').replaceAll('~0', '~')] as Schema, contract.document);
  }
  return { ...((own.properties ?? {}) as Record<string, Schema>), ...((resolve(schema).properties ?? {}) as Record<string, Schema>) };
}

/** Every free-text field of every implemented JSON call (no enum, no pattern: what a user types). */
const textFields = contract.operations
  .filter((operation) => operation.operationId in areaHandlers && operation.inputSchema && operation.bodyKind !== 'multipart')
  .flatMap((operation) => {
    const properties = propertiesOf(operation.inputSchema!);
    return Object.entries(properties)
      .filter(([, property]) => {
        const resolved = resolve(property);
        return resolved.type === 'string' && !resolved.enum && !resolved.pattern && !resolved.format;
      })
      .map(([field]) => [`${operation.method.toUpperCase()} ${operation.path} ${field}`, operation, field] as const);
  });

describe('input that once answered HTTP 500 is refused in the envelope', () => {
  let server: TestServer;
  let tokens: Record<'viewer' | 'anchor' | 'expert' | 'admin', string>;
  beforeAll(async () => {
    server = await startTestServer();
    tokens = {
      viewer: await logIn(server, demoLogins.viewer),
      anchor: await logIn(server, demoLogins.anchor),
      expert: await logIn(server, demoLogins.expert),
      admin: await logIn(server, demoLogins.admin),
    };
  });
  afterAll(() => server.close());
  const tokenFor = (role: string | undefined) =>
    role === 'manager' ? tokens.anchor : role === 'anchor' || role === 'expert' || role === 'admin' ? tokens[role] : tokens.viewer;

  it('covers the text fields the attack found', () => {
    const names = textFields.map(([name]) => name);
    for (const expected of ['POST /api/member/updateInfo signature', 'GET /api/Barrage/send content', 'GET /api/Member/sneHorn content']) {
      expect(names).toContain(expected);
    }
  });

  it.each(textFields)('%s with U+0000 or a lone surrogate', async (_name, operation, field) => {
    const valid = sampleObject(operation.inputSchema!, resolve);
    // The refusal names the field when nothing else of the sample is wrong (a sample may miss a pattern).
    const namesField = operation.inputValidator()?.({ ...valid, [field]: 'a' }) ?? true;
    // A URL cannot carry a lone surrogate: the client sends it as U+FFFD, a character like any other.
    const texts = operation.method === 'get' ? ['a\u0000b'] : ['a\u0000b', 'a\uD800b', '\uDC00'];
    for (const text of texts) {
      const answer = await server.call(operation.method === 'get' ? 'GET' : 'POST', operation.path, { ...valid, [field]: text }, {
        token: tokenFor(operation.role),
        'idempotency-key': 'hostile-input-key',
      });
      expect(answer).toMatchObject({ status: 400, code: 1, data: null });
      if (namesField) expect(answer.msg).toContain(field);
    }
  });

  it('refuses U+0000 in a group name and in an /im frame, and a file link off the site', async () => {
    const viewer = await server.database.db.selectFrom('users').select('id').where('mobile', '=', demoLogins.viewer.mobile).executeTakeFirstOrThrow();
    const group = await server.call('POST', '/api/group/addgroup', { name: '夜\u0000场', member_ids: [] }, { token: tokens.anchor });
    expect(group).toMatchObject({ status: 400, code: 1 });

    const socket = new WebSocket(`${server.baseUrl.replace('http', 'ws')}/im`);
    const frames: Array<{ id?: number; type: string; msg?: string }> = [];
    socket.on('message', (data) => frames.push(JSON.parse(String(data)) as (typeof frames)[number]));
    await new Promise((resolve) => socket.once('open', resolve));
    const answerTo = async (id: number) => {
      await expect.poll(() => frames.find((frame) => frame.id === id), { timeout: 5_000 }).toBeDefined();
      return frames.find((frame) => frame.id === id)!;
    };
    socket.send(JSON.stringify({ id: 1, type: 'login', userID: String(viewer.id), userSig: await messagingSigFor(server.app.serverContext, String(viewer.id)), lang: 'en' }));
    expect((await answerTo(1)).type).toBe('ok');
    socket.send(JSON.stringify({ id: 2, type: 'send', conversationID: `C2C${viewer.id}`, clientMsgID: 'nul-1', messageType: 'TIMTextElem', payload: { text: 'a\u0000b' } }));
    // A frame off the contract is answered as malformed (id 0: its id is not believed either), not with a bare 'Error'.
    const refused = await answerTo(0);
    expect(refused).toMatchObject({ type: 'error', msg: 'Malformed frame' });
    expect(frames.find((frame) => frame.id === 2)).toBeUndefined();
    // A file link that a browser reads as another site's is refused (the WHATWG parser drops the tab).
    const admin = await server.database.db.selectFrom('users').select('id').where('mobile', '=', demoLogins.admin.mobile).executeTakeFirstOrThrow();
    socket.send(
      JSON.stringify({
        id: 3,
        type: 'send',
        conversationID: `C2C${admin.id}`,
        clientMsgID: 'file-1',
        messageType: 'TIMFileElem',
        payload: { name: 'invoice.pdf', url: '/\t/evil.example/invoice.pdf', size: 1000 },
      }),
    );
    expect(await answerTo(3)).toMatchObject({ type: 'error', msg: 'Only files served by the site can be sent' });
    socket.close();
  });

  it('refuses live/setChatRules with no rule', async () => {
    const room = await server.database.db
      .selectFrom('live_rooms')
      .innerJoin('users', 'users.id', 'live_rooms.anchor_id')
      .select('live_rooms.id')
      .where('users.mobile', '=', demoLogins.anchor.mobile)
      .executeTakeFirstOrThrow();
    const answer = await server.call('POST', '/api/live/setChatRules', { room_id: Number(room.id) }, { token: tokens.anchor });
    expect(answer).toMatchObject({ code: 1, data: null });
    expect(answer.status).toBeLessThan(500);
  });

  it.each(['/api/upload', '/api/Live/setLiveInfo', '/api/Live/mobileStartRoom'])('refuses a broken multipart body on %s', async (path) => {
    const cutShort = '--XyZ\r\nContent-Disposition: form-data; name="token"\r\n\r\nabc\r\n--XyZ\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG';
    const bodies: Array<[string, string, number | undefined]> = [
      ['multipart/form-data', cutShort, 1],
      ['multipart/form-data; boundary=XyZ', cutShort, 1],
      // An empty body under an empty boundary holds no part at all: an empty form.
      ['multipart/form-data; boundary=', '', undefined],
      // A part without a name is no field: what is left may be a valid (empty) form.
      ['multipart/form-data; boundary=XyZ', '--XyZ\r\nno header here\r\n--XyZ--\r\n', undefined],
    ];
    for (const [contentType, body, code] of bodies) {
      const response = await fetch(new URL(path, server.baseUrl), {
        method: 'POST',
        headers: { 'content-type': contentType, token: tokens.anchor, lang: 'en' },
        body,
      });
      expect(response.status, `${contentType} ${JSON.stringify(body.slice(0, 20))}`).toBeLessThan(500);
      const answer = (await response.json()) as { code: number; msg: string };
      expect(typeof answer.msg).toBe('string');
      if (code !== undefined) expect(answer.code, `${contentType} ${JSON.stringify(body.slice(0, 20))}`).toBe(code);
    }
  });
});
