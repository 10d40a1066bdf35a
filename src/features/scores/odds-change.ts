import type { components } from '../../api/schema';
import type { MatchOdds } from './match-display.ts';

export type OddsChange = components['schemas']['OddsChange'];

/** Whether a push carries the whole odds (its first on a match, or the one a minute), not only what moved. */
function isWholeOdds(change: OddsChange): change is OddsChange & MatchOdds {
  return (
    change.company_name !== undefined &&
    change.company_name_en !== undefined &&
    change.suspended !== undefined &&
    change.asian_handicap?.initial !== undefined &&
    change.over_under?.initial !== undefined &&
    change.one_x_two?.initial !== undefined
  );
}

/**
 * The odds after a push (OddsChange, openapi.yaml): what moved applied onto the same company's odds on the match, or
 * the pushed odds when they are whole; null when the page holds none to apply a part onto (the next whole push
 * brings them).
 */
export function applyOddsChange(held: MatchOdds | null | undefined, change: OddsChange): MatchOdds | null {
  if (isWholeOdds(change)) {
    const { match_id, company_id, company_name, company_name_en, asian_handicap, over_under, one_x_two, suspended, updated_at } = change;
    return { match_id, company_id, company_name, company_name_en, asian_handicap, over_under, one_x_two, suspended, updated_at };
  }
  if (!held || held.match_id !== change.match_id || held.company_id !== change.company_id) return null;
  return {
    ...held,
    asian_handicap: change.asian_handicap ? { ...held.asian_handicap, current: change.asian_handicap.current } : held.asian_handicap,
    over_under: change.over_under ? { ...held.over_under, current: change.over_under.current } : held.over_under,
    one_x_two: change.one_x_two ? { ...held.one_x_two, current: change.one_x_two.current } : held.one_x_two,
    suspended: change.suspended ?? held.suspended,
    updated_at: change.updated_at,
  };
}
