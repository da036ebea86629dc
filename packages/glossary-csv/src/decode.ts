// Bytes to text: picks the encoding a spreadsheet or term-base tool most likely wrote, from the byte-order mark
// or, without one, by trying UTF-8 and falling back to Windows-1252 (Excel's "CSV" on Western Windows).
import type { TextEncodingName } from './types.ts';
import { decodeWindows1252 } from './windows-1252.ts';

export interface DecodedText {
  text: string;
  encoding: TextEncodingName;
  /** True when the bytes claimed UTF-8 (by BOM) but held invalid sequences, now U+FFFD. */
  replacedInvalid: boolean;
  /**
   * UTF-16 with an odd number of bytes: the last byte, half a character, which was left out of `text` (TextDecoder
   * would have made it a U+FFFD at the end of the last term without a word). The caller reports it.
   */
  droppedByte?: number;
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const lenientUtf8 = new TextDecoder('utf-8', { ignoreBOM: true });

export function decodeGlossaryBytes(bytes: Uint8Array): DecodedText {
  const [b0, b1, b2] = bytes;
  if (b0 === 0xef && b1 === 0xbb && b2 === 0xbf) {
    const body = bytes.subarray(3);
    try {
      return { text: strictUtf8.decode(body), encoding: 'utf-8-bom', replacedInvalid: false };
    } catch {
      return { text: lenientUtf8.decode(body), encoding: 'utf-8-bom', replacedInvalid: true };
    }
  }
  if (b0 === 0xff && b1 === 0xfe) return decodeUtf16(bytes, 'utf-16le');
  if (b0 === 0xfe && b1 === 0xff) return decodeUtf16(bytes, 'utf-16be');
  try {
    return { text: strictUtf8.decode(bytes), encoding: 'utf-8', replacedInvalid: false };
  } catch {
    return { text: decodeWindows1252(bytes), encoding: 'windows-1252', replacedInvalid: false };
  }
}

/** UTF-16 after its BOM; an odd last byte is left out and returned as `droppedByte`. */
function decodeUtf16(bytes: Uint8Array, encoding: 'utf-16le' | 'utf-16be'): DecodedText {
  const body = bytes.subarray(2);
  const odd = body.length % 2 === 1;
  const text = new TextDecoder(encoding, { ignoreBOM: true }).decode(odd ? body.subarray(0, -1) : body);
  return {
    text,
    encoding,
    replacedInvalid: false,
    ...(odd && { droppedByte: body[body.length - 1]! }),
  };
}
