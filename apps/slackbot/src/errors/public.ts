// What a person may be told about a failure, and what stays in the logs. People get a sentence saying what
// happened and what to do, with a request id that finds the full story in the logs; internal hosts and URLs,
// tokens and stack traces never reach Slack.
import { randomBytes } from 'node:crypto';

/** A short id to quote to an admin; the logs carry it beside the full error. */
export function newRequestId(): string {
  return `r-${randomBytes(4).toString('hex')}`;
}

// Things that must not leave the logs, whatever error text they come in. Each pattern is one pass with no
// nested repetition, so scrubbing stays linear in the text's length.
const SECRETS: [RegExp, string][] = [
  // Stack frames written inline ("at fn (/srv/app/x.js:10:5)", "at file:///srv/x.js:1:2").
  [/\bat (?:[\w.$<>[\]]+ )?\(?[^\s()]*[/\\.][^\s()]*:\d+:\d+\)?/g, ''],
  // Slack tokens and bearer credentials.
  [/\bxox[a-z]-[A-Za-z0-9-]+/g, '[token]'],
  [/\bxapp-[A-Za-z0-9-]+/g, '[token]'],
  [/\b(Bearer|Basic)\s+\S+/gi, '$1 [token]'],
  // Any URL (an internal service's included): its scheme up to the next space or closing bracket.
  [/\b[a-z][a-z0-9+.-]{1,15}:\/\/[^\s<>|"')\]]+/gi, '[address]'],
  // IPv6, in brackets or not, with "::" or all eight groups (so that a timecode 00:01:02 is left alone).
  [/\[[0-9a-f:.]*:[0-9a-f:.]*\](?::\d{1,5})?/gi, '[address]'],
  [/(?<![\w:])(?:[0-9a-f]{1,4}:){0,7}:(?::?[0-9a-f]{1,4}){0,7}(?![\w:])/gi, '[address]'],
  [/\b(?:[0-9a-f]{1,4}:){7}[0-9a-f]{1,4}\b/gi, '[address]'],
  // IPv4, with or without a port.
  [/\b\d{1,3}(?:\.\d{1,3}){3}(?::\d{1,5})?\b/g, '[address]'],
  // A host name with a port (localhost:8080, cache-7.internal.example:8443), or with a path after it.
  [/\b(?=[a-z0-9-]*[a-z])[a-z0-9-]+(?:\.[a-z0-9-]+)*:\d{1,5}\b(?:\/[^\s<>|"')\]]*)?/gi, '[address]'],
  [/\b(?:[a-z0-9-]+\.)+[a-z][a-z0-9-]*\/[^\s<>|"')\]]*/gi, '[address]'],
  // A bare host name in a domain people run services under (a file name such as talk.mp4 stays).
  [
    /\b(?:[a-z0-9-]+\.)+(?:com|net|org|io|dev|app|ai|cloud|internal|local|localdomain|lan|corp|intra|intranet|example|test|invalid|svc|cluster)\b/gi,
    '[address]',
  ],
  // Parameters that look like secrets, left after the addresses (a URL's query went with its URL).
  [
    /\b((?:access_|refresh_|api_?|auth_?|id_)?(?:token|key|secret|password|passwd|pwd|signature|sig|credentials?|code))=[^\s&#)\]>"']+/gi,
    '$1=[redacted]',
  ],
  // File paths: two parts or more after a slash (/srv/app/x.js, ./data/db, ~/x/y), or a Windows drive.
  [/(?<![\w/])(?:~|\.{1,2})?\/(?:[\w.@-]+\/)+[\w.@-]*/g, '[path]'],
  [/\b[a-z]:\\(?:[^\\\s]+\\)*[^\\\s]*/gi, '[path]'],
];

/**
 * `text` with tokens, secrets, URLs, host names, ports, addresses, paths and stack frames taken out, cut to one
 * short paragraph.
 */
export function scrub(text: string): string {
  let out = text.length > MAX_CHARS * 4 ? text.slice(0, MAX_CHARS * 4) : text;
  // A stack trace starts at its first "\n    at ": nothing from there on is for people.
  const stack = out.search(/\n\s+at /);
  if (stack >= 0) out = out.slice(0, stack);
  for (const [pattern, replacement] of SECRETS) out = out.replace(pattern, replacement);
  out = out
    .replace(/\s+/g, ' ')
    .replace(/ ([,.;:)])/g, '$1')
    .trim();
  return out.length > MAX_CHARS ? `${out.slice(0, MAX_CHARS - 1)}…` : out;
}

/**
 * Whether `scrub` would take something out of `text` (a host, a path, a token, a stack frame): a title or a
 * name from outside that holds one is not used as a title at all (`[address]` names nothing).
 */
export function holdsInternals(text: string): boolean {
  return (
    /\n\s+at /.test(text) || SECRETS.some(([pattern]) => new RegExp(pattern.source, pattern.flags).test(text))
  );
}

export interface PublicFailure {
  /**
   * The person's message: what happened (scrubbed), what to do, and the request id in a code span. Not yet
   * escaped: the builder that shows it passes it through `escapeProse` (ui/blocks.ts) like any app sentence.
   */
  text: string;
  requestId: string;
}

/**
 * The one place where a service's or the system's error text becomes a person's message: the full error is
 * logged under a new request id, and the person gets `what` with the scrubbed reason, `todo`, and that id.
 * E.g. "The glossary could not be imported: connect ECONNREFUSED [address]. Try again in a minute; if it keeps
 * happening, give your Slack admin this request id: `r-1a2b3c4d`."
 */
export function publicFailure(
  logger: { warn(details: object, message: string): void },
  error: unknown,
  what: string,
  todo = 'Try again in a minute; if it keeps happening, give your Slack admin this request id',
  /** The reason to show in place of the error's own text (scrubbed all the same). */
  shown?: string,
): PublicFailure {
  const requestId = newRequestId();
  logger.warn({ err: error, requestId }, `${what} (shown to a person under ${requestId})`);
  const reason = scrub(shown ?? (error instanceof Error ? error.message : String(error)));
  return {
    requestId,
    text: `${what}${reason ? `: ${reason.replace(/[.]$/, '')}` : ''}. ${todo}: \`${requestId}\`.`,
  };
}

const MAX_CHARS = 300;

/** "Something went wrong on our side …" with the request id to quote. */
export function somethingWentWrong(requestId: string, what = 'That could not be done'): string {
  return (
    `⚠️ ${what}: something went wrong on our side, and nothing more was done. Try again in a minute; ` +
    `if it keeps happening, give your Slack admin this request id: \`${requestId}\`.`
  );
}
