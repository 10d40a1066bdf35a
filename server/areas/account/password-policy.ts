import { readFileSync } from 'node:fs';
import { DomainError } from '../../errors.ts';

// What a new login password must be (ASVS V2.1): its length as the contract checks it (AccountPassword, the
// same as src/rules/password-rules.ts says), no control characters, not only whitespace, and none of the 1,000
// most common passwords. Any other character, spaces and emoji included, is allowed.

export const passwordMessages = {
  controlCharacters: 'The password may not contain control characters',
  onlyWhitespace: 'The password may not be only spaces',
  tooCommon: 'This password is among the most common ones: please choose another',
} as const;

const commonPasswords: ReadonlySet<string> = new Set(
  readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8')
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith('#')),
);

/** C0 and C1 control characters and DEL. */
function hasControlCharacter(text: string): boolean {
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code <= 0x1f || (code >= 0x7f && code <= 0x9f)) return true;
  }
  return false;
}

/** Throws the reason a new password is refused; the length is the contract's to check. */
export function checkNewPassword(password: string): void {
  if (hasControlCharacter(password)) throw new DomainError(passwordMessages.controlCharacters);
  if (password.trim() === '') throw new DomainError(passwordMessages.onlyWhitespace);
  if (commonPasswords.has(password.toLowerCase())) throw new DomainError(passwordMessages.tooCommon);
}
