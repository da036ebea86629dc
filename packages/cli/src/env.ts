// Where the client's settings come from: the environment, then a `.env` file in the working folder for what the
// environment leaves unset (the environment wins, as in dotenv and Node's --env-file).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseEnv } from 'node:util';
import { usageError } from './exit-codes.ts';

export function loadEnv(cwd: string, env: NodeJS.ProcessEnv): Record<string, string | undefined> {
  let text: string;
  try {
    text = readFileSync(join(cwd, '.env'), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { ...env };
    throw usageError(`cannot read .env: ${(error as Error).message}`);
  }
  return { ...parseEnv(text), ...env };
}
