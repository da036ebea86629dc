// Install from a link, with Bolt's conventional paths: GET /slack/install answers a small page with an
// "Add to Slack" button (Slack's authorize URL with a fresh state), and GET /slack/oauth_redirect is where
// Slack sends the browser back with a code, which is exchanged (oauth.v2.access, through SLACK_API_URL) and
// stored as the installation. The success page says what to do next in Slack.
//
// The state is signed with SLACK_STATE_SECRET, expires after STATE_TTL_MS, is used once (the store keeps the
// used ones until they expire) and is tied to the browser that started the install by a cookie.
//
// Installs started from Slack itself (the app's settings page, the App Directory, an org admin adding the app
// to a workspace) arrive without a state. Slack's guidance is to accept them where that is safe, and here it
// is: a state protects a browser session from being tied to someone else's install, and this app ties no
// session, account or person to an install — what it stores comes only from Slack's answer to the code,
// which is single-use, good only with this app's client secret and redirect URL, and names the workspace
// whose member approved it. So a redirect with no state is accepted; a redirect that carries a state must
// carry a valid one (a forged, expired, replayed or other browser's state is refused).
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import type { InstallationStore } from './installations.ts';
import { BOT_SCOPES } from './scopes.ts';
import { exchangeCode, type OAuthClient } from './slack-oauth.ts';

export const INSTALL_PATH = '/slack/install';
export const REDIRECT_PATH = '/slack/oauth_redirect';
/** How long an install may take from the page to Slack's redirect. */
export const STATE_TTL_MS = 10 * 60_000;
const STATE_COOKIE = 'dubkit-oauth-state';

export interface InstallRoutesOptions extends OAuthClient {
  stateSecret: string;
  installations: InstallationStore;
  logger: Logger;
  /** SLACK_REDIRECT_URI; else derived from the request (its Host, and X-Forwarded-Proto behind a proxy). */
  redirectUri?: string;
  /** Told of every install stored (the server logs it; tests wait for it). */
  onInstalled?: (tenant: string) => void;
}

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

export function installRoutes(options: InstallRoutesOptions): Record<string, Handler> {
  const now = options.now ?? Date.now;
  const fail = (res: ServerResponse, error: unknown) => {
    options.logger.warn({ err: error }, 'an install failed');
    page(res, 500, 'The install did not finish', [
      'Slack did not confirm the install. Start again from the install page; if it fails again, ask the person who runs dubkit to look at its log.',
    ]);
  };
  // GET only: a HEAD (a link checker, a prefetch) must not start an install, nor spend a code.
  const getOnly =
    (handler: Handler): Handler =>
    (req, res) => {
      if (req.method === 'GET') handler(req, res);
      else res.writeHead(405, { allow: 'GET' }).end();
    };
  return {
    [INSTALL_PATH]: getOnly((req, res) => {
      const { state, nonce } = signState(options.stateSecret, now() + STATE_TTL_MS);
      const authorize = new URL('../oauth/v2/authorize', options.slackApiUrl ?? 'https://slack.com/api/');
      authorize.search = new URLSearchParams({
        client_id: options.clientId,
        scope: BOT_SCOPES.join(','),
        user_scope: '',
        redirect_uri: redirectUri(req, options.redirectUri),
        state,
      }).toString();
      res.setHeader(
        'set-cookie',
        `${STATE_COOKIE}=${nonce}; Path=${REDIRECT_PATH}; Max-Age=${STATE_TTL_MS / 1000}; HttpOnly; SameSite=Lax${secure(req) ? '; Secure' : ''}`,
      );
      page(res, 200, 'Add dubkit to Slack', [
        'dubkit dubs and subtitles videos from a Slack thread. Add it to your workspace (or, as an Enterprise Grid admin, to your whole org):',
        `<a href="${escapeHtml(authorize.toString())}"><strong>Add to Slack</strong></a>`,
      ]);
    }),
    [REDIRECT_PATH]: getOnly((req, res) => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const error = url.searchParams.get('error');
      if (error) {
        page(res, 200, 'Not installed', [
          `Slack says the install was not approved (${escapeHtml(error)}). Nothing was changed; you can start again from the install page.`,
        ]);
        return;
      }
      const code = url.searchParams.get('code');
      if (!code) {
        page(res, 400, 'Not installed', ['This address is where Slack sends you back during an install.']);
        return;
      }
      const state = url.searchParams.get('state');
      const checked =
        state === null ? Promise.resolve(true) : checkState(state, cookieOf(req), options, now());
      checked
        .then(async (ok) => {
          if (!ok) {
            page(res, 400, 'Not installed', [
              'This install link has expired or was already used. Start again from the install page.',
            ]);
            return;
          }
          const install = await exchangeCode(options, code, redirectUri(req, options.redirectUri));
          await options.installations.save(install, now());
          options.logger.info(
            { tenant: install.key, orgInstall: install.orgInstall, stateless: state === null },
            'installed',
          );
          options.onInstalled?.(install.key);
          const where = install.orgInstall
            ? `your org ${escapeHtml(install.teamName)}. An org admin now adds it to the workspaces that should use it (Manage apps → dubkit → Add to workspaces).`
            : `the workspace ${escapeHtml(install.teamName)}.`;
          page(res, 200, 'dubkit is installed', [
            `dubkit is now in ${where}`,
            'Next, in Slack: invite it to a channel with <code>/invite @dubkit</code>, then type <code>/dub</code> there with a video link (<code>/dub help</code> lists what it does).',
            'A workspace admin can connect the workspace’s own dubbing account with <code>/dub connect</code>.',
          ]);
        })
        .catch((error: unknown) => fail(res, error));
    }),
  };
}

