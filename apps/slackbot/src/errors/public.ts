// What a person may be told about a failure, and what stays in the logs. People get a sentence saying what
// happened and what to do, with a request id that finds the full story in the logs; internal hosts and URLs,
// tokens and stack traces never reach Slack.
import { randomBytes } from 'node:crypto';

/** A short id to quote to an admin; the logs carry it beside the full error. */
export function newRequestId(): string {
  return `r-${randomBytes(4).toString('hex')}`;
}

// Things that must not leave the logs, whatever error text they come in.
const SECRETS: [RegExp, string][] = [
  // Slack tokens and bearer credentials.
  [/\bxox[a-z]-[A-Za-z0-9-]+/g, '[token]'],
  [/\bxapp-[A-Za-z0-9-]+/g, '[token]'],
  [/\bBearer\s+\S+/gi, 'Bearer [token]'],
  // Any URL (an internal service's included): its scheme up to the next space or closing bracket.
  [/\b[a-z][a-z0-9+.-]{1,15}:\/\/[^\s<>|"')\]]+/gi, '[address]'],
  // Bare addresses: IPv4 with or without a port, localhost with a port.
  [/\b\d{1,3}(?:\.\d{1,3}){3}(?::\d{1,5})?\b/g, '[address]'],
  [/\blocalhost:\d{1,5}\b/gi, '[address]'],
];

/**
 * `text` with tokens, URLs, addresses and stack frames taken out, cut to one short paragraph. Linear: each
 * pattern is a single pass with no nested repetition, over at most MAX_CHARS characters.
 */
export function scrub(text: string): string {
  let out = text.length > MAX_CHARS * 4 ? text.slice(0, MAX_CHARS * 4) : text;
  // A stack trace starts at its first "\n    at ": nothing from there on is for people.
  const stack = out.indexOf('\n    at ');
  if (stack >= 0) out = out.slice(0, stack);
  for (const [pattern, replacement] of SECRETS) out = out.replace(pattern, replacement);
  out = out.replace(/\s+/g, ' ').trim();
  return out.length > MAX_CHARS ? `${out.slice(0, MAX_CHARS - 1)}…` : out;
}

const MAX_CHARS = 300;

/** "Something went wrong on our side …" with the request id to quote. */
export function somethingWentWrong(requestId: string, what = 'That could not be done'): string {
  return (
    `⚠️ ${what}: something went wrong on our side, and nothing more was done. Try again in a minute; ` +
    `if it keeps happening, give your Slack admin this request id: \`${requestId}\`.`
  );
}
