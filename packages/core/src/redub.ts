// What a re-dub costs. docs/service.md, "Re-dub cost": each `generate` charges the combined length of the segments changed (text,
// timecodes, speaker, or the voice of its speaker) and added since the last render: 1 s–59 s is 1 minute, then
// to the nearest minute (1:29 → 1, 1:30 → 2). The emulator charges by its own reading of the rule; its
// contract test (packages/emulator/src/contract/price.test.ts) checks that the two agree.

/** Minutes charged for `changedMs` milliseconds of changed and added segments; nothing changed costs nothing. */
export function redubMinutes(changedMs: number): number {
  if (!(changedMs > 0)) return 0;
  // Any change, however short (the rule starts at 1 s, a shorter one is still a change), costs a minute.
  if (changedMs < 60_000) return 1;
  // Half a minute rounds up: 1:30 → 2 (Math.round rounds .5 up for positive numbers).
  return Math.round(changedMs / 60_000);
}
