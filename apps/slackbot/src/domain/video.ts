// What the job card says about its video: a title people recognise and its length. The title comes from what
// Slack already gave (a file's title, a link's unfurl) or the service's media name; the app never fetches a
// web page for it. Pure: no Slack, no I/O.
import type { JobSource } from './jobs.ts';
import { titleFor } from './requests.ts';

/** The longest readable form of a link before it is cut between words. */
const LINK_TITLE_CHARS = 60;

/** A link as a short readable title: its host (without www.) and path, cut between words. */
export function readableLink(link: string): string {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return cutBetweenWords(link, LINK_TITLE_CHARS);
  }
  const host = url.hostname.replace(/^www\./i, '');
  const path = safeDecode(url.pathname).replace(/\/+$/, '');
  // A path that names nothing (youtube.com/watch, a site's root) leaves the query to tell videos apart.
  const query = path === '' || path === '/watch' ? safeDecode(url.search) : '';
  return cutBetweenWords(`${host}${path}${query}`, LINK_TITLE_CHARS);
}

/**
 * The title a job starts with: a Slack file's title (else its name), a link's unfurl title when Slack's event
 * carried one, else the link's readable form.
 */
export function firstTitle(source: JobSource, given: { fileTitle?: string; unfurlTitle?: string }): string {
  const pick = (text: string | undefined) => (text?.trim() ? text.trim() : undefined);
  if (source.kind === 'file') return pick(given.fileTitle) ?? source.name;
  return pick(given.unfurlTitle) ?? readableLink(source.link);
}

/**
 * The title once the service made the media ready: a link's title that came only from the link itself gives way
 * to the service's name for the media when that name says more than the link; any other title stays.
 */
export function titleOnceReady(title: string, source: JobSource, mediaName: string | null): string {
  if (source.kind === 'file' || !titleFromLink(title, source)) return title;
  const name = mediaName?.trim();
  if (name && !titleFromLink(name, source) && !looksLikeLink(name)) return cutBetweenWords(name, 200);
  return readableLink(source.link);
}

/** Whether a link's title says no more than the link (it was made from it, or is it). */
export function titleFromLink(title: string, source: Extract<JobSource, { kind: 'link' }>): boolean {
  return [source.link, readableLink(source.link), titleFor(source)].includes(title);
}

/** A length as people read it: 12:34, or 1:02:03 past the hour. */
export function videoLength(seconds: number): string {
  const total = Math.max(0, Math.round(seconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

function looksLikeLink(text: string): boolean {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(text) || /^[\w-]+(\.[\w-]+)+\/\S*$/.test(text);
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** `text` at most `max` characters, cut at the last word boundary before it, with an ellipsis. */
function cutBetweenWords(text: string, max: number): string {
  const chars = [...text];
  if (chars.length <= max) return text;
  const head = chars.slice(0, max - 1).join('');
  const boundary = Math.max(...[' ', '/', '-', '_', '.', '?', '=', '&'].map((c) => head.lastIndexOf(c)));
  const cut = boundary > max / 2 ? head.slice(0, boundary) : head;
  return `${cut}…`;
}
