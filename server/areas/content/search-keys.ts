/**
 * A query as the search indexes read it (migration 220): ASCII letters folded to lower case, as
 * search_fold() folds the indexed text, and blanks at either end dropped.
 */
export function foldQuery(query: string): string {
  return query.trim().replace(/[A-Z]/g, (letter) => letter.toLowerCase());
}

/**
 * The index keys a query asks for: the pairs of neighbouring characters of each word, or a word's one
 * character when it has only one. Every row whose text contains the query holds all of them, so the GIN
 * index over search_grams() finds a small superset, which strpos then checks.
 */
export function searchKeys(folded: string): string[] {
  const keys = new Set<string>();
  for (const word of folded.split(/\s+/)) {
    const characters = [...word];
    if (characters.length === 1) keys.add(characters[0]!);
    for (let index = 0; index + 1 < characters.length; index++) keys.add(characters[index]! + characters[index + 1]!);
  }
  return [...keys];
}
