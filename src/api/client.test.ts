import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createActor, SimulatedClock } from 'xstate';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionMachine, type SessionEvent } from '../machines/session-machine.ts';
import { ApiError, createApi, requestTimeoutMs, type ApiData } from './client.ts';

type Handler = (request: IncomingMessage, body: string, response: ServerResponse) => void;

let server: Server;
let baseUrl: string;
let handle: Handler;

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => handle(request, body, response));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

function answer(envelope: unknown, status = 200): Handler {
  return (_request, _body, response) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(envelope));
  };
}

const siteConfig: ApiData<'/api/universal/getConfig', 'get'> = {
  site_name: 'Pitchside',
  websocket: '/ws',
  CountryCode: [{ id: 1, code: '86', name: 'China' }],
  weibo_qr_code: '/media/qr/weibo.png',
  follow_us: '/media/qr/follow.png',
  apply_for_anchor: 'anchor@example.org',
  feedback_qq: '10000',
  customer_service_email: 'service@example.org',
  site_icp: 'ICP 12345678',
  mobile_url: '',
  im_mode: 'own',
  im_sdk_app_id: null,
  horn_price: 10,
};

const smsCodeSent: ApiData<'/api/user/getCode', 'post'> = { expires_in: 300, resend_after: 60 };

function startSession() {
  const clearUser = vi.fn();
  const actor = createActor(sessionMachine.provide({ actions: { clearUser } }), { clock: new SimulatedClock() });
  actor.start();
  return { actor, clearUser };
}

