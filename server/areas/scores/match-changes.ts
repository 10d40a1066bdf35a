import type { MatchData } from '../../contract/socket-contract.ts';
import type { MatchView } from './match-shapes.ts';

// A feed pass pushes each match it played as the fields that changed since the match's previous push (MatchChange
// in openapi.yaml): a minute ticking over is its clock, not the whole match with its league, teams and odds again,
// which made every score socket read kilobytes a pass for a few changed numbers. Once a minute a match that still
// plays is pushed whole again: a page whose list was read over HTTP while a change was on its way would otherwise
// keep the older value until that field changed again, perhaps for the rest of the match.

/** How often (ms of feed time) a playing match's every changing field is pushed again, changed or not. */
export const wholeMatchEveryMs = 60_000;

/** The fields of Match a push carries when they change; league, teams, round and start do not while a match plays. */
const changeFields = [
  'home_score',
  'away_score',
  'home_half_score',
  'away_half_score',
  'period_scores',
  'status',
  'phase',
  'minute',
  'match_str',
  'home_red_cards',
  'away_red_cards',
  'home_yellow_cards',
  'away_yellow_cards',
  'home_corners',
  'away_corners',
  'anchor_count',
] as const satisfies ReadonlyArray<keyof MatchData & keyof MatchView>;

type Pushed = Pick<MatchView, (typeof changeFields)[number]>;

const samePeriods = (a: MatchView['period_scores'], b: MatchView['period_scores']) =>
  a.length === b.length &&
  a.every((period, i) => period.phase === b[i]!.phase && period.home_score === b[i]!.home_score && period.away_score === b[i]!.away_score);

/** What each match's pushes have said so far, on the publishing process. */
export class MatchChanges {
  readonly #pushed = new Map<number, { fields: Pushed; wholeAt: number }>();

  /**
   * The push of `view` at feed time `at`: its id, sport and the fields that differ from its previous push (every
   * field when it has none, or when its last whole push is a minute old), or null when no field changed. Remembers
   * the view as pushed.
   */
  changeOf(view: MatchView, at: number): MatchData | null {
    const last = this.#pushed.get(view.id);
    const whole = !last || at - last.wholeAt >= wholeMatchEveryMs;
    const before = whole ? undefined : last.fields;
    const change: MatchData = { id: view.id, sport: view.sport };
    let changed = false;
    for (const field of changeFields) {
      const now = view[field];
      if (before) {
        const was = before[field];
        if (field === 'period_scores' ? samePeriods(was as Pushed['period_scores'], now as Pushed['period_scores']) : was === now) continue;
      }
      Object.assign(change, { [field]: now });
      changed = true;
    }
    const fields = Object.fromEntries(changeFields.map((field) => [field, view[field]])) as Pushed;
    this.#pushed.set(view.id, { fields, wholeAt: whole ? at : last.wholeAt });
    return changed ? change : null;
  }

  /** A match that is over is pushed no more. */
  forget(matchId: number): void {
    this.#pushed.delete(matchId);
  }
}
