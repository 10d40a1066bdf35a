/** An origin no real site has: a link resolved against it that keeps it is a path of the site itself. */
const siteOrigin = 'https://site.invalid';

/**
 * Whether a link a message carries points into the site. It is read as a browser reads it, with the WHATWG
 * URL parser (which drops tabs and newlines and turns backslashes into slashes, so '/\t/evil.example/' is
 * '//evil.example/'), and must resolve to the site's own origin.
 */
export function isSiteLink(url: string): boolean {
  if (!url.startsWith('/')) return false;
  try {
    return new URL(url, siteOrigin).origin === siteOrigin;
  } catch {
    return false;
  }
}
