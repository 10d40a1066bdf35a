import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The other side of the fixture for src/rules (./fixtures/rule-imports-the-app.ts): both sides import the rules, and
// a rule may use another.
const root = fileURLToPath(new URL('../..', import.meta.url));
const eslint = new ESLint({ cwd: root });

async function restrictedPaths(code: string, lintAs: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: resolve(root, lintAs) });
  return (result?.messages ?? []).filter((message) => message.ruleId === 'import-x/no-restricted-paths').map((message) => message.message);
}

describe('the shared rules src/rules', () => {
  it.each([
    ['a feature imports one', 'src/features/wallet/checks-a-card.ts', "import { cardNumberValid } from '../../rules/card-number.ts';\nexport const check = cardNumberValid;\n"],
    ['the shared client layer imports one', 'src/realtime/counts-a-line.ts', "import { roomChatMaxLength } from '../rules/chat-lengths.ts';\nexport const max = roomChatMaxLength;\n"],
    ['the server imports one', 'server/areas/wallet/checks-a-card.ts', "import { cardNumberValid } from '../../../src/rules/card-number.ts';\nexport const check = cardNumberValid;\n"],
    ['a rule uses another', 'src/rules/a-rule.ts', "import { uploadLimits } from './upload-limits.ts';\nexport const limits = uploadLimits;\n"],
  ])('passes the import rule where %s', async (_name, lintAs, code) => {
    expect(await restrictedPaths(code, lintAs)).toEqual([]);
  }, 30_000);

  it('fails it where a rule imports the app', async () => {
    const code = "import { useStoredUser } from '../realtime/stored-user.ts';\nexport const user = useStoredUser;\n";
    expect(await restrictedPaths(code, 'src/rules/reads-the-user.ts')).not.toEqual([]);
  }, 30_000);
});