describe('api client', () => {
  let session: ReturnType<typeof startSession>;
  let sent: SessionEvent[];

  beforeEach(() => {
    session = startSession();
    sent = [];
    currentToken = null;
    handle = answer({ code: 0, msg: '', data: siteConfig });
  });

  let currentToken: string | null = null;

  function api(timeoutMs?: number) {
    const send = (event: SessionEvent) => {
      sent.push(event);
      session.actor.send(event);
    };
    // The app hands the stored user's token (src/realtime/stored-user.ts); here the test holds it.
    return createApi({ baseUrl, session: { send }, token: () => currentToken, ...(timeoutMs === undefined ? {} : { timeoutMs }) });
  }

  it('sends the token of the logged-in user in the token header', async () => {
    currentToken = 'tok-42';
    let token: string | string[] | undefined;
    handle = (request, body, response) => {
      token = request.headers.token;
      answer({ code: 0, msg: '', data: siteConfig })(request, body, response);
    };
    await api().get('/api/universal/getConfig');
    expect(token).toBe('tok-42');
  });

  it('sends no token header when nobody is logged in', async () => {
    let headers: IncomingMessage['headers'] = {};
    handle = (request, body, response) => {
      headers = request.headers;
      answer({ code: 0, msg: '', data: siteConfig })(request, body, response);
    };
    await api().get('/api/universal/getConfig');
    expect(headers).not.toHaveProperty('token');
  });

  it('sends the language of the site at each request, so the server answers in it', async () => {
    const languages: (string | string[] | undefined)[] = [];
    handle = (request, body, response) => {
      languages.push(request.headers.lang);
      answer({ code: 0, msg: '', data: siteConfig })(request, body, response);
    };
    let language = 'vi';
    const client = createApi({ baseUrl, session: { send: () => undefined }, language: () => language });
    await client.get('/api/universal/getConfig');
    language = 'en';
    await client.quiet.get('/api/universal/getConfig');
    expect(languages).toEqual(['vi', 'en']);
  });

  it('resolves with the envelope data', async () => {
    await expect(api().get('/api/universal/getConfig')).resolves.toEqual(siteConfig);
    expect(sent).toEqual([]);
  });

  it('posts the body as JSON', async () => {
    let received: unknown;
    handle = (request, body, response) => {
      received = JSON.parse(body);
      answer({ code: 0, msg: '', data: smsCodeSent })(request, body, response);
    };
    await api().post('/api/user/getCode', { body: { mobile: '86-13800000000', type: 1, altcha: 'solved' } });
    expect(received).toEqual({ mobile: '86-13800000000', type: 1, altcha: 'solved' });
  });

  it('rejects code 1 with its msg and has the session show it in a toast', async () => {
    handle = answer({ code: 1, msg: 'Mobile is required', data: null }, 400);
    const failure = api().get('/api/universal/getConfig');
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ code: 1, msg: 'Mobile is required' });
    expect(session.actor.getSnapshot().context.toast).toEqual({ tone: 'error', text: 'Mobile is required' });
  });

  it('opens the logged-out confirm for 50014', async () => {
    handle = answer({ code: 50014, msg: 'Token expired', data: null });
    await expect(api().get('/api/universal/getConfig')).rejects.toMatchObject({ code: 50014 });
    expect(session.actor.getSnapshot().matches({ reloginConfirm: 'open' })).toBe(true);
  });

  it('clears the user once for two 700s in quick succession', async () => {
    handle = answer({ code: 700, msg: 'Please log in', data: null });
    const client = api();
    const calls = [client.get('/api/universal/getConfig'), client.get('/api/universal/getConfig')];
    const results = await Promise.allSettled(calls);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    expect(sent.filter((event) => event.type === 'response.failed')).toHaveLength(2);
    expect(session.clearUser).toHaveBeenCalledTimes(1);
    expect(session.actor.getSnapshot().context.toast).toEqual({ tone: 'warning', messageId: 'session.loginFirst' });
  });

  it('rejects quiet calls with their code but tells the session nothing, not even a 700', async () => {
    for (const [code, msg] of [
      [1, 'Sorry, not yet'],
      [700, 'Please log in first'],
    ] as const) {
      handle = answer({ code, msg, data: null });
      await expect(api().quiet.post('/api/Member/getQiniuToken', { body: {} })).rejects.toMatchObject({ code, msg });
    }
    expect(sent).toEqual([]);
    expect(session.actor.getSnapshot().context.toast).toBeNull();
  });

  it('rejects as network, showing nothing, when the server is slower than the timeout', async () => {
    handle = (request, body, response) => {
      setTimeout(() => answer({ code: 0, msg: '', data: siteConfig })(request, body, response), 1000);
    };
    await expect(api(50).get('/api/universal/getConfig')).rejects.toMatchObject({ code: 'network' });
    expect(sent).toEqual([{ type: 'network.failed' }]);
    expect(session.actor.getSnapshot().context.toast).toBeNull();
  });

  it('rejects as network when the answer is not an envelope', async () => {
    handle = (_request, _body, response) => {
      response.writeHead(502, { 'content-type': 'text/html' });
      response.end('<h1>Bad gateway</h1>');
    };
    await expect(api().get('/api/universal/getConfig')).rejects.toMatchObject({ code: 'network' });
    expect(sent).toEqual([{ type: 'network.failed' }]);
  });

  it('rejects as network when an HTTP error carries a success envelope', async () => {
    handle = answer({ code: 0, msg: '', data: null }, 500);
    await expect(api().get('/api/universal/getConfig')).rejects.toMatchObject({ code: 'network' });
    expect(sent).toEqual([{ type: 'network.failed' }]);
  });

  it('rejects as network when nothing listens', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const send = vi.fn();
    const unreachable = createApi({ baseUrl: `http://127.0.0.1:${String(port)}`, session: { send } });
    await expect(unreachable.get('/api/universal/getConfig')).rejects.toMatchObject({ code: 'network' });
    expect(send).toHaveBeenCalledWith({ type: 'network.failed' });
  });

  it('gives requests 20 s by default', async () => {
    const timeout = vi.spyOn(AbortSignal, 'timeout');
    await api().get('/api/universal/getConfig');
    expect(timeout).toHaveBeenCalledWith(20_000);
    expect(requestTimeoutMs).toBe(20_000);
    timeout.mockRestore();
  });
});

describe('a call the starting site puts off', () => {
  it('is sent again after Retry-After while the site answers 503, body and all, then resolves', async () => {
    const bodies: string[] = [];
    let refusals = 2;
    handle = (_request, body, response) => {
      bodies.push(body);
      if (refusals-- > 0) {
        response.writeHead(503, { 'content-type': 'application/json', 'retry-after': '0.1' });
        response.end(JSON.stringify({ code: 1, msg: 'The site is starting: please try again in a moment', data: null }));
        return;
      }
      answer({ code: 0, msg: '', data: siteConfig })(_request, body, response);
    };
    const session = { send: vi.fn() };
    const api = createApi({ baseUrl, session });
    await expect(api.post('/api/universal/getConfig' as never, { body: { a: 1 } } as never)).resolves.toEqual(siteConfig);
    expect(bodies).toEqual(['{"a":1}', '{"a":1}', '{"a":1}']);
    expect(session.send).not.toHaveBeenCalled();
  });

  it('is not sent again for a 503 without Retry-After', async () => {
    let calls = 0;
    handle = (request, body, response) => {
      calls++;
      answer({ code: 1, msg: 'down', data: null }, 503)(request, body, response);
    };
    const api = createApi({ baseUrl, session: { send: vi.fn() } });
    await expect(api.get('/api/universal/getConfig')).rejects.toBeInstanceOf(ApiError);
    expect(calls).toBe(1);
  });
});

