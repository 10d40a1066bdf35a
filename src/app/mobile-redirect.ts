// SPEC §1 and §9: a screen 500 px wide or less goes to the configured mobile address.
export const mobileRedirectMaxWidth = 500;

/** Where a screen `width` px wide at `here` should go, or null to stay (no address, wide enough, already there). */
export function mobileRedirectTarget(mobileUrl: string, width: number, here: URL): string | null {
  if (mobileUrl.trim() === '' || width > mobileRedirectMaxWidth) return null;
  let target: URL;
  try {
    target = new URL(mobileUrl, here);
  } catch {
    return null;
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') return null;
  if (target.origin === here.origin && target.pathname === here.pathname) return null;
  return target.href;
}
