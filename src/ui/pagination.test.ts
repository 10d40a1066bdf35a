import { describe, expect, it } from 'vitest';
import { pageCountOf } from './pagination.tsx';

describe('pageCountOf', () => {
  it('counts a last, partly filled page', () => {
    expect(pageCountOf(25, 10)).toBe(3);
    expect(pageCountOf(20, 10)).toBe(2);
  });

  it('gives one page for an empty list or a page size the server did not give', () => {
    expect(pageCountOf(0, 10)).toBe(1);
    expect(pageCountOf(5, 0)).toBe(1);
  });
});
