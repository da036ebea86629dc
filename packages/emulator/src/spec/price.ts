// The re-dub price, from the words of docs/service.md, Re-dub cost: "each `generate` charges the combined length
// of the segments changed … and added since the last render: under a minute costs one minute, longer rounds to
// the nearest minute (1:29 is one, 1:30 two)". Written from those words in whole seconds, apart from
// @dubkit/core's redubMinutes (which the Slack app quotes with), so that the contract test compares two
// readings of the rule.

/** Minutes a render of `lengthMs` milliseconds of changed and added speech costs; nothing changed is free. */
export function redubCharge(lengthMs: number): number {
  if (lengthMs <= 0) return 0;
  // The rule speaks in seconds (1:29, 1:30); a part of a second does not reach the next one.
  const seconds = Math.floor(lengthMs / 1000);
  // "Under a minute costs one minute", a change shorter than a second included.
  if (seconds < 60) return 1;
  // "Longer rounds to the nearest minute": 1:29 stays 1, 1:30 goes up to 2, so 30 seconds and more round up.
  const whole = Math.floor(seconds / 60);
  return seconds % 60 >= 30 ? whole + 1 : whole;
}
