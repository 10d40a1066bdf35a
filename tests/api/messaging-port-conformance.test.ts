import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { WebSocket } from 'ws';
import { buildApp } from '../../server/app.ts';
import type { DatabaseHandle } from '../../server/db/database.ts';
import type { Api } from '../../src/api/client.ts';
import { createOwnMessaging, type MessagingEvent, type MessagingPort } from '../../src/realtime/messaging-port.ts';
import { createTimMessaging, timConstants, type TimConversation, type TimMessage, type TimSdk } from '../../src/realtime/tim-messaging.ts';
import { openTemplateCopy } from './database-template.ts';
import { messagingSigFor } from './messaging-login.ts';

// The messaging port's contract (DESIGN.md, Realtime: screens do not know which adapter runs), run against the
// site's own adapter on a real /im server and against the Tencent IM adapter over a fake of tim-js-sdk's surface.

interface Side {
  port: MessagingPort;
  id: string;
  sig: string;
}

/** The API is only asked for guest accounts, which the contract does not use. */
const noApi = {} as Api;

async function until(check: () => boolean, what: string): Promise<void> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > 5000) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

function describePortContract(name: string, make: () => Promise<{ alice: Side; bob: Side }>) {
  describe(`the messaging port: ${name}`, () => {
    it('logs in, sends every kind, delivers live, pages history, lists conversations and tells the sender of the read', async () => {
      const { alice, bob } = await make();
      await alice.port.login(alice.id, alice.sig);
      await bob.port.login(bob.id, bob.sig);
      expect(await bob.port.whenLoggedIn(bob.id)).toBe(bob.id);
      const aliceEvents: MessagingEvent[] = [];
      const bobEvents: MessagingEvent[] = [];
      alice.port.subscribe((event) => aliceEvents.push(event));
      bob.port.subscribe((event) => bobEvents.push(event));

      const text = await alice.port.sendMessage(`C2C${bob.id}`, 'TIMTextElem', { text: '你好[微笑]' }, 'conformance1');
      expect(text).toMatchObject({ conversationID: `C2C${bob.id}`, conversationType: 'C2C', from: alice.id, to: bob.id, type: 'TIMTextElem', payload: { text: '你好[微笑]' } });
      const image = await alice.port.sendMessage(`C2C${bob.id}`, 'TIMImageElem', { url: '/media/uploads/a.png', width: 2, height: 3 }, 'conformance2');
      expect(image).toMatchObject({ type: 'TIMImageElem', payload: { url: '/media/uploads/a.png', width: 2, height: 3 } });
      const file = await alice.port.sendMessage(`C2C${bob.id}`, 'TIMFileElem', { name: 'a.pdf', url: '/media/uploads/a.pdf', size: 9 }, 'conformance3');
      expect(file).toMatchObject({ type: 'TIMFileElem', payload: { name: 'a.pdf', size: 9 } });
      expect(image.sequence).toBeGreaterThan(text.sequence);

      const received = () => bobEvents.flatMap((event) => (event.type === 'message' && event.message.conversationID === `C2C${alice.id}` ? [event.message] : []));
      await until(() => received().length === 3, 'the three messages at the receiver');
      expect(received().map((message) => message.type)).toEqual(['TIMTextElem', 'TIMImageElem', 'TIMFileElem']);

      const history = await bob.port.getHistory(`C2C${alice.id}`);
      expect(history.messages.map((message) => message.type)).toEqual(['TIMTextElem', 'TIMImageElem', 'TIMFileElem']);
      expect(history.messages.every((message) => message.conversationID === `C2C${alice.id}`)).toBe(true);

      const conversations = await bob.port.getConversations();
      expect(conversations.map((conversation) => conversation.conversationID)).toContain(`C2C${alice.id}`);

      await bob.port.markRead(`C2C${alice.id}`);
      await until(() => aliceEvents.some((event) => event.type === 'read'), 'the read receipt');
      expect(aliceEvents.find((event) => event.type === 'read')).toMatchObject({ conversationID: `C2C${bob.id}`, sequence: file.sequence });
    });
  });
}

