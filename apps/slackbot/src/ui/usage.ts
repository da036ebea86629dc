// Ephemeral messages to one person: how to use /dub, and what was wrong with what they gave.
import { escapeText, type MessageContent, section } from './blocks.ts';

export const USAGE =
  '`/dub <link> [to es,de-de] [from en] [speakers 2]` — dub a video. Without `to`, I post a card to pick ' +
  'the languages. You can also share a video file in a channel I am in, or mention me with a link.';

/** The subcommands and what a dubbed language offers: the lines `/dub help` adds after the main usage. */
export const MORE_USAGE =
  '*More*\n• `/dub credits` — minutes, videos and free lip-sync minutes left\n' +
  '• `/dub list [name]` — the account’s recent projects · `/dub list waiting` — what waits for review here · ' +
  '`/dub track <project id>` — follow one in a new thread\n' +
  '• `/dub glossary` — upload a .csv/.tsv glossary (or share the file with `@dubkit glossary <name>`); ' +
  '`/dub glossary list | show <name> | export <name> | default <name> | delete <name>`\n' +
  '• `/dub settings` — this channel’s default languages, glossaries and localization QA\n' +
  '• Under a dubbed language: its QA line (*Review flagged*), *Review translation* (with *Fix source* for ' +
  'every language), *Speakers*, *Lip-sync*, *Render again*, *Approve*. ' +
  'Drop `.srt` files with the video, or in its thread before Start, to dub from your subtitles.';

export function helpMessage(): MessageContent {
  return {
    text: USAGE,
    blocks: [
      section(`*Dub a video into other languages*\n${USAGE}`),
      section(
        'Examples:\n• `/dub https://youtu.be/abc123 to es,de`\n• `/dub https://example.com/talk.mp4 to pt-br from en speakers 2`' +
          '\n• `/dub https://vimeo.com/12345` (then pick the languages)',
      ),
      section(MORE_USAGE),
    ],
  };
}

/** "what was wrong" in plain words; the usage line follows. */
export function usageError(problem: string): MessageContent {
  return {
    text: `${escapeText(problem)} ${USAGE}`,
    blocks: [section(`⚠️ ${escapeText(problem)}\n${USAGE}`)],
  };
}
