/** Where the page was loaded from; only the parts a websocket address needs. */
export interface PageLocation {
  protocol: string;
  host: string;
}

/**
 * The websocket address of a session: the configured base plus '/' plus the token (spec
 * section 7). A relative base such as '/ws' is resolved against the page, as ws:// next to
 * http:// and wss:// next to https://; an http(s) base is turned into its ws(s) counterpart.
 */
export function websocketUrlFor(base: string, token: string, page: PageLocation): string {
  const trimmed = base.replace(/\/+$/, '');
  let root: string;
  if (/^wss?:\/\//i.test(trimmed)) {
    root = trimmed;
  } else if (/^https?:\/\//i.test(trimmed)) {
    root = trimmed.replace(/^http/i, 'ws');
  } else {
    const scheme = page.protocol === 'https:' ? 'wss:' : 'ws:';
    const path = trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
    root = `${scheme}//${page.host}${path}`;
  }
  return `${root}/${encodeURIComponent(token)}`;
}
