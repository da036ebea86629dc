// Addresses in what the CLI prints: a user, a password or a query string may hold a secret (a token URL with
// `?client_secret=…`, `https://user:pass@host`), so every address in a message, a note or the JSON error is
// shown without them. The service's own download links are results, printed by `status` as they are.

/** An address with a scheme, up to the first character that cannot be part of it in a message. */
const ADDRESS = /\b[a-z][a-z0-9+.-]*:\/\/[\w.~%[\]-][^\s"'`<>]*/gi;

/** `url` without user, password and query: `https://host/path?…`. */
export function shownUrl(url: string): string {
  const hideQuery = (text: string) => text.replace(/[?#].*$/, '?…');
  // `localhost:4010` parses as a URL of scheme `localhost:`; only `scheme://` addresses are rebuilt.
  if (!url.includes('://') || !URL.canParse(url))
    return hideQuery(url).replace(/^([^@/]*:\/\/)?[^@/]*@/, '$1…@');
  const parsed = new URL(url);
  const hidden = parsed.username !== '' || parsed.password !== '';
  // `http://host` stays without the `/` URL adds.
  const path = parsed.pathname === '/' && !/^[^?#]*:\/\/[^/?#]*\//.test(url) ? '' : parsed.pathname;
  return `${parsed.protocol}//${hidden ? '…@' : ''}${parsed.host}${path}${parsed.search ? '?…' : ''}`;
}

/** `text` with every address in it shown by shownUrl. */
export function redactUrls(text: string): string {
  return text.replace(ADDRESS, shownUrl);
}
