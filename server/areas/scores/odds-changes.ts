import type { MatchOddsData } from '../../contract/socket-contract.ts';
import type { MatchOddsView } from './match-shapes.ts';

// An exponent push carries what moved of one company's odds on a match (OddsChange in openapi.yaml): the markets
// whose current prices changed and the time they did, not the opening prices and the company's names again, which
// were most of every odds push a score socket read. A part carries each moved market's current prices whole, and
// always `suspended`, so a page that missed a move is put right at the market's next one. A company's odds on a match
// are pushed whole the first time and again at their first push after `wholeOddsEveryMs`, for a page that holds none.

/**
 * How often (ms of feed time) a company's odds on a match are pushed whole again. Live odds move about once a game
 * minute, so a whole push a minute, as matches get, would be every push; at ten minutes nine pushes in ten are parts,
 * and a page that holds none of a company's odds waits at most that long for them.
 */
export const wholeOddsEveryMs = 10 * 60_000;

type Market = 'asian_handicap' | 'over_under' | 'one_x_two';

/** What a market's last push said: its current prices, compared as JSON. */
type Pushed = Record<Market, string> & { suspended: boolean };

function pushedOf(view: MatchOddsView): Pushed {
  return {
    asian_handicap: JSON.stringify(view.asian_handicap.current),
    over_under: JSON.stringify(view.over_under.current),
    one_x_two: JSON.stringify(view.one_x_two.current),
    suspended: view.suspended,
  };
}

/** What each company's odds pushes on each match have said so far, on the publishing process. */
export class OddsChanges {
  readonly #pushed = new Map<string, { said: Pushed; wholeAt: number }>();
  readonly #keysByMatch = new Map<number, Set<string>>();

  /**
   * The push of `view` at feed time `at`: the whole odds when the company's odds on the match have not been pushed
   * (or not whole for `wholeOddsEveryMs`), else the markets whose current prices changed, with the ids, the time of
   * the change and `suspended`; null when nothing a page shows moved. Remembers the view as pushed.
   */
  changeOf(view: MatchOddsView, at: number): MatchOddsData | null {
    const key = `${String(view.match_id)}:${String(view.company_id)}`;
    const last = this.#pushed.get(key);
    const said = pushedOf(view);
    if (!last || at - last.wholeAt >= wholeOddsEveryMs) {
      this.#pushed.set(key, { said, wholeAt: at });
      let keys = this.#keysByMatch.get(view.match_id);
      if (!keys) this.#keysByMatch.set(view.match_id, (keys = new Set()));
      keys.add(key);
      return view;
    }
    this.#pushed.set(key, { said, wholeAt: last.wholeAt });
    const change: MatchOddsData = { match_id: view.match_id, company_id: view.company_id, updated_at: view.updated_at, suspended: view.suspended };
    const moved = (field: Market | 'suspended') => said[field] !== last.said[field];
    if (moved('asian_handicap')) change.asian_handicap = { current: view.asian_handicap.current };
    if (moved('over_under')) change.over_under = { current: view.over_under.current };
    if (moved('one_x_two')) change.one_x_two = { current: view.one_x_two.current };
    return moved('asian_handicap') || moved('over_under') || moved('one_x_two') || moved('suspended') ? change : null;
  }

  /** A match that is over is pushed no more. */
  forget(matchId: number): void {
    for (const key of this.#keysByMatch.get(matchId) ?? []) this.#pushed.delete(key);
    this.#keysByMatch.delete(matchId);
  }
}
