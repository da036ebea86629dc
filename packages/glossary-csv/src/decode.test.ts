import { describe, expect, it } from 'vitest';
import { decodeGlossaryBytes } from './decode.ts';
import { decodeWindows1252 } from './windows-1252.ts';

describe('decodeWindows1252', () => {
  it('maps 0x80–0x9F to the Windows-1252 characters, undefined bytes to their C1 code points', () => {
    const bytes = Uint8Array.from({ length: 32 }, (_, index) => 0x80 + index);
    expect(decodeWindows1252(bytes)).toBe('€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ');
  });

  it('keeps every other byte as the same code point', () => {
    const bytes = Uint8Array.from({ length: 256 }, (_, index) => index).filter((b) => b < 0x80 || b > 0x9f);
    expect([...decodeWindows1252(bytes)].map((char) => char.charCodeAt(0))).toStrictEqual([...bytes]);
  });
});

describe('decodeGlossaryBytes', () => {
  const text = 'Größe,€ “x”\r\n';

  it('reads UTF-8 with and without BOM', () => {
    const utf8 = new TextEncoder().encode(text);
    expect(decodeGlossaryBytes(utf8)).toStrictEqual({ text, encoding: 'utf-8', replacedInvalid: false });
    const withBom = new Uint8Array([0xef, 0xbb, 0xbf, ...utf8]);
    expect(decodeGlossaryBytes(withBom)).toStrictEqual({
      text,
      encoding: 'utf-8-bom',
      replacedInvalid: false,
    });
  });

  it('reads UTF-16 LE and BE by their BOM', () => {
    const le = Buffer.from(`\ufeff${text}`, 'utf16le');
    expect(decodeGlossaryBytes(le)).toMatchObject({ text, encoding: 'utf-16le' });
    const be = Buffer.from(`\ufeff${text}`, 'utf16le').swap16();
    expect(decodeGlossaryBytes(be)).toMatchObject({ text, encoding: 'utf-16be' });
  });

  it('falls back to Windows-1252 when the bytes are not UTF-8', () => {
    const cp1252 = new Uint8Array([
      0x47, 0x72, 0xf6, 0xdf, 0x65, 0x2c, 0x80, 0x20, 0x93, 0x78, 0x94, 0x0d, 0x0a,
    ]);
    expect(decodeGlossaryBytes(cp1252)).toStrictEqual({
      text,
      encoding: 'windows-1252',
      replacedInvalid: false,
    });
  });
});
