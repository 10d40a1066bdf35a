import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { WebSocket } from 'ws';
import { openTemplateCopy } from '../../tests/api/database-template.ts';
import { buildApp } from '../app.ts';
import { signMessagingUser } from '../areas/chat/messaging-account-service.ts';
import type { DatabaseHandle } from '../db/database.ts';
import { imMessages } from './messaging-socket.ts';

// Every answer on /im is checked against the contract's ImServerMessage.
describe('the messaging socket /im', () => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let url: string;
  beforeAll(async () => {
    database = await openTemplateCopy(inject('databaseTemplate'));
    app = await buildApp({ database, distDir: '/nonexistent' });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    url = `ws://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/im`;
  }, 60_000); // copying the seeded world can take a while on a busy machine
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  async function exchange(frames: (object | string)[]): Promise<unknown[]> {
    const validate = app.serverContext.contract.validatorFor('ImServerMessage');
    const ws = new WebSocket(url);
    const answers: unknown[] = [];
    try {
      await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
      for (const frame of frames) {
        const answer = new Promise<unknown>((resolve) => ws.once('message', (data) => resolve(JSON.parse(String(data)))));
        ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
        const received = await answer;
        expect(validate(received), JSON.stringify(validate.errors)).toBe(true);
        answers.push(received);
      }
    } finally {
      ws.terminate();
    }
    return answers;
  }

  it('answers frames outside ImClientMessage with an error of id 0 and keeps the connection', async () => {
    const answers = await exchange([
      'not json',
      { id: 1, type: 'shout' },
      { id: 2, type: 'login', userID: 'u'.repeat(65), userSig: 'x' },
      { id: 3, type: 'profile', nick: 'a' },
      { id: 4, type: 'logout' },
    ]);
    const malformed = { type: 'error', id: 0, msg: imMessages.malformed };
    expect(answers).toEqual([malformed, malformed, malformed, malformed, { type: 'ok', id: 4 }]);
  });

  it('logs in with a signed userID, then takes the profile; refuses a bad signature and a profile before login', async () => {
    const sig = await signMessagingUser(app.serverContext, 'guest_test');
    const answers = await exchange([
      { id: 1, type: 'profile', nick: 'Ann', avatar: '' },
      { id: 2, type: 'login', userID: 'guest_test', userSig: 'nope' },
      { id: 3, type: 'login', userID: 'guest_test', userSig: sig },
      { id: 4, type: 'profile', nick: 'Ann', avatar: '' },
    ]);
    expect(answers).toEqual([
      { type: 'error', id: 1, msg: imMessages.notLoggedIn },
      { type: 'error', id: 2, msg: imMessages.badSignature },
      { type: 'ok', id: 3 },
      { type: 'ok', id: 4 },
    ]);
  });
});
