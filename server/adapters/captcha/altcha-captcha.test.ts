import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { solvedPayload } from '../../../tests/api/human-check.ts';
import { openTemplateCopy } from '../../../tests/api/database-template.ts';
import { buildApp } from '../../app.ts';
import type { DatabaseHandle } from '../../db/database.ts';
import type { ServerContext } from '../../ports/server-context.ts';
import { altchaWork, decodeAltchaPayload, humanCheckMessages, newAltchaChallenge, verifyAltcha } from './altcha-captcha.ts';

async function siteOver(database: DatabaseHandle): Promise<{ app: FastifyInstance; server: ServerContext }> {
  const app = await buildApp({ database, distDir: '/nonexistent' });
  return { app, server: app.serverContext };
}

describe('the ALTCHA human check', () => {
  let databases: DatabaseHandle[];
  let sites: Array<{ app: FastifyInstance; server: ServerContext }>;

  beforeAll(async () => {
    databases = [await openTemplateCopy(inject('databaseTemplate')), await openTemplateCopy(inject('databaseTemplate'))];
    sites = await Promise.all(databases.map(siteOver));
  }, 60_000); // copying the seeded world can take a while on a busy machine
  afterAll(async () => {
    for (const site of sites) await site.app.close();
    for (const database of databases) await database.close();
  });

  const server = () => sites[0]!.server;

  it('accepts a solved challenge once', async () => {
    const payload = await solvedPayload(await newAltchaChallenge(server()));
    await expect(verifyAltcha(server(), payload)).resolves.toEqual({ strength: 'usual' });
    await expect(verifyAltcha(server(), payload)).rejects.toThrow(humanCheckMessages.replayed);
  });

  it('says a strong challenge was solved with ten times the work, which its signature keeps honest', async () => {
    const strong = await newAltchaChallenge(server(), 'strong');
    expect(strong.parameters.cost).toBe(10 * altchaWork.cost);
    await expect(verifyAltcha(server(), await solvedPayload(strong))).resolves.toEqual({ strength: 'strong' });
    // A usual solution whose challenge claims the strong cost does not pass.
    const usual = decodeAltchaPayload(await solvedPayload(await newAltchaChallenge(server())))!;
    const claimed = { ...usual, challenge: { ...usual.challenge, parameters: { ...usual.challenge.parameters, cost: altchaWork.strongCost } } };
    await expect(verifyAltcha(server(), Buffer.from(JSON.stringify(claimed)).toString('base64'))).rejects.toThrow(humanCheckMessages.failed);
  }, 60_000);

  it('accepts one of the same solution offered many times at once', async () => {
    const payload = await solvedPayload(await newAltchaChallenge(server()));
    const results = await Promise.allSettled(Array.from({ length: 5 }, () => verifyAltcha(server(), payload)));
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
  });

  it('signs with a secret of its own database: another site refuses its challenges', async () => {
    const payload = await solvedPayload(await newAltchaChallenge(sites[1]!.server));
    await expect(verifyAltcha(server(), payload)).rejects.toThrow(humanCheckMessages.failed);
    await expect(verifyAltcha(sites[1]!.server, payload)).resolves.toEqual({ strength: 'usual' });
  });

  it('refuses a challenge whose expiry was pushed back', async () => {
    const payload = await solvedPayload(await newAltchaChallenge(server()));
    const decoded = decodeAltchaPayload(payload)!;
    decoded.challenge.parameters.expiresAt = (decoded.challenge.parameters.expiresAt ?? 0) + 3600;
    const forged = Buffer.from(JSON.stringify(decoded)).toString('base64');
    await expect(verifyAltcha(server(), forged)).rejects.toThrow(humanCheckMessages.failed);
  });

  it('refuses what is not a payload', async () => {
    for (const junk of ['', 'x', Buffer.from('[]').toString('base64'), Buffer.from('{"challenge":{}}').toString('base64')]) {
      await expect(verifyAltcha(server(), junk)).rejects.toThrow(humanCheckMessages.failed);
    }
  });
});
