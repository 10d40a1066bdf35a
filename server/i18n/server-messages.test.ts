import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { catalogues, languageOf, languages, translate } from './server-messages.ts';

const serverDir = fileURLToPath(new URL('..', import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

const sources = sourceFiles(serverDir).map((path) => ({ path, text: readFileSync(path, 'utf8') }));

function texts(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (value && typeof value === 'object') return Object.values(value).flatMap(texts);
  return [];
}

/** Every text of every exported `…Messages` object (and `notYetMessage`) of the server. */
async function saidTexts(): Promise<Map<string, string>> {
  const said = new Map<string, string>();
  for (const { path, text } of sources) {
    if (!/export const \w*(Messages|Message)\b/.test(text)) continue;
    const module = (await import(path)) as Record<string, unknown>;
    for (const [name, value] of Object.entries(module)) {
      if (!/(Messages|Message)$/.test(name)) continue;
      for (const message of texts(value)) said.set(message, `${relative(serverDir, path)} ${name}`);
    }
  }
  return said;
}

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

describe("the server's messages, in zh, en and vi", () => {
  it('has one catalogue per language with the same ids', () => {
    const ids = Object.keys(catalogues.zh).sort();
    for (const language of languages) expect(Object.keys(catalogues[language]).sort(), language).toEqual(ids);
  });

  it('says every message the server can say in every language, and keeps no message nobody says', async () => {
    const said = await saidTexts();
    expect(said.size).toBeGreaterThan(60);
    for (const language of languages) {
      const missing = [...said.keys()].filter((text) => !(text in catalogues[language]));
      expect(missing, `missing from ${language}.json`).toEqual([]);
    }
    const unused = Object.keys(catalogues.zh).filter((id) => !said.has(id));
    expect(unused, 'ids no module says').toEqual([]);
  });

  it('keeps the parameters of each message in its translations', () => {
    for (const [id, english] of Object.entries(catalogues.en)) {
      expect(placeholders(english), `en: ${id}`).toEqual(placeholders(id));
      for (const language of ['zh', 'vi'] as const) {
        for (const name of placeholders(catalogues[language][id] ?? '')) expect(placeholders(id), `${language}: ${id}`).toContain(name);
      }
    }
  });

  it('writes no message inline: each is an id of a messages object', () => {
    const inline = sources.flatMap(({ path, text }) =>
      [...text.matchAll(/new (DomainError|BodyRefusal)\(\s*['"`]|\bsay\(\s*['"`]|refusal\([^,]+,\s*['"`]/g)].map(
        (match) => `${relative(serverDir, path)}: ${match[0]}`,
      ),
    );
    expect(inline).toEqual([]);
  });

  it('answers in the language the request asks for, zh by default, with parameters filled in', () => {
    expect(languageOf({})).toBe('zh');
    expect(languageOf({ lang: 'vi' })).toBe('vi');
    expect(languageOf({ lang: 'fr' })).toBe('zh');
    expect(translate('Wrong mobile or password', 'zh')).toBe('手机号或密码错误');
    expect(translate('Please wait {seconds} s before requesting another code', 'en', { seconds: 42 })).toBe(
      'Please wait 42 s before requesting another code',
    );
    expect(translate('Please wait {seconds} s before requesting another code', 'vi', { seconds: 42 })).toContain('42');
    expect(translate('请登录后操作', 'en')).toBe('Please log in first');
  });
});
