import { describe, expect, it } from 'vitest';
import { viewAfterSeconds, watchedEnough } from './vod-player.tsx';

describe('when watching makes a view', () => {
  it('takes ten seconds of a long video', () => {
    expect(watchedEnough(9.9, 120)).toBe(false);
    expect(watchedEnough(viewAfterSeconds, 120)).toBe(true);
  });

  it('takes most of a clip shorter than ten seconds, which could never play ten', () => {
    expect(watchedEnough(1.5, 2)).toBe(false);
    expect(watchedEnough(1.75, 2)).toBe(true);
    expect(watchedEnough(6.4, 8)).toBe(true);
  });

  it('falls back to ten seconds while the length is unknown', () => {
    expect(watchedEnough(5, 0)).toBe(false);
    expect(watchedEnough(9, Number.NaN)).toBe(false);
    expect(watchedEnough(10, Number.NaN)).toBe(true);
  });
});
