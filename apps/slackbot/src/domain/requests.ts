// Reads what people ask for: the `/dub` command's arguments, a video link in a message, a shared file.
// Pure; each problem is described in words the person can act on.
import type { JobChoice, JobSource } from './jobs.ts';
import { languageQuestion, languagesInText } from './language-words.ts';
import { normalizeDestination, normalizeSource } from './languages.ts';
import { MAX_MESSAGE_CHARS, MAX_SPEAKERS } from './limits.ts';

export type Parsed<T> = { ok: true; value: T } | { ok: false; problem: string };

export interface DubCommand {
  kind: 'dub';
  link: string;
  /** Destination languages when given (`to es,de`); empty means: post the picker. */
  dstLangs: string[];
  srcLang: string | null;
  numSpeakers: number | null;
  /** Languages named in words ("in Japanese and Brazilian Portuguese"): ticked on the picker, not started. */
  preselect?: string[];
  /** What to ask about the words (an ambiguous or unavailable language), to the person only. */
  question?: string;
}

/** Extensions that are certainly not a video or audio file. */
const NOT_MEDIA = /\.(pdf|docx?|xlsx?|pptx?|txt|csv|tsv|srt|vtt|zip|rar|7z|png|jpe?g|gif|webp|svg|html?)$/i;

/** Checks that a link can be a video: http(s), and not a document or image by its extension. */
export function checkVideoLink(raw: string): Parsed<string> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    // A bare word is a command someone expected /dub to know, not a link gone wrong.
    if (/^[a-z]+$/i.test(raw))
      return { ok: false, problem: `\`/dub ${raw}\` is not one of my commands, and I dub video links.` };
    return { ok: false, problem: `"${raw}" is not a link.` };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return { ok: false, problem: `"${raw}" is not a web link (it should start with https://).` };
  }
  const engine = searchEngine(url);
  if (engine) {
    return {
      ok: false,
      problem: `That is a link to search results on ${engine}, not to a video: open the video and share its own link, or upload the file here.`,
    };
  }
  if (NOT_MEDIA.test(url.pathname)) {
    return {
      ok: false,
      problem: `${raw} does not look like a video (it ends in "${url.pathname.split('.').pop()}").`,
    };
  }
  return { ok: true, value: url.toString() };
}

/** Search engines by their name in the host (google.com, google.co.uk, www.bing.com, search.yahoo.com, …). */
const SEARCH_HOSTS =
  /(^|\.)(google|bing|duckduckgo|yandex|baidu|ecosia|startpage|search\.yahoo|search\.brave)\.(com|org|[a-z]{2}|co\.[a-z]{2}|com\.[a-z]{2})$/i;
/** Their results pages and redirects: a video site never serves these paths with a query. */
const SEARCH_PATHS = /^\/(search|url|s|html|web|yandsearch)?\/?$/i;

/**
 * The search engine a link is a results page (or a redirect) of, by its host, for the answer; undefined for
 * any other link. The service cannot dub a results page, and says so only after minutes of trying.
 */
function searchEngine(url: URL): string | undefined {
  if (!SEARCH_HOSTS.test(url.hostname) || !SEARCH_PATHS.test(url.pathname) || url.search === '')
    return undefined;
  return url.hostname.replace(/^www\./i, '');
}

/** Longer than any link a browser keeps; a longer "link" is not taken. */
const MAX_LINK_CHARS = 4_096;

/** Counts the characters looked at, for the tests that bound the work per character. */
export interface StepMeter {
  steps: number;
}

export interface FindLinkOptions {
  /** Longer "links" are not taken (default 4,096 characters; the property tests use short ones). */
  maxLinkChars?: number;
  meter?: StepMeter;
}

/**
 * The first link in a Slack message's text. Slack writes links as `<https://x|label>` or `<https://x>`;
 * user and channel mentions (`<@U1>`, `<#C1>`) are skipped; failing those, the first `http(s)://` written out.
 * Two passes over the text, each looking at a character a bounded number of times (at most ~12 steps per
 * character in all): a pattern backtracked on `<` without `>` (quadratic), and a scan from each `http` to the
 * next space cost up to 4,096 steps per character on a long run of `http://`.
 */
export function findLink(text: string, options: FindLinkOptions = {}): string | undefined {
  const scan = text.length > MAX_MESSAGE_CHARS ? text.slice(0, MAX_MESSAGE_CHARS) : text;
  const maxLink = options.maxLinkChars ?? MAX_LINK_CHARS;
  const meter = options.meter ?? { steps: 0 };
  return bracketLink(scan, maxLink, meter) ?? bareLink(scan, maxLink, meter);
}

/** The first bracket whose target is a link; a bracket is the innermost one: from the last `<` before a `>`. */
function bracketLink(scan: string, maxLink: number, meter: StepMeter): string | undefined {
  let open = -1;
  for (let at = 0; at < scan.length; at++) {
    meter.steps += 1;
    const char = scan.charCodeAt(at);
    if (char === LT) open = at;
    else if (char === GT && open >= 0) {
      // Each character is inside at most one bracket: read twice more at most (its `|`, its scheme).
      meter.steps += 2 * (at - open);
      const target = linkTarget(scan.slice(open + 1, at), maxLink);
      if (target !== undefined) return target;
      open = -1;
    }
  }
  return undefined;
}

