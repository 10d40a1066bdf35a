import { Random } from '../random.ts';

/**
 * The server's `Random`, keyed by what the stream decides (the seed, a match, the minute being played),
 * so a match plays the same whether the clock moves a second or a day at a time, and a feed restarted
 * halfway through a match goes on exactly as it would have.
 */
export class FeedRandom extends Random {
  constructor(...key: Array<string | number>) {
    super(hashKey(key.join('|')));
  }

  /** The feed's counts (an esports map's kills) run higher than the seed's, hence the higher cap. */
  override poisson(lambda: number, max = 30): number {
    return super.poisson(lambda, max);
  }
}

/** FNV-1a, then a murmur finaliser so near keys give far seeds. */
function hashKey(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}