describe('messaging port conformance', () => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let url: string;
  let ids: string[];

  beforeAll(async () => {
    database = await openTemplateCopy(inject('databaseTemplate'));
    app = await buildApp({ database, distDir: '/nonexistent', rateLimits: false });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    url = `ws://127.0.0.1:${String(typeof address === 'object' && address ? address.port : 0)}/im`;
    ids = (await database.db.selectFrom('users').select('id').where('disabled_at', 'is', null).orderBy('id', 'desc').limit(2).execute()).map((row) =>
      String(row.id),
    );
    // The browser's WebSocket, in Node.
    (globalThis as { WebSocket?: unknown }).WebSocket ??= WebSocket;
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  describePortContract('own /im adapter', async () => {
    const side = async (id: string): Promise<Side> => ({ port: createOwnMessaging(noApi, { url }), id, sig: await messagingSigFor(app.serverContext, id) });
    return { alice: await side(ids[0]!), bob: await side(ids[1]!) };
  });

  describePortContract('Tencent IM adapter over a fake tim-js-sdk', async () => {
    const service = new FakeTimService();
    const side = (id: string): Side => ({ port: createTimMessaging(noApi, 1400000000, { loadSdk: async () => service.instance() }), id, sig: `sig-${id}` });
    return { alice: side('7001'), bob: side('7002') };
  });
});

/** tim-js-sdk's service as the adapter sees it: C2C messages numbered per conversation, pushed to the peer, read receipts. */
class FakeTimService {
  readonly #messages = new Map<string, (TimMessage & { readBy: Set<string> })[]>();
  readonly #instances = new Map<string, { handlers: Map<string, (event: { data: unknown }) => void> }>();
  #ids = 0;

  #key(a: string, b: string) {
    return [a, b].sort().join('_');
  }

  #push(userID: string, event: string, data: unknown) {
    this.#instances.get(userID)?.handlers.get(event)?.({ data });
  }

  instance(): TimSdk {
    const handlers = new Map<string, (event: { data: unknown }) => void>();
    let me = '';
    const seenBy = (message: TimMessage, viewer: string): TimMessage => {
      const { readBy, ...rest } = message as TimMessage & { readBy: Set<string> };
      return { ...rest, conversationID: `C2C${viewer === message.from ? message.to : message.from}`, isPeerRead: readBy.has(message.to) };
    };
    return {
      login: async ({ userID }) => {
        me = userID;
        this.#instances.set(userID, { handlers });
      },
      logout: async () => undefined,
      updateMyProfile: async () => undefined,
      joinGroup: async () => ({ data: { group: { memberCount: 1, nextMessageSeq: 1 } } }),
      quitGroup: async () => undefined,
      createTextMessage: (options) => ({ ...options, type: 'TIMTextElem' }),
      createCustomMessage: (options) => ({ ...options, type: 'TIMCustomElem' }),
      sendMessage: async (draft) => {
        const { to, type, payload } = draft as { to: string; type: string; payload: Record<string, unknown> };
        const list = this.#messages.get(this.#key(me, to)) ?? [];
        const message = {
          ID: `tim${String(++this.#ids)}`,
          conversationID: `C2C${to}`,
          conversationType: timConstants.c2c,
          from: me,
          to,
          time: Math.floor(Date.now() / 1000),
          sequence: list.length + 1,
          type,
          payload,
          readBy: new Set<string>(),
        };
        list.push(message);
        this.#messages.set(this.#key(me, to), list);
        this.#push(to, timConstants.messageReceived, [seenBy(message, to)]);
        return { data: { message: seenBy(message, me) } };
      },
      getMessageList: async ({ conversationID }) => {
        const list = this.#messages.get(this.#key(me, conversationID.slice(3))) ?? [];
        return { data: { messageList: list.slice(-15).map((message) => seenBy(message, me)), nextReqMessageID: '', isCompleted: list.length <= 15 } };
      },
      getConversationList: async () => {
        const conversationList: TimConversation[] = [...this.#messages.entries()]
          .filter(([key]) => key.split('_').includes(me))
          .map(([key, list]) => {
            const peer = key.split('_').find((id) => id !== me) ?? me;
            return {
              conversationID: `C2C${peer}`,
              type: timConstants.c2c,
              unreadCount: list.filter((message) => message.to === me && !message.readBy.has(me)).length,
              userProfile: { userID: peer },
            };
          });
        return { data: { conversationList } };
      },
      setMessageRead: async ({ conversationID }) => {
        const peer = conversationID.slice(3);
        const read = (this.#messages.get(this.#key(me, peer)) ?? []).filter((message) => message.to === me && !message.readBy.has(me));
        for (const message of read) message.readBy.add(me);
        if (read.length > 0) this.#push(peer, timConstants.messageReadByPeer, read.map((message) => seenBy(message, peer)));
      },
      findMessage: (messageID) => [...this.#messages.values()].flat().find((message) => message.ID === messageID) ?? null,
      revokeMessage: async (found) => {
        const message = found as TimMessage;
        const list = this.#messages.get(this.#key(message.from, message.to)) ?? [];
        list.splice(list.indexOf(message as TimMessage & { readBy: Set<string> }), 1);
        for (const side of [message.from, message.to]) this.#push(side, timConstants.messageRevoked, [seenBy(message, side)]);
      },
      on: (event, handler) => {
        handlers.set(event, handler);
      },
    };
  }
}
