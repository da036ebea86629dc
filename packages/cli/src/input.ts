// Reading the text files a command is given (term lists, subtitles): a file that cannot be read is an I/O
// problem (exit 2); a file that is not text at all is refused as such, before a parser reads a video as
// Windows-1252 and reports dozens of meaningless text errors.
import { readFile } from 'node:fs/promises';
import { inputError, usageError } from './exit-codes.ts';

/**
 * Text in any encoding these files come in has no NUL byte, except UTF-16, where ASCII characters leave NULs
 * on every other byte (all at even or all at odd offsets). NULs on both sides mean binary data.
 */
export function looksBinary(bytes: Uint8Array): boolean {
  const head = bytes.subarray(0, 8192);
  if ((head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff)) return false;
  let even = 0;
  let odd = 0;
  for (let i = 0; i < head.length; i++) {
    if (head[i] === 0) {
      if (i % 2 === 0) even++;
      else odd++;
    }
  }
  return even > 0 && odd > 0;
}

export async function readTextFile(path: string): Promise<Buffer> {
  let bytes: Buffer;
  try {
    bytes = await readFile(path);
  } catch (error) {
    throw usageError(
      `cannot read ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
    );
  }
  if (looksBinary(bytes)) {
    throw inputError(`${path}: error not-text: not a text file (it holds binary data, such as a video's)`);
  }
  return bytes;
}
