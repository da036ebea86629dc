// Reading the text files a command is given (term lists, subtitles): a file that cannot be read is an I/O
// problem (exit 2); a file that is not text at all is refused as such, before a parser reads a video as
// Windows-1252 and reports dozens of meaningless text errors.
import { readFile } from 'node:fs/promises';
import { looksBinary } from '@dubkit/srt';
import { inputError, usageError } from './exit-codes.ts';

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
