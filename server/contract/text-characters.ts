/**
 * Characters no text of the site may hold: U+0000, which PostgreSQL's text type cannot store, and a
 * UTF-16 surrogate without its pair, which UTF-8 cannot encode (it would be stored as U+FFFD, another
 * text than the one sent). The contract says so (openapi.yaml, info); every request and frame is checked.
 */
const forbiddenCharacter = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether a text holds a character no text may hold. */
export function holdsForbiddenCharacter(text: string): boolean {
  return forbiddenCharacter.test(text);
}

/**
 * The dotted path of the first string (a value or a key) of an input that holds a forbidden character,
 * '' for the input itself, or null when there is none. JSON bodies are at most 32 levels deep (json-depth.ts).
 */
export function fieldWithForbiddenCharacter(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return holdsForbiddenCharacter(value) ? path : null;
  if (value === null || typeof value !== 'object') return null;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = fieldWithForbiddenCharacter(item, path ? `${path}.${index}` : String(index));
      if (found !== null) return found;
    }
    return null;
  }
  for (const [key, item] of Object.entries(value)) {
    const field = path ? `${path}.${key}` : key;
    if (holdsForbiddenCharacter(key)) return path;
    const found = fieldWithForbiddenCharacter(item, field);
    if (found !== null) return found;
  }
  return null;
}

export const textCharacterMessages = {
  field: 'Input error: {field} holds a character that text may not hold',
  input: 'Input error: the input holds a character that text may not hold',
} as const;
