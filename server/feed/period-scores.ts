import type { GameWinner, Match, QuarterScore } from '../db/tables/scores-tables.ts';

// matches.period_scores holds one kind of entry for each sport; these read it as that kind, so no
// caller casts the stored JSON.

/** Basketball: each quarter's points (overtime after the fourth), the one being played last. */
export function quarterScores(match: Pick<Match, 'period_scores'>): QuarterScore[] {
  return match.period_scores.filter((entry): entry is QuarterScore => Array.isArray(entry));
}

/** E-sports: the winner of each finished game. */
export function gameWinners(match: Pick<Match, 'period_scores'>): GameWinner[] {
  return match.period_scores.filter((entry): entry is GameWinner => typeof entry === 'string');
}
