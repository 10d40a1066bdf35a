import { describe, expect, it } from 'vitest';
import { FeedRandom } from './feed/feed-random.ts';
import { fnv1a, Random } from './random.ts';

// The seeded world and the simulated feed are replayed from these streams, so the draws themselves
// are pinned: a change to any of them reshuffles every demo world and every simulated match.
const firstFive = (random: Random) => Array.from({ length: 5 }, () => random.next());

describe('Random', () => {
  it('draws the same mulberry32 stream for a seed', () => {
    expect(firstFive(new Random(20260101))).toEqual([
      0.2559139896184206, 0.5929048631805927, 0.8053383126389235, 0.9675766411237419, 0.7292939077597111,
    ]);
  });

  it('forks by label into the same streams', () => {
    expect(firstFive(new Random(20260101).fork('scores').fork('odds:3'))).toEqual([
      0.03142099524848163, 0.6673515075817704, 0.44778382149524987, 0.13751894584856927, 0.5406857014168054,
    ]);
    expect(new Random(20260101).fork('accounts').token(8)).toBe('78DL4VRW');
  });

  it('hashes names with FNV-1a', () => {
    expect(fnv1a('epl:Arsenal')).toBe(3903017512);
  });

  it('caps a Poisson count at 12 unless told otherwise', () => {
    const random = new Random(7);
    expect(Array.from({ length: 8 }, () => random.poisson(25))).toEqual([12, 12, 12, 12, 12, 12, 12, 12]);
  });
});

describe('FeedRandom', () => {
  it('draws the same stream for a key', () => {
    expect(firstFive(new FeedRandom(42, 1001, 'odds', 3, 'opening'))).toEqual([
      0.0761291109956801, 0.6302250593435019, 0.7812547548674047, 0.1665503499098122, 0.9746514752041548,
    ]);
    expect(new FeedRandom(42, 1001, 'kick-off').int(0, 45)).toBe(6);
  });

  it('caps a Poisson count at 30, not at the seed’s 12', () => {
    const random = new FeedRandom('poisson');
    expect(Array.from({ length: 8 }, () => random.poisson(25))).toEqual([25, 24, 18, 23, 30, 29, 25, 24]);
  });
});
