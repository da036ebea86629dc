// Ephemeral messages to one person: how to use /dub, and what was wrong with what they gave.
import { escapeProse, type MessageContent, section } from '../../ui/blocks.ts';

export const USAGE =
  '`/dub <link> [to es,de-de] [from en] [speakers 2]` — dub a video. Without `to`, I post a card to pick ' +
  'the languages. You can also share a video file in a channel I am in, or mention me with a link.';

/** What a dubbed language offers: the help's last line, after the subcommands the features registered. */
const THREAD_USAGE =
  '• Under a dubbed language: its QA line (*Review flagged*), *Review translation* (with *Fix source* for ' +
  'every language), *Speakers*, *Lip-sync*, *Render again*, *Approve*, *Other formats…*. ' +
  'Drop subtitle files (`.srt`, `.vtt`, `.ttml`, `.xml`, `.ass`) with the video, or in its thread before Start, ' +
  'to dub from your subtitles.';

/** `/dub help`: the main usage, examples, then `subcommands` (one line each, from their features). */
export function helpMessage(subcommands: readonly string[] = []): MessageContent {
  return {
    text: USAGE,
    blocks: [
      section(`*Dub a video into other languages*\n${USAGE}`),
      section(
        'Examples:\n• `/dub https://youtu.be/abc123 to es,de`\n• `/dub https://example.com/talk.mp4 to pt-br from en speakers 2`' +
          '\n• `/dub https://vimeo.com/12345` (then pick the languages)',
      ),
      section(['*More*', ...subcommands.map((line) => `• ${line}`), THREAD_USAGE].join('\n')),
    ],
  };
}

/** "what was wrong" in plain words; the usage line follows. */
export function usageError(problem: string): MessageContent {
  return {
    text: `${escapeProse(problem)} ${USAGE}`,
    blocks: [section(`⚠️ ${escapeProse(problem)}\n${USAGE}`)],
  };
}
