import { describe, expect, it } from 'vitest';
import { chancesOf } from './foresight.ts';

describe('chancesOf', () => {
  it('takes the margin out of 1X2 prices and adds up to 100', () => {
    const chances = chancesOf({ home: 1.8, draw: 3.6, away: 4.5 })!;
    expect(chances.home + chances.draw! + chances.away).toBe(100);
    expect(chances.pick).toBe('home');
    expect(chances.home).toBeGreaterThan(chances.away);
  });

  it('has no draw where the sport has none', () => {
    const chances = chancesOf({ home: 2.6, draw: null, away: 1.5 })!;
    expect(chances.draw).toBeNull();
    expect(chances.home + chances.away).toBe(100);
    expect(chances.pick).toBe('away');
  });

  it('says nothing without prices', () => {
    expect(chancesOf(null)).toBeNull();
  });
});