const LT = '<'.charCodeAt(0);
const GT = '>'.charCodeAt(0);

/** A bracket's target (before `|`) when it is an http(s) link of a sane length. */
function linkTarget(inner: string, maxLink: number): string | undefined {
  const bar = inner.indexOf('|');
  const target = bar < 0 ? inner : inner.slice(0, bar);
  if (target.length === 0 || target.length > maxLink) return undefined;
  return /^https?:\/\//i.test(target) ? target : undefined;
}

/**
 * The first `http://` or `https://` written out, up to the next whitespace, of at most `maxLink` characters.
 * Word by word: in a word, a link runs to the word's end, so the first one short enough starts at or after
 * `end - maxLink`, and only there is a scheme looked for.
 */
function bareLink(scan: string, maxLink: number, meter: StepMeter): string | undefined {
  let start = 0;
  while (start < scan.length) {
    let end = start;
    while (end < scan.length && !isSpace(scan[end]!)) end++;
    meter.steps += end - start + 1;
    for (let from = Math.max(start, end - maxLink); from < end - 7; from++) {
      meter.steps += 8;
      const rest = startsWithAscii(scan, 'https://', from)
        ? 8
        : startsWithAscii(scan, 'http://', from)
          ? 7
          : 0;
      if (rest > 0) {
        if (end > from + rest) return scan.slice(from, end);
        break;
      }
    }
    start = end + 1;
  }
  return undefined;
}

function isSpace(char: string): boolean {
  return /\s/.test(char);
}

/**
 * Where the lowercase ASCII `word` starts in `text` at or after `from`, in any case. Not through
 * `toLowerCase()` of the whole text: that can change its length (`İ` becomes two code units) and so its indexes.
 */
export function indexOfAscii(text: string, word: string, from: number): number {
  for (let at = Math.max(0, from); at + word.length <= text.length; at++) {
    if (startsWithAscii(text, word, at)) return at;
  }
  return -1;
}

function startsWithAscii(text: string, word: string, at: number): boolean {
  for (let i = 0; i < word.length; i++) {
    // ASCII letters only: setting bit 0x20 lowercases A–Z and leaves `:`, `/` and lowercase as they are.
    const code = text.charCodeAt(at + i);
    const lower = code >= 65 && code <= 90 ? code | 0x20 : code;
    if (lower !== word.charCodeAt(i)) return false;
  }
  return true;
}

/** `<https://x|label>` or `<https://x>` as Slack writes a link → `https://x`; anything else as it is. */
export function unwrapSlackLink(word: string): string {
  if (word.length < 2 || !word.startsWith('<') || !word.endsWith('>')) return word;
  const inner = word.slice(1, -1);
  if (inner.includes('<') || inner.includes('>')) return word;
  const bar = inner.indexOf('|');
  const target = bar < 0 ? inner : inner.slice(0, bar);
  return target.length > 0 ? target : word;
}

/** Parses `/dub help` or `/dub <link> [to es,de-de] [from en] [speakers 2]`. */
export function parseDubCommand(text: string): Parsed<DubCommand | { kind: 'help' }> {
  const words = text.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0 || words[0]?.toLowerCase() === 'help') return { ok: true, value: { kind: 'help' } };
  const rawLink = unwrapSlackLink(words[0]!);
  const link = checkVideoLink(rawLink);
  if (!link.ok) return link;
  const command: DubCommand = {
    kind: 'dub',
    link: link.value,
    dstLangs: [],
    srcLang: null,
    numSpeakers: null,
  };
  for (let i = 1; i < words.length; i += 2) {
    const keyword = words[i]!.toLowerCase();
    const value = words[i + 1];
    if (value === undefined) return { ok: false, problem: `"${words[i]}" needs a value after it.` };
    const known = keyword === 'to' || keyword === 'from' || keyword === 'speakers';
    if (!known || (keyword !== 'speakers' && !CODES.test(value))) {
      // Not the keywords and codes: the rest may name languages in words ("in Japanese", "from English").
      const said = preselection(words.slice(i).join(' '));
      if (said) return { ok: true, value: { ...command, ...said, srcLang: said.srcLang ?? command.srcLang } };
      if (!known) {
        return {
          ok: false,
          problem: `I don't know "${words[i]}"; after the link come \`to\`, \`from\` or \`speakers\`, or name the languages (in Japanese and German).`,
        };
      }
    }
    if (keyword === 'to') {
      const langs = parseDestinations(value);
      if (!langs.ok) return langs;
      command.dstLangs = langs.value;
    } else if (keyword === 'from') {
      const src = normalizeSource(value);
      if (!src)
        return { ok: false, problem: `"${value}" is not a language code I know (try en, es, de, pt).` };
      command.srcLang = src;
    } else {
      const n = Number(value);
      if (!Number.isInteger(n) || n < 1 || n > MAX_SPEAKERS) {
        return { ok: false, problem: `"speakers ${value}": give a whole number from 1 to ${MAX_SPEAKERS}.` };
      }
      command.numSpeakers = n;
    }
  }
  return { ok: true, value: command };
}

