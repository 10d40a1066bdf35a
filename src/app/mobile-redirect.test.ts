import { describe, expect, it } from 'vitest';
import { mobileRedirectTarget } from './mobile-redirect.ts';

const here = new URL('https://pitchside.example/main?x=1');

describe('the mobile redirect (SPEC §1)', () => {
  it('sends a screen of 500 px or less to the configured address', () => {
    expect(mobileRedirectTarget('https://m.pitchside.example/', 500, here)).toBe('https://m.pitchside.example/');
    expect(mobileRedirectTarget('/m/', 390, here)).toBe('https://pitchside.example/m/');
  });

  it('stays on wider screens, without an address, or when already there', () => {
    expect(mobileRedirectTarget('https://m.pitchside.example/', 501, here)).toBeNull();
    expect(mobileRedirectTarget('', 390, here)).toBeNull();
    expect(mobileRedirectTarget('  ', 390, here)).toBeNull();
    expect(mobileRedirectTarget('/main', 390, here)).toBeNull();
  });

  it('goes nowhere but http and https addresses', () => {
    expect(mobileRedirectTarget('javascript:alert(1)', 390, here)).toBeNull();
    expect(mobileRedirectTarget('http://[bad', 390, here)).toBeNull();
  });
});
