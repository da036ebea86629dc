// Reading the text files a command is given (term lists, subtitles): a file that cannot be read is an I/O
// problem (exit 2); a file that is not text at all is refused as such, before a parser reads a video as
// Windows-1252 and reports dozens of meaningless text errors.
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { looksBinary } from '@dubkit/srt';
import { type CliError, inputError, usageError } from './exit-codes.ts';

/** Why a file given on the command line cannot be read, in words (exit 2): not `ENOENT`. */
export function fileError(path: string, error: NodeJS.ErrnoException): CliError {
  const why: Record<string, string> = {
    ENOENT: 'there is no such file (paths are read from the current folder)',
    EACCES: 'permission denied',
    EPERM: 'permission denied',
    EISDIR: 'it is a folder, not a file',
    ENOTDIR: 'a part of the path is not a folder',
    ELOOP: 'too many symbolic links',
  };
  return usageError(`cannot read ${path}: ${(error.code && why[error.code]) ?? error.message}`);
}

/** Reads `path` as given on the command line, from the folder the command was run in. */
export async function readTextFile(path: string, cwd: string): Promise<Buffer> {
  let bytes: Buffer;
  try {
    bytes = await readFile(resolve(cwd, path));
  } catch (error) {
    throw fileError(path, error as NodeJS.ErrnoException);
  }
  if (looksBinary(bytes)) {
    throw inputError(`${path}: error not-text: not a text file (it holds binary data, such as a video's)`);
  }
  return bytes;
}
