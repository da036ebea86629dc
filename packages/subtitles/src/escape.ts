// Escaping text for the markup formats. One pass each, by native replace with fixed patterns (linear).

// Characters XML 1.0 does not allow at all (C0 controls but tab, LF, CR; U+FFFE/U+FFFF; lone surrogates):
// a document holding one is not well-formed, so writers leave them out.
const NOT_XML =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
/** Anything escapeXml changes; most text has none, and one native test then settles it. */
const XML_ANY = /[&<>"\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF\uD800-\uDFFF]/;
const XML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

/** Text or an attribute value for XML: `& < > "` escaped, characters XML forbids left out. */
export function escapeXml(text: string): string {
  if (!XML_ANY.test(text)) return text;
  return text.replace(NOT_XML, '').replace(/[&<>"]/g, (c) => XML_ENTITIES[c]!);
}

/**
 * Text for a WebVTT cue: `&` and `<` escaped, and `>` where it would make `-->` (which no cue text may hold).
 * A lone `>` is left as it is, as the spec allows.
 */
export function escapeVtt(text: string): string {
  if (!/[&<]|-->/.test(text)) return text;
  return text.replace(/[&<]|-->/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : '--&gt;'));
}

/** A voice's name in `<v name>`: `>` too, since it would end the tag. */
export function escapeVttAnnotation(text: string): string {
  return escapeVtt(text).replace(/>/g, '&gt;');
}
