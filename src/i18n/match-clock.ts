import type { MessageId } from './messages.ts';

type Translate = (id: MessageId, values?: Record<string, string | number>) => string;

const words: Readonly<Record<string, MessageId>> = {
  HT: 'matchClock.halfTime',
  FT: 'matchClock.fullTime',
  Break: 'matchClock.break',
  PEN: 'matchClock.penalties',
};

const patterns: readonly [RegExp, MessageId, readonly string[]][] = [
  [/^Q([1-4]) (.+)$/, 'matchClock.quarter', ['quarter', 'clock']],
  [/^OT (.+)$/, 'matchClock.overtime', ['clock']],
  [/^ET (.+)$/, 'matchClock.extraTime', ['clock']],
  [/^Map (\d+)$/, 'matchClock.map', ['map']],
  [/^G(\d+)$/, 'matchClock.game', ['game']],
];

/**
 * The match clock of SPEC §3 (`match_str`: 67', 45+2', HT, Q3 05:00, OT 02:00, Map 2, FT, Break) in
 * the page's language: the feed writes its words in English, which read as English on the zh site.
 * Minutes alone (67', 45+2') are the same in every language.
 */
export function matchClockText(matchStr: string, t: Translate): string {
  const word = words[matchStr];
  if (word) return t(word);
  for (const [pattern, id, names] of patterns) {
    const match = pattern.exec(matchStr);
    if (match) return t(id, Object.fromEntries(names.map((name, index) => [name, match[index + 1] ?? ''])));
  }
  if (matchStr === 'OT') return t('matchClock.overtime', { clock: '' }).trim();
  return matchStr;
}
