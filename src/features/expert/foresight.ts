import type { components } from '../../api/schema';

type OneXTwo = components['schemas']['OneXTwoPrices'];

export interface Chances {
  /** Percentages that add up to 100; draw is null where the sport has none. */
  home: number;
  draw: number | null;
  away: number;
  /** The most likely outcome. */
  pick: 'home' | 'draw' | 'away';
}

/**
 * The market's chances from 1X2 decimal prices: each price's implied probability (1 / price), scaled
 * so the bookmaker's margin is taken out and they add up to 100. Rounded to whole percent, with the
 * rounding left on the largest so the total stays 100.
 */
export function chancesOf(prices: OneXTwo | null | undefined): Chances | null {
  if (!prices) return null;
  const raw = { home: 1 / prices.home, draw: prices.draw === null ? null : 1 / prices.draw, away: 1 / prices.away };
  const total = raw.home + (raw.draw ?? 0) + raw.away;
  const home = Math.round((raw.home / total) * 100);
  const draw = raw.draw === null ? null : Math.round((raw.draw / total) * 100);
  const away = Math.round((raw.away / total) * 100);
  const sides = [
    ['home', home],
    ['draw', draw ?? -1],
    ['away', away],
  ] as const;
  const pick = [...sides].sort((a, b) => b[1] - a[1])[0]![0];
  const drift = 100 - (home + (draw ?? 0) + away);
  return {
    home: pick === 'home' ? home + drift : home,
    draw: draw === null ? null : pick === 'draw' ? draw + drift : draw,
    away: pick === 'away' ? away + drift : away,
    pick,
  };
}
