import type { components } from '../../api/schema';
import { localName } from '../../i18n/locale.ts';

export type Match = components['schemas']['Match'];
export type MatchOdds = components['schemas']['MatchOdds'];
export type Team = components['schemas']['Team'];
export type League = components['schemas']['League'];

/** Chinese names in zh; English names in en and vi (the contract's name_en). */
export function teamName(team: Team, locale: string): string {
  return localName({ zh: team.short_name_zh || team.name, en: team.name_en }, locale);
}

/** The data's short name, for where the full one does not fit: zh's is short already; en and vi take short_name_en. */
export function teamShortName(team: Team, locale: string): string {
  return localName({ zh: team.short_name_zh || team.name, en: team.short_name_en || team.name_en }, locale);
}

export function leagueName(league: League, locale: string): string {
  return localName({ zh: league.short_name_zh || league.name, en: league.name_en }, locale);
}

/** Prices with two decimals and lines as bookmakers write them (-0.25 → -0/0.5 is left to the reader: -0.25). */
export function price(value: number | null | undefined): string {
  return value === null || value === undefined ? '–' : value.toFixed(2);
}

export function line(value: number | null | undefined): string {
  if (value === null || value === undefined) return '–';
  const text = String(Math.abs(value));
  return value > 0 ? `+${text}` : value < 0 ? `-${text}` : '0';
}

/** hh:mm of a Unix timestamp (seconds) in the viewer's time zone. */
export function clockTime(timestamp: number): string {
  const date = new Date(timestamp * 1000);
  return `${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`;
}
