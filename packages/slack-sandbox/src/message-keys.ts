// Finding an app's messages by the key it put in their Slack message metadata (`event_payload.key`, e.g.
// "card:<job>", "status:<job>:es"): an app that writes through an outbox tags each message so that it can
// look it up again, and a test can tell its messages apart the same way.
import type { SlackMessage } from './fake-slack.ts';

/** The key in a message's metadata ("" when it has none). */
export const keyOf = (m: Pick<SlackMessage, 'metadata'>): string =>
  String(m.metadata?.event_payload.key ?? '');

/** The messages whose key is of `kind` ("card", "dubbed", …: the part before the first colon). */
export const byKind = (messages: SlackMessage[], kind: string): SlackMessage[] =>
  messages.filter((m) => keyOf(m).startsWith(`${kind}:`));
