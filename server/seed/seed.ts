import { randomBytes } from 'node:crypto';
import { hashPassword } from '../password-hash.ts';
import { Random } from '../random.ts';
import type { DatabaseHandle } from '../db/database.ts';
import { seedAccounts } from './accounts-seed.ts';
import { seedChat } from './chat-seed.ts';
import { seedCommunity } from './community-seed.ts';
import { seedContent } from './content-seed.ts';
import { seedSearchAliases } from './search-seed.ts';
import { seedExperts } from './expert-seed.ts';
import { seedLedger } from './ledger-seed.ts';
import { seedLive } from './live-seed.ts';
import { seedMoney } from './money-seed.ts';
import { seedScores } from './scores-seed.ts';
import { seedMatchVideo, seedVideoViews } from './video-seed.ts';

/** The demo logins (README.md): viewer, anchor, expert and admin. */
export const demoPasswords = ['pitchside1', 'pitchside2', 'pitchside3', 'pitchside4'] as const;

/** Whether the demo world is there already (the seed writes everything in one transaction). */
export async function isSeeded(handle: DatabaseHandle): Promise<boolean> {
  const row = await handle.db.selectFrom('site_config').select('key').where('key', '=', 'site_name').executeTakeFirst();
  return row !== undefined;
}

export interface SeedPasswordHashes {
  demo: readonly [string, string, string, string];
  other: string;
}

/**
 * Hashing is slow by design: the four demo passwords, and one unguessable password that every other
 * seeded account shares, so none of them can be logged into. It runs on the thread pool, so a start-up
 * begins it while the database opens on the main thread; one hash at a time, as a new start's copy of
 * the cluster waits on the same pool and the main thread needs a core of its own.
 */
export async function hashSeedPasswords(): Promise<SeedPasswordHashes> {
  const hashes: string[] = [];
  for (const password of [...demoPasswords, randomBytes(24).toString('base64url')]) hashes.push(await hashPassword(password));
  const [viewer, anchor, expert, admin, other] = hashes;
  return { demo: [viewer!, anchor!, expert!, admin!] as const, other: other! };
}

/**
 * Makes the demo world around `options.now`: the same seed and now always give the same world,
 * except secrets (password salts, stream keys), which come from the system's random source.
 */
export async function seedWorld(
  handle: DatabaseHandle,
  options: { now: Date; seed: number; passwordHashes?: Promise<SeedPasswordHashes> },
): Promise<void> {
  const hashes = await (options.passwordHashes ?? hashSeedPasswords());

  await handle.db.transaction().execute(async (db) => {
    const ctx = { db, now: options.now, random: new Random(options.seed) };
    const accounts = await seedAccounts(ctx, hashes);
    const catalogue = await seedMoney(ctx);
    const scores = await seedScores(ctx);
    const live = await seedLive(ctx, accounts, scores, catalogue);
    await seedLedger(ctx, accounts, catalogue, live);
    await seedExperts(ctx, accounts, scores);
    await seedContent(ctx, accounts, scores, live);
    await seedCommunity(ctx, accounts, scores);
    await seedVideoViews(ctx, accounts);
    await seedMatchVideo(ctx);
    await seedSearchAliases(ctx);
    await seedChat(ctx, accounts, live);
  });
}