/** What `to` and `from` take as codes ("es,de-de", "en"); anything else after them is read as words. */
const CODES = /^[a-z]{2,3}([-_][a-z0-9]{2,4})?(,[a-z]{2,3}([-_][a-z0-9]{2,4})?)*,?$/i;

/**
 * The languages a person's words name, to tick on the picker: exactly those (none when every name needs a
 * question), the source they name, and what to ask them about the rest; undefined when they name no language.
 */
export function preselection(
  text: string,
): { preselect?: string[]; srcLang?: string; question?: string } | undefined {
  const found = languagesInText(text);
  const question = languageQuestion(found);
  const srcLang = found.source === undefined ? undefined : normalizeSource(found.source);
  if (found.languages.length === 0 && !question && !srcLang) return undefined;
  return {
    ...(found.languages.length > 0 || question ? { preselect: found.languages } : {}),
    ...(srcLang ? { srcLang } : {}),
    ...(question ? { question } : {}),
  };
}

/** "es,de-de" → ["es", "de-de"]; names the first unknown code. */
export function parseDestinations(list: string): Parsed<string[]> {
  const langs: string[] = [];
  for (const item of list.split(',').filter(Boolean)) {
    const code = normalizeDestination(item);
    if (!code)
      return {
        ok: false,
        problem: `"${item}" is not a language code I know (try es, de, fr, pt-br, zh-cn).`,
      };
    if (!langs.includes(code)) langs.push(code);
  }
  if (langs.length === 0)
    return { ok: false, problem: 'Give at least one language after `to`, e.g. `to es,de`.' };
  return { ok: true, value: langs };
}

/** Checks a picker's choice (it comes from the client, so it is checked like any input). */
export function checkChoice(choice: JobChoice): Parsed<JobChoice> {
  const dst = parseDestinations(choice.dstLangs.join(','));
  if (!dst.ok) return { ok: false, problem: 'Pick at least one language to dub into, then press Start.' };
  const src = choice.srcLang === null ? null : normalizeSource(choice.srcLang);
  if (src === undefined)
    return { ok: false, problem: `"${choice.srcLang}" is not a source language I know.` };
  const n = choice.numSpeakers;
  if (n !== null && (!Number.isInteger(n) || n < 1 || n > MAX_SPEAKERS)) {
    return { ok: false, problem: `The number of speakers must be from 1 to ${MAX_SPEAKERS}.` };
  }
  return { ok: true, value: { dstLangs: dst.value, srcLang: src, numSpeakers: n } };
}

/** A file shared in Slack, as the event describes it. */
export interface SharedFile {
  id: string;
  name?: string;
  title?: string;
  mimetype?: string;
  size?: number;
  url_private_download?: string;
}

/** A message as Slack's events give it: where it is, who wrote it, its text and files. */
export interface SlackMessage {
  channel: string;
  ts: string;
  thread_ts?: string;
  user?: string;
  text?: string;
  files?: SharedFile[];
  subtype?: string;
  /** Set on a bot's message (the app's own too): never a person's request. */
  bot_id?: string;
  /** Where it was posted: "channel", "group", "im" or "mpim". */
  channel_type?: string;
  /** Link previews (unfurls) Slack attached to the message: the page's title, as Slack read it. */
  attachments?: { title?: string; title_link?: string; from_url?: string; original_url?: string }[];
}

/** Checks that a shared file is a video or audio file within the size limit. */
export function checkSharedFile(
  file: SharedFile,
  maxBytes: number,
): Parsed<Extract<JobSource, { kind: 'file' }>> {
  const name = file.name ?? file.title ?? file.id;
  const mimetype = file.mimetype ?? '';
  if (!/^(video|audio)\//.test(mimetype)) {
    return { ok: false, problem: `${name} is not a video or audio file (${mimetype || 'unknown type'}).` };
  }
  if (!file.url_private_download) return { ok: false, problem: `${name} cannot be downloaded from Slack.` };
  const size = file.size ?? 0;
  if (size > maxBytes) {
    return { ok: false, problem: `${name} is ${formatBytes(size)}; the limit is ${formatBytes(maxBytes)}.` };
  }
  return {
    ok: true,
    value: { kind: 'file', fileId: file.id, name, size, mimetype, url: file.url_private_download },
  };
}

/** A title for the job: the file's name, or the link's last path part or host. */
export function titleFor(source: JobSource): string {
  if (source.kind === 'file') return source.name;
  const url = new URL(source.link);
  const last = decodeURIComponent(url.pathname.split('/').filter(Boolean).pop() ?? '');
  return last && last !== 'watch' ? `${url.hostname}/${last}` : url.hostname + url.pathname + url.search;
}

function formatBytes(bytes: number): string {
  if (bytes >= 1024 ** 3) return `${(bytes / 1024 ** 3).toFixed(1)} GB`;
  if (bytes >= 1024 ** 2) return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
  return `${Math.ceil(bytes / 1024)} KB`;
}
