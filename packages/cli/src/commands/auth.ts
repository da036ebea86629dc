// `dubkit auth login | status | logout`: credentials kept in the user's config folder (credentials.ts), as
// `gh auth` does, for people who would rather not export DUBKIT_TOKEN in every shell. The variables still win.
import { createInterface } from 'node:readline';
import type { Context } from '../context.ts';
import { credentialsFile, forget, fromVariables, readStored, store } from '../credentials.ts';
import { EXIT, usageError } from '../exit-codes.ts';

/** The token from standard input: piped (`dubkit auth login < token.txt`), or typed at a prompt, not echoed. */
async function readToken(context: Context): Promise<string> {
  const stdin = context.io.stdin;
  if (!stdin) throw usageError('no standard input to read the token from');
  if (stdin.isTTY && stdin.setRawMode) {
    context.io.stderr.write('Paste your dubbing service token (it is not shown), then Enter: ');
    stdin.setRawMode(true);
    let token = '';
    try {
      for await (const chunk of stdin) {
        const text = chunk.toString();
        if (text.includes('\u0003')) throw usageError('stopped; nothing was stored');
        const end = text.search(/[\r\n]/);
        token += end === -1 ? text : text.slice(0, end);
        if (end !== -1) break;
      }
    } finally {
      stdin.setRawMode(false);
      context.io.stderr.write('\n');
    }
    return token.trim();
  }
  for await (const line of createInterface({ input: stdin })) {
    if (line.trim()) return line.trim();
  }
  return '';
}

export async function authLogin(context: Context): Promise<number> {
  const token = await readToken(context);
  if (!token) throw usageError('no token was given; nothing was stored');
  // Checked before it is kept, against the service of --base-url (or DUBKIT_BASE_URL).
  context.useCredentials({ token }, 'the token given');
  const balance = await context.client.credits.get();
  const file = await store(context.io.env, { token });
  context.result({ stored: file });
  context.say(`Logged in; the token is stored in ${file} (readable by you only).`);
  context.note(`minutes left: ${balance.minutes.total - balance.minutes.used}`);
  return EXIT.ok;
}

export async function authStatus(context: Context): Promise<number> {
  const fromEnv = fromVariables(context.variables);
  const stored = readStored(context.io.env);
  const found = fromEnv ?? stored;
  if (!found) {
    context.result({ loggedIn: false });
    context.say('Not logged in: set DUBKIT_TOKEN, or run `dubkit auth login`.');
    return EXIT.failed;
  }
  await context.client.credits.get();
  context.result({
    loggedIn: true,
    source: found.source,
    file: stored ? credentialsFile(context.io.env) : null,
  });
  context.say(`Logged in with ${found.source}; the service accepts it.`);
  if (fromEnv && stored)
    context.say(`(${stored.source} is stored too, and used when the variables are unset.)`);
  return EXIT.ok;
}

export async function authLogout(context: Context): Promise<number> {
  const file = await forget(context.io.env);
  context.result({ removed: file ?? null });
  context.say(file ? `Logged out: ${file} removed.` : 'No stored credentials to remove.');
  if (fromVariables(context.variables)) {
    context.say(
      'DUBKIT_TOKEN (or DUBKIT_CLIENT_ID) is still set, in the environment or .env, and still used.',
    );
  }
  return EXIT.ok;
}
