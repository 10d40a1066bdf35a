// SPEC §3: contacts are grouped by the first letter of the nickname, A to Z plus other; a Chinese nickname by
// its pinyin. ICU's pinyin collation orders characters by their reading, so the first character of each
// initial's range (the boundaries below, the usual table for this) tells which initial a character has.

type Letter = 'A' | 'B' | 'C' | 'D' | 'E' | 'F' | 'G' | 'H' | 'I' | 'J' | 'K' | 'L' | 'M' | 'N' | 'O' | 'P' | 'Q' | 'R' | 'S' | 'T' | 'U' | 'V' | 'W' | 'X' | 'Y' | 'Z' | '#';

/** The first character read with each initial (no syllable starts with i, u or v). */
const boundaries: readonly [string, Letter][] = [
  ['阿', 'A'], ['芭', 'B'], ['擦', 'C'], ['搭', 'D'], ['蛾', 'E'], ['发', 'F'], ['噶', 'G'], ['哈', 'H'],
  ['击', 'J'], ['喀', 'K'], ['垃', 'L'], ['妈', 'M'], ['拿', 'N'], ['哦', 'O'], ['啪', 'P'], ['期', 'Q'],
  ['然', 'R'], ['撒', 'S'], ['塌', 'T'], ['挖', 'W'], ['昔', 'X'], ['压', 'Y'], ['匝', 'Z'],
];

const pinyin = new Intl.Collator('zh-Hans-CN-u-co-pinyin');
const han = /\p{Script=Han}/u;

/** The contact-list letter of a nickname: its first Latin letter, or its first Chinese character's pinyin initial, else '#'. */
export function firstLetter(nickname: string): Letter {
  const first = nickname.trim().charAt(0);
  const latin = first.normalize('NFD').charAt(0).toUpperCase();
  if (/^[A-Z]$/.test(latin)) return latin as Letter;
  if (!han.test(first)) return '#';
  let letter: Letter = '#';
  for (const [boundary, initial] of boundaries) {
    if (pinyin.compare(first, boundary) >= 0) letter = initial;
    else break;
  }
  return letter;
}