/** `<payload>.<signature>`, base64url: the payload is the nonce and the expiry, the signature an HMAC of it. */
function signState(secret: string, expiresAt: number): { state: string; nonce: string } {
  const nonce = randomBytes(16).toString('base64url');
  const payload = Buffer.from(JSON.stringify({ n: nonce, e: expiresAt })).toString('base64url');
  return { state: `${payload}.${sign(secret, payload)}`, nonce };
}

async function checkState(
  state: string,
  cookie: string | undefined,
  options: InstallRoutesOptions,
  now: number,
): Promise<boolean> {
  const [payload = '', signature = ''] = state.split('.');
  const expected = Buffer.from(sign(options.stateSecret, payload));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
  let parsed: { n?: unknown; e?: unknown };
  try {
    parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return false;
  }
  if (typeof parsed.n !== 'string' || typeof parsed.e !== 'number' || parsed.e < now) return false;
  if (cookie !== parsed.n) return false;
  return options.installations.useState(parsed.n, parsed.e, now);
}

function sign(secret: string, payload: string): string {
  return createHmac('sha256', secret).update(payload).digest('base64url');
}

function cookieOf(req: IncomingMessage): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === STATE_COOKIE) return value.join('=');
  }
  return undefined;
}

function secure(req: IncomingMessage): boolean {
  return (req.headers['x-forwarded-proto'] ?? '').toString().split(',')[0]?.trim() === 'https';
}

/** The redirect URL Slack is told: SLACK_REDIRECT_URI, or this server's own address as the request shows it. */
function redirectUri(req: IncomingMessage, configured: string | undefined): string {
  if (configured) return configured;
  return `${secure(req) ? 'https' : 'http'}://${req.headers.host ?? 'localhost'}${REDIRECT_PATH}`;
}

function page(res: ServerResponse, status: number, title: string, paragraphs: string[]): void {
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
  });
  res.end(
    `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem}</style></head>
<body><h1>${escapeHtml(title)}</h1>${paragraphs.map((p) => `<p>${p}</p>`).join('')}</body></html>`,
  );
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
