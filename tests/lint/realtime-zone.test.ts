import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The other side of the fixtures for src/realtime (./fixtures/realtime-*.ts): what the layer is for must pass.
const root = fileURLToPath(new URL('../..', import.meta.url));
const eslint = new ESLint({ cwd: root });

async function restrictedPaths(code: string, lintAs: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: resolve(root, lintAs) });
  return (result?.messages ?? []).filter((message) => message.ruleId === 'import-x/no-restricted-paths').map((message) => message.message);
}

describe('the shared client layer src/realtime', () => {
  it.each([
    ['a feature imports it', 'src/features/live/uses-the-socket.ts', "import { useSiteSocket } from '../../realtime/site-socket.tsx';\nexport const socket = useSiteSocket;\n"],
    ['the shell imports it', 'src/app/uses-the-socket.ts', "import { useSiteSocket } from '../realtime/site-socket.tsx';\nexport const socket = useSiteSocket;\n"],
    ['it imports api', 'src/realtime/uses-the-client.ts', "import { createApi } from '../api/client.ts';\nexport const client = createApi;\n"],
    ['it imports machines', 'src/realtime/uses-a-machine.ts', "import { siteSocketMachine } from '../machines/site-socket-machine.ts';\nexport const machine = siteSocketMachine;\n"],
    ['a machine imports contract types', 'src/machines/typed-from-the-contract.ts', "import type { components } from '../api/schema.d.ts';\nexport type Session = components['schemas']['LoginSession'];\n"],
  ])('passes the import rule where %s', async (_name, lintAs, code) => {
    expect(await restrictedPaths(code, lintAs)).toEqual([]);
  }, 30_000);
});
