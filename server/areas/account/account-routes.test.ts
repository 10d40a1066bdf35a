import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { openTemplateCopy } from '../../../tests/api/database-template.ts';
import { buildApp } from '../../app.ts';
import type { DatabaseHandle } from '../../db/database.ts';

describe('the development SMS inbox page', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openTemplateCopy(inject('databaseTemplate'));
  }, 60_000); // copying the seeded world can take a while on a busy machine
  afterAll(() => database.close());

  it('is served outside production and does not exist in production', async () => {
    for (const production of [false, true]) {
      const app = await buildApp({ database, distDir: '/nonexistent', production });
      try {
        const answer = await app.inject({ method: 'GET', url: '/dev/sms' });
        expect(answer.statusCode).toBe(production ? 404 : 200);
        if (!production) expect(answer.body).toContain('SMS inbox (development)');
      } finally {
        await app.close();
      }
    }
  });

  it('serves no QR image for a code that does not exist', async () => {
    const app = await buildApp({ database, distDir: '/nonexistent' });
    try {
      expect((await app.inject({ method: 'GET', url: `/api/qr/${'x'.repeat(24)}.svg` })).statusCode).toBe(404);
      expect((await app.inject({ method: 'GET', url: '/api/qr/..%2F..%2Fetc.svg' })).statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });
});
