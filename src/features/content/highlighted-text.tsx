import styles from './search-page.module.css';

/** Folds ASCII capitals only, as the server's search does (migration 220), so a highlight marks what was matched. */
const fold = (text: string) => text.replace(/[A-Z]/g, (letter) => letter.toLowerCase());

/** `text` with every occurrence of `query` marked; the whole text plain when it holds none (found by an alias). */
export function HighlightedText({ text, query }: { text: string; query: string }) {
  const wanted = fold(query.trim());
  if (wanted === '') return <>{text}</>;
  const folded = fold(text);
  const parts: { text: string; hit: boolean }[] = [];
  let from = 0;
  for (let at = folded.indexOf(wanted); at !== -1; at = folded.indexOf(wanted, from)) {
    if (at > from) parts.push({ text: text.slice(from, at), hit: false });
    parts.push({ text: text.slice(at, at + wanted.length), hit: true });
    from = at + wanted.length;
  }
  if (from < text.length) parts.push({ text: text.slice(from), hit: false });
  return (
    <>
      {parts.map((part, index) =>
        part.hit ? (
          <mark key={index} className={styles.hit}>
            {part.text}
          </mark>
        ) : (
          part.text
        ),
      )}
    </>
  );
}
