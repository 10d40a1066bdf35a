import { describe, expect, it } from 'vitest';
import { jsonNestsDeeperThan } from './json-depth.ts';

describe('jsonNestsDeeperThan', () => {
  it('counts arrays and objects alike', () => {
    expect(jsonNestsDeeperThan('{"a":[{"b":[1]}]}', 4)).toBe(false);
    expect(jsonNestsDeeperThan('{"a":[{"b":[1]}]}', 3)).toBe(true);
  });

  it('ignores brackets inside strings, escaped quotes included', () => {
    expect(jsonNestsDeeperThan('{"a":"[[[[{{{{\\"[[[["}', 1)).toBe(false);
  });

  it('stops at the first level past the limit of a huge body', () => {
    expect(jsonNestsDeeperThan('['.repeat(1_000_000), 32)).toBe(true);
  });
});
