// Where the CLI's credentials come from, first found wins: the environment (DUBKIT_TOKEN, or DUBKIT_CLIENT_ID
// and DUBKIT_CLIENT_SECRET), a .env file in the current folder, then what `dubkit auth login` stored in the
// user's config folder ($XDG_CONFIG_HOME/dubkit, else ~/.config/dubkit), as `gh` does. The stored file is
// readable by its owner only (0600, in a 0700 folder): it holds a secret.
import { readFileSync } from 'node:fs';
import { chmod, mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { usageError } from './exit-codes.ts';
import { fileError } from './input.ts';

export type Credentials = { token: string } | { clientId: string; clientSecret: string };

export interface FoundCredentials {
  credentials: Credentials;
  /** For messages: which variables or file they came from, in the words a person can act on. */
  source: string;
}

/** The folder `dubkit auth login` writes to, or undefined when neither XDG_CONFIG_HOME nor HOME is set. */
export function configFolder(env: Record<string, string | undefined>): string | undefined {
  if (env.XDG_CONFIG_HOME) return join(env.XDG_CONFIG_HOME, 'dubkit');
  return env.HOME ? join(env.HOME, '.config', 'dubkit') : undefined;
}

export function credentialsFile(env: Record<string, string | undefined>): string | undefined {
  const folder = configFolder(env);
  return folder === undefined ? undefined : join(folder, 'credentials.json');
}

/** Credentials from variables (the environment merged with .env), if any are set. */
export function fromVariables(vars: Record<string, string | undefined>): FoundCredentials | undefined {
  if (vars.DUBKIT_TOKEN) return { credentials: { token: vars.DUBKIT_TOKEN }, source: 'DUBKIT_TOKEN' };
  const { DUBKIT_CLIENT_ID: clientId, DUBKIT_CLIENT_SECRET: clientSecret } = vars;
  if (clientId && clientSecret) {
    return { credentials: { clientId, clientSecret }, source: 'DUBKIT_CLIENT_ID and DUBKIT_CLIENT_SECRET' };
  }
  if (clientId || clientSecret) {
    throw usageError(
      `${clientId ? 'DUBKIT_CLIENT_ID' : 'DUBKIT_CLIENT_SECRET'} is set without ${clientId ? 'DUBKIT_CLIENT_SECRET' : 'DUBKIT_CLIENT_ID'}: set both, or DUBKIT_TOKEN instead`,
    );
  }
  return undefined;
}

export function readStored(env: Record<string, string | undefined>): FoundCredentials | undefined {
  const file = credentialsFile(env);
  if (file === undefined) return undefined;
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw fileError(file, error as NodeJS.ErrnoException);
  }
  const stored = JSON.parse(text) as Partial<Record<'token' | 'clientId' | 'clientSecret', string>>;
  const source = `the credentials of \`dubkit auth login\` (${file})`;
  if (stored.token) return { credentials: { token: stored.token }, source };
  if (stored.clientId && stored.clientSecret) {
    return { credentials: { clientId: stored.clientId, clientSecret: stored.clientSecret }, source };
  }
  throw usageError(`${file} holds no token: run \`dubkit auth login\` again`);
}

export async function store(
  env: Record<string, string | undefined>,
  credentials: Credentials,
): Promise<string> {
  const folder = configFolder(env);
  const file = credentialsFile(env);
  if (folder === undefined || file === undefined) {
    throw usageError('nowhere to store credentials: set HOME or XDG_CONFIG_HOME, or use DUBKIT_TOKEN');
  }
  await mkdir(folder, { recursive: true, mode: 0o700 });
  // Created with 0600 and set to it again, in case the file was there before with wider permissions.
  await writeFile(file, `${JSON.stringify(credentials)}\n`, { mode: 0o600 });
  await chmod(file, 0o600);
  return file;
}

/** Removes the stored credentials; returns the file's path, or undefined when nothing was stored. */
export async function forget(env: Record<string, string | undefined>): Promise<string | undefined> {
  const file = credentialsFile(env);
  if (file === undefined) return undefined;
  try {
    if (readStored(env) === undefined) return undefined;
  } catch {
    // Unreadable or damaged: removed all the same.
  }
  await rm(file, { force: true });
  return file;
}
