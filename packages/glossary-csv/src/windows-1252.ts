// Windows-1252 to string. Bytes 0x00–0x7F and 0xA0–0xFF equal their Unicode code points; 0x80–0x9F map to the
// table below (the five undefined bytes keep their C1 code point, as the WHATWG Encoding Standard does).
// Written by hand because some Node releases decode 'windows-1252' as ISO-8859-1, turning "€" into U+0080.
import { Buffer } from 'node:buffer';

const HIGH_CONTROL_RANGE: readonly number[] = [
  0x20ac, 0x0081, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152,
  0x008d, 0x017d, 0x008f, 0x0090, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x02dc, 0x2122,
  0x0161, 0x203a, 0x0153, 0x009d, 0x017e, 0x0178,
];

const replacements = new Map<string, string>(
  HIGH_CONTROL_RANGE.map((codePoint, index) => [
    String.fromCharCode(0x80 + index),
    String.fromCharCode(codePoint),
  ]),
);

export function decodeWindows1252(bytes: Uint8Array): string {
  // latin1 decoding is a byte-to-code-point copy; only 0x80–0x9F then need their Windows-1252 characters.
  const latin1 = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  return latin1.replace(/[\x80-\x9f]/g, (char) => replacements.get(char) ?? char);
}
