// Credentials where they belong: client credentials are not sent to the hosted sign-in server when the CLI talks
// to another service, and no secret in an address (user, password, query) is printed or put in JSON output.
import { describe, expect, it } from 'vitest';
import { dubkit, emulator, workFolder } from './test-support/cli.ts';

const CLIENT = { clientId: 'cli-client', clientSecret: 'cl13nt-s3cr3t', account: 'default' };
const clientEnv = {
  DUBKIT_TOKEN: '',
  DUBKIT_CLIENT_ID: CLIENT.clientId,
  DUBKIT_CLIENT_SECRET: CLIENT.clientSecret,
};

describe('client credentials and another service', () => {
  it('refuses --base-url or DUBKIT_BASE_URL of another service without DUBKIT_TOKEN_URL, naming it', async () => {
    const service = await emulator({ clients: [CLIENT] });
    const cwd = await workFolder();
    const flag = await dubkit(['--base-url', service.url, 'credits'], { cwd, env: clientEnv });
    expect(flag.code).toBe(2);
    expect(flag.stderr).toContain(
      `dubkit: DUBKIT_CLIENT_ID and DUBKIT_CLIENT_SECRET would be sent to the hosted service's sign-in server, not to ${service.url} (--base-url): set DUBKIT_TOKEN_URL to that service's token address (the emulator's is ${service.url}/oauth2/token), or use DUBKIT_TOKEN`,
    );
    const variable = await dubkit(['credits'], { cwd, env: { ...clientEnv, DUBKIT_BASE_URL: service.url } });
    expect(variable.code).toBe(2);
    expect(variable.stderr).toContain('(DUBKIT_BASE_URL): set DUBKIT_TOKEN_URL');

    const signedIn = await dubkit(['--base-url', service.url, 'credits'], {
      cwd,
      env: { ...clientEnv, DUBKIT_TOKEN_URL: `${service.url}/oauth2/token` },
    });
    expect(signedIn.code).toBe(0);
    expect(signedIn.stdout).toMatch(/^minutes +\d+ of \d+ left$/m);
  });
});

describe('secrets in addresses', () => {
  it('prints no user, password or query of DUBKIT_TOKEN_URL or --base-url, in messages or JSON', async () => {
    const service = await emulator({ clients: [CLIENT] });
    const cwd = await workFolder();
    const secret = 'tok3n-url-s3cr3t';
    const closed = 'http://127.0.0.1:9';
    for (const tokenUrl of [
      `${closed}/oauth2/token?client_secret=${secret}`,
      `http://user:${secret}@127.0.0.1:9/oauth2/token`,
    ]) {
      const run = await dubkit(['--json', '--base-url', service.url, 'credits'], {
        cwd,
        env: { ...clientEnv, DUBKIT_TOKEN_URL: tokenUrl },
      });
      expect(run.code).toBe(2);
      expect(run.stderr).toContain(
        'dubkit: cannot reach http://127.0.0.1:9 (DUBKIT_TOKEN_URL): nothing answers there',
      );
      expect(`${run.stderr}${run.stdout}`).not.toContain(secret);
      expect(JSON.parse(run.stdout).error.exitCode).toBe(2);
    }
    for (const baseUrl of [`${service.url}/?token=${secret}`, `ftp://127.0.0.1/?token=${secret}`]) {
      const run = await dubkit(['--json', '--base-url', baseUrl, 'credits'], { cwd });
      expect(run.code).toBe(2);
      expect(run.stderr).toContain('?…');
      expect(`${run.stderr}${run.stdout}`).not.toContain(secret);
    }
  });
});
