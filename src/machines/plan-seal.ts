/**
 * What a plan's seal is the SHA-256 of: the published pick with its match, market, line, odds and
 * time (whole seconds), and a secret nonce, one text with fixed decimals so the server, the seed and
 * a reader's browser all hash the same bytes. The nonce is shown once the plan is settled; without
 * it the few possible picks could be tried against the seal before kick-off.
 */
export interface SealedFields {
  expert_id: number;
  match_id: number;
  market: 'asia' | 'over_under' | 'europe';
  pick: 'home' | 'draw' | 'away' | 'over' | 'under';
  line: number | null;
  odds: number;
  /** Seconds since the epoch. */
  published_at: number;
  nonce: string;
}

export function planSealText(fields: SealedFields): string {
  return [
    String(fields.expert_id),
    String(fields.match_id),
    fields.market,
    fields.pick,
    fields.line === null ? '-' : fields.line.toFixed(2),
    fields.odds.toFixed(2),
    String(Math.floor(fields.published_at)),
    fields.nonce,
  ].join('|');
}
