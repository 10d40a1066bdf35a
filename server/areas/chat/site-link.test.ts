import { describe, expect, it } from 'vitest';
import { isSiteLink } from './site-link.ts';

describe('a link of a message must stay on the site, read as a browser reads it', () => {
  it.each(['/uploads/2026/invoice.pdf', '/media/avatars/1.svg', '/uploads/a%2Fb.pdf'])('takes %s', (url) => {
    expect(isSiteLink(url)).toBe(true);
  });

  it.each([
    '/\t/evil.example/invoice.pdf',
    '/\n/evil.example/invoice.pdf',
    '/\\evil.example/invoice.pdf',
    '//evil.example/invoice.pdf',
    '\\\\evil.example/x',
    ' /uploads/x.pdf',
    'https://evil.example/x.pdf',
    'javascript:alert(1)',
    '/\r\n/evil.example',
  ])('refuses %j', (url) => {
    expect(isSiteLink(url)).toBe(false);
  });
});
