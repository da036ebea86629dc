import { describe, expect, it } from 'vitest';
import { decodeSrtBytes, decodeWindows1252 } from './decode.ts';

describe('decodeWindows1252', () => {
  it('maps every byte of 0x80–0x9F as Windows-1252 does, and the rest as Latin-1', () => {
    const high = decodeWindows1252(Uint8Array.from({ length: 32 }, (_, i) => 0x80 + i));
    expect(high).toBe('€\x81‚ƒ„…†‡ˆ‰Š‹Œ\x8dŽ\x8f\x90‘’“”•–—˜™š›œ\x9džŸ');
    expect(decodeWindows1252(Uint8Array.of(0x41, 0xa0, 0xe9, 0xff))).toBe('A\u00a0éÿ');
  });
});

describe('decodeSrtBytes', () => {
  it('says on which line the first byte that is not UTF-8 is', () => {
    const bytes = Uint8Array.of(0x61, 0x0d, 0x0a, 0x62, 0x0d, 0x63, 0x0a, 0x92, 0x0a);
    expect(decodeSrtBytes(bytes)).toEqual({
      text: 'a\r\nb\rc\n’\n',
      issues: [
        {
          line: 4,
          severity: 'warning',
          code: 'not-utf8',
          message: 'the file is not valid UTF-8 (byte 0x92); read it as Windows-1252',
        },
      ],
    });
  });

  it('takes overlong and surrogate UTF-8 forms as not UTF-8', () => {
    expect(decodeSrtBytes(Uint8Array.of(0x61, 0xc0, 0xaf)).issues[0]?.code).toBe('not-utf8');
    expect(decodeSrtBytes(Uint8Array.of(0x61, 0xed, 0xa0, 0x80)).issues[0]?.code).toBe('not-utf8');
  });

  it('reads well-formed multi-byte UTF-8 without an issue', () => {
    expect(decodeSrtBytes(new TextEncoder().encode('é € 😀'))).toEqual({ text: 'é € 😀', issues: [] });
  });

  it('reads UTF-16 BE without a BOM', () => {
    expect(decodeSrtBytes(Uint8Array.of(0x00, 0x31, 0x00, 0x0a))).toEqual({ text: '1\n', issues: [] });
  });
});
