import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The other side of the fixtures for the server's floors (./fixtures/server-*.ts): what each floor is for must pass.
const root = fileURLToPath(new URL('../..', import.meta.url));
const eslint = new ESLint({ cwd: root });

async function restrictedPaths(code: string, lintAs: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: resolve(root, lintAs) });
  return (result?.messages ?? []).filter((message) => message.ruleId === 'import-x/no-restricted-paths').map((message) => message.message);
}

describe("the server's floors", () => {
  it.each([
    ['main.ts starts the app', 'server/main.ts', "import { buildApp } from './app.ts';\nexport const build = buildApp;\n"],
    ['the composition takes an area', 'server/create-server-context.ts', "import { scoresFeedSink } from './areas/scores/feed-sink.ts';\nexport const sink = scoresFeedSink;\n"],
    ['an area reaches another through its public file', 'server/areas/gifts/asks-the-wallet.ts', "import { book } from '../wallet/wallet-public.ts';\nexport const move = book;\n"],
    ['an area uses the transport', 'server/areas/gifts/tells-the-room.ts', "import { publishGroupMessage } from '../../realtime/messaging-hub.ts';\nexport const tell = publishGroupMessage;\n"],
    ['the seed plays the feed', 'server/seed/plays-matches.ts', "import { FeedWorld } from '../feed/feed-world.ts';\nexport const world = FeedWorld;\n"],
    ['realtime takes a port', 'server/realtime/on-the-bus.ts', "import type { Bus } from '../ports/bus.ts';\nexport type Channel = Bus;\n"],
    ['a port takes the contract', 'server/ports/typed-by-the-contract.ts', "import type { DataOf } from '../contract/operation-types.ts';\nexport type Hot = DataOf<'universalGetHot'>;\n"],
    ['the contract takes a helper', 'server/contract/says-why.ts', "import { DomainError } from '../errors.ts';\nexport const refusal = DomainError;\n"],
    ['the database layer takes a helper', 'server/db/draws.ts', "import { Random } from '../random.ts';\nexport const draw = Random;\n"],
  ])('passes the import rule where %s', async (_name, lintAs, code) => {
    expect(await restrictedPaths(code, lintAs)).toEqual([]);
  }, 30_000);

  // One zone per helper and per area; the fixtures show one of each kind, these show every one fires.
  it.each(['errors.ts', 'random.ts', 'memory-cache.ts', 'install-cache.ts', 'password-hash.ts', 'upload-content-type.ts', 'i18n/server-messages.ts'])(
    'refuses the database to the helper %s',
    async (helper) => {
      const up = helper.includes('/') ? '../' : './';
      const code = `import { openDatabase } from '${up}db/database.ts';\nexport const open = openDatabase;\n`;
      expect(await restrictedPaths(code, `server/${helper}`)).not.toEqual([]);
    },
    30_000,
  );

  it.each(['account', 'admin', 'anchor', 'chat', 'content', 'gifts', 'live', 'scores', 'social', 'tasks', 'video', 'wallet'])(
    'refuses %s a file of another area that is not its public file',
    async (area) => {
      const [other, file] = area === 'wallet' ? ['tasks', 'task-service.ts'] : ['wallet', 'ledger.ts'];
      const inside = `import * as other from '../${other}/${file}';\nexport const reached = other;\n`;
      const through = `import * as other from '../${other}/${other}-public.ts';\nexport const reached = other;\n`;
      expect(await restrictedPaths(inside, `server/areas/${area}/reaches-across.ts`)).not.toEqual([]);
      expect(await restrictedPaths(through, `server/areas/${area}/reaches-across.ts`)).toEqual([]);
    },
    30_000,
  );
});
