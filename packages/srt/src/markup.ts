// Markup in cue text as SRT files carry it: HTML-like tags (`<i>`, `</b>`, `<font color="red">`) and SSA override
// blocks (`{\an8}`). Found by index, never by a backtracking pattern: cue text is anyone's input.

export function isLetter(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
}

/** `\s` of regular expressions, by code. */
export function isSpace(c: number): boolean {
  return (
    c === 32 ||
    (c >= 9 && c <= 13) ||
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  );
}

/**
 * The end (exclusive) of a tag starting with `<` at `start`, or -1: `<`, an optional `/`, letters, then `>` or
 * white space and anything but `<` and `>` up to a `>`. The search for `>` stops at the next `<`, where the next
 * attempt starts, so no character is searched twice.
 */
export function tagEnd(text: string, start: number): number {
  let p = start + 1;
  if (text.charCodeAt(p) === 47) p++;
  const letters = p;
  while (isLetter(text.charCodeAt(p))) p++;
  if (p === letters) return -1;
  const c = text.charCodeAt(p);
  if (c === 62) return p + 1;
  if (!isSpace(c)) return -1;
  for (p++; p < text.length; p++) {
    const d = text.charCodeAt(p);
    if (d === 62) return p + 1;
    if (d === 60) return -1;
  }
  return -1;
}
