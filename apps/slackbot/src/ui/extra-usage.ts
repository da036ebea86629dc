// How to use the account, glossary and settings subcommands of `/dub` and what a dubbed language offers:
// the lines `/dub help` adds after the main usage.
export const EXTRA_USAGE =
  '*More*\n• `/dub credits` — minutes, videos and free lip-sync minutes left\n' +
  '• `/dub list [name]` — the account’s recent projects · `/dub track <project id>` — follow one in a new thread\n' +
  '• `/dub glossary` — upload a .csv/.tsv glossary (or share the file with `@dubkit glossary <name>`); ' +
  '`/dub glossary list | show <name> | export <name> | default <name> | delete <name>`\n' +
  '• `/dub settings` — this channel’s default languages and glossaries\n' +
  '• Under a dubbed language: *Review translation*, *Speakers*, *Lip-sync*, *Render again*. ' +
  'Drop `.srt` files with the video, or in its thread before Start, to dub from your subtitles.';
