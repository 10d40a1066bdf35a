import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { contractPath, loadContract } from './contract.ts';

describe('the contract validators', () => {
  it('takes amounts in tenths as multiples of 0.1 in answers, though 6.6 / 0.1 is not 66 in floating point', () => {
    const validate = loadContract().validatorFor('LiveRankEntry');
    const entry = (amount: number) => ({ rank: 1, user: { id: 1, user_nickname: 'a', avatar: '/a.svg', exp_icon: '/b.svg', is_anchor: 0 }, amount });
    expect(validate(entry(6.6))).toBe(true);
    expect(validate(entry(0.3))).toBe(true);
    expect(validate(entry(6.65))).toBe(false);
  });
});

describe('the parsed contract', () => {
  it('is the same read from the YAML or from its parsed copy, and a changed text is parsed again', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pitchside-contract-'));
    try {
      const yaml = join(dir, 'openapi.yaml');
      const text = readFileSync(contractPath, 'utf8');
      writeFileSync(yaml, text);
      const first = loadContract(yaml);
      const again = loadContract(yaml);
      expect(again.document).toEqual(first.document);
      expect(again.operations.map((operation) => operation.operationId)).toEqual(first.operations.map((operation) => operation.operationId));
      writeFileSync(yaml, text.replace(/title: .*/, 'title: Changed title'));
      expect((loadContract(yaml).document.info as { title: string }).title).toBe('Changed title');
    } finally {
      rmSync(dir, { recursive: true, force: true });
      // The site's own contract is parsed and kept again.
      loadContract();
    }
  });
});
