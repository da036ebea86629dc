// Slack's side of a distributed app: several workspaces and Enterprise Grid orgs, the authorize page a person
// approves an install on, `oauth.v2.access` (the authorization-code grant and, with token rotation on, the
// refresh grant), and the tokens it hands out, checked on every Web API call as Slack checks them. With
// rotation on (Slack's default for new apps here), a bot token looks like `xoxe.xoxb-1-…` and expires after
// `expires_in` seconds, and each refresh token `xoxe-1-…` is good for one refresh. An org-wide install is
// answered `is_enterprise_install: true` with `team: null`. Uninstalling revokes every token of the install.
import { randomBytes } from 'node:crypto';

export interface SandboxWorkspace {
  id: string;
  name: string;
  /** The Enterprise Grid org the workspace belongs to, if any. */
  enterpriseId?: string;
}

export interface SandboxOrg {
  id: string;
  name: string;
}

export interface OAuthAppOptions {
  clientId: string;
  clientSecret: string;
  /** Token rotation (default on): expiring `xoxe.xoxb-1-…` bot tokens and single-use refresh tokens. */
  tokenRotation?: boolean;
  /** How long a rotating bot token lives (Slack: 12 hours). */
  expiresInSeconds?: number;
}

/** One installation as Slack keeps it: a workspace's, or an org's (its key is then the E… id). */
export interface SandboxInstallation {
  key: string;
  teamId: string | null;
  enterpriseId: string | null;
  orgInstall: boolean;
  botUserId: string;
  botId: string;
  /** Who approved the install. */
  installerId: string;
  revoked: boolean;
}

/** What a token given to the Web API stands for. */
export interface TokenGrant {
  installation: SandboxInstallation;
  kind: 'bot' | 'refresh';
  expiresAt?: number;
  revoked: boolean;
  /** A refresh token already exchanged (each is single-use). */
  used: boolean;
}

export type TokenCheck = { ok: true; grant: TokenGrant } | { ok: false; error: string };

interface PendingCode {
  installation: SandboxInstallation;
  redirectUri: string;
  scope: string;
  expiresAt: number;
}

/**
 * Methods that list or look up a workspace's things: with an org-wide install's token they must name the
 * workspace (`team_id`), or Slack answers `missing_argument` (a workspace's token needs none).
 */
export const ORG_TOKEN_NEEDS_TEAM_ID: ReadonlySet<string> = new Set([
  'conversations.list',
  'users.list',
  'usergroups.list',
  'usergroups.users.list',
]);

/** Slack's authorization codes live ten minutes and are single-use. */
const CODE_TTL_MS = 10 * 60_000;

export class SandboxInstalls {
  readonly workspaces = new Map<string, SandboxWorkspace>();
  readonly orgs = new Map<string, SandboxOrg>();
  readonly installations = new Map<string, SandboxInstallation>();
  readonly #tokens = new Map<string, TokenGrant>();
  readonly #codes = new Map<string, PendingCode>();
  /** How many refresh grants were answered with new tokens (a test checks two replicas used one). */
  refreshes = 0;
  #app: OAuthAppOptions | undefined;

  /** Registers the app's client id and secret (its OAuth settings); needed before any install. */
  configureApp(app: OAuthAppOptions): void {
    this.#app = app;
  }

  addWorkspace(workspace: SandboxWorkspace): void {
    this.workspaces.set(workspace.id, { ...workspace });
  }

  addOrg(org: SandboxOrg): void {
    this.orgs.set(org.id, { ...org });
  }

  /**
   * The authorize page's answer: the person `user` approves the install into `team` (a T… workspace, or an E…
   * org for an org-wide install). Resolves to where Slack sends the browser: the redirect URL with a `code`
   * and the `state` it was given, or with `error` when the request is not one Slack would accept. Without a
   * `team` (an install page's "Add to Slack" link, as Slack gets it), the page where the person picks the
   * workspace or org to install into, as Slack's authorize page asks.
   */
  authorize(
    query: URLSearchParams,
  ): { location: string } | { status: number; text: string } | { html: string } {
    const app = this.#app;
    const redirectUri = query.get('redirect_uri') ?? '';
    if (!app || query.get('client_id') !== app.clientId)
      return { status: 400, text: 'Invalid client_id parameter' };
    if (!URL.canParse(redirectUri)) return { status: 400, text: 'Invalid redirect_uri parameter' };
    if (!query.has('team')) return { html: this.#chooser(query) };
    const target = new URL(redirectUri);
    const state = query.get('state');
    if (state !== null) target.searchParams.set('state', state);
    const team = query.get('team') ?? '';
    const workspace = this.workspaces.get(team);
    const org = this.orgs.get(team);
    if (!workspace && !org) {
      target.searchParams.set('error', 'access_denied');
      return { location: target.toString() };
    }
    const installation = this.#installationFor(workspace, org, query.get('user') ?? 'UINSTALLER');
    const code = `${Date.now()}.${randomBytes(8).toString('hex')}`;
    this.#codes.set(code, {
      installation,
      redirectUri,
      scope: query.get('scope') ?? '',
      expiresAt: Date.now() + CODE_TTL_MS,
    });
    target.searchParams.set('code', code);
    return { location: target.toString() };
  }

  /** `oauth.v2.access`: the client authenticates with its id and secret (form fields or HTTP Basic). */
  access(args: Record<string, unknown>, basicAuth: string | undefined): Record<string, unknown> {
    const app = this.#app;
    let clientId = String(args.client_id ?? '');
    let clientSecret = String(args.client_secret ?? '');
    if (basicAuth?.startsWith('Basic ')) {
      const [id = '', secret = ''] = Buffer.from(basicAuth.slice(6), 'base64').toString('utf8').split(':');
      clientId = id;
      clientSecret = secret;
    }
    if (!app || clientId !== app.clientId) return { ok: false, error: 'invalid_client_id' };
    if (clientSecret !== app.clientSecret) return { ok: false, error: 'bad_client_secret' };
    const grantType = String(args.grant_type ?? 'authorization_code');
    if (grantType === 'refresh_token') return this.#refresh(String(args.refresh_token ?? ''));
    const pending = this.#codes.get(String(args.code ?? ''));
    if (!pending || pending.expiresAt < Date.now()) return { ok: false, error: 'invalid_code' };
    this.#codes.delete(String(args.code));
    if (args.redirect_uri !== undefined && String(args.redirect_uri) !== pending.redirectUri)
      return { ok: false, error: 'bad_redirect_uri' };
    const installation = pending.installation;
    installation.revoked = false;
    this.installations.set(installation.key, installation);
    return {
      ok: true,
      app_id: 'ADUBKIT',
      authed_user: { id: installation.installerId },
      scope: pending.scope,
      token_type: 'bot',
      bot_user_id: installation.botUserId,
      ...this.#issue(installation),
      team: installation.teamId ? { id: installation.teamId, name: this.#nameOf(installation) } : null,
      enterprise: installation.enterpriseId
        ? { id: installation.enterpriseId, name: this.orgs.get(installation.enterpriseId)?.name ?? '' }
        : null,
      is_enterprise_install: installation.orgInstall,
    };
  }

  /** What a bearer token stands for, refused as Slack refuses it: unknown, expired or revoked. */
  check(token: string): TokenCheck {
    const grant = this.#tokens.get(token);
    if (!grant || grant.kind !== 'bot') return { ok: false, error: 'invalid_auth' };
    if (grant.revoked || grant.installation.revoked) return { ok: false, error: 'token_revoked' };
    if (grant.expiresAt !== undefined && grant.expiresAt <= Date.now())
      return { ok: false, error: 'token_expired' };
    return { ok: true, grant };
  }

  /**
   * Whether an installation's token may act in workspace `teamId`, as a method's `team_id` names it: a
   * workspace's token only there, an org's in the org's workspaces (Slack: `team_access_not_granted`).
   */
  covers(installation: SandboxInstallation, teamId: string): boolean {
    if (installation.orgInstall)
      return this.workspaces.get(teamId)?.enterpriseId === installation.enterpriseId;
    return installation.teamId === teamId;
  }

  /** The install a token was issued for, whatever its state now (a refused call is still recorded as theirs). */
  ownerOf(token: string): string | undefined {
    return this.#tokens.get(token)?.installation.key;
  }

  /** Makes every bot token of an installation expire now (a test's way to reach Slack's 12 hours at once). */
  expire(key: string): void {
    for (const grant of this.#tokens.values())
      if (grant.installation.key === key && grant.kind === 'bot') grant.expiresAt = Date.now() - 1;
  }

  /** The app is removed from a workspace or org: every token of that install is revoked at once. */
  uninstall(key: string): SandboxInstallation {
    const installation = this.installations.get(key);
    if (!installation) throw new Error(`nothing is installed in ${key}`);
    installation.revoked = true;
    for (const grant of this.#tokens.values()) if (grant.installation === installation) grant.revoked = true;
    return installation;
  }

  #installationFor(
    workspace: SandboxWorkspace | undefined,
    org: SandboxOrg | undefined,
    installerId: string,
  ): SandboxInstallation {
    const key = org ? org.id : (workspace?.id ?? '');
    const existing = this.installations.get(key);
    if (existing) return existing;
    return {
      key,
      teamId: org ? null : (workspace?.id ?? null),
      enterpriseId: org ? org.id : (workspace?.enterpriseId ?? null),
      orgInstall: org !== undefined,
      botUserId: botUserIdOf(key),
      botId: `BB${key}`,
      installerId,
      revoked: false,
    };
  }

  /** The authorize page before a pick: each workspace and org a link to this page with its `team`. */
  #chooser(query: URLSearchParams): string {
    const choices = [
      ...[...this.workspaces.values()].map((w) => ({ id: w.id, label: w.name })),
      ...[...this.orgs.values()].map((o) => ({ id: o.id, label: `${o.name} (the whole org)` })),
    ];
    const links = choices.map(({ id, label }) => {
      const pick = new URLSearchParams(query);
      pick.set('team', id);
      return `<li><a data-team="${escapeHtml(id)}" href="?${escapeHtml(pick.toString())}">${escapeHtml(label)}</a></li>`;
    });
    const none = '<p>This local Slack has no workspace to install into.</p>';
    return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Slack (local): install the app</title></head>
<body><h1>Install the app in…</h1>${choices.length > 0 ? `<ul>${links.join('')}</ul>` : none}</body></html>
`;
  }

  #nameOf(installation: SandboxInstallation): string {
    return this.workspaces.get(installation.teamId ?? '')?.name ?? '';
  }

  /** A new bot token (and refresh token, with rotation) for an installation. */
  #issue(installation: SandboxInstallation): Record<string, unknown> {
    const rotation = this.#app?.tokenRotation ?? true;
    if (!rotation) {
      const token = `xoxb-${installation.key}-${randomBytes(12).toString('hex')}`;
      this.#tokens.set(token, { installation, kind: 'bot', revoked: false, used: false });
      return { access_token: token };
    }
    const expiresIn = this.#app?.expiresInSeconds ?? 43_200;
    const token = `xoxe.xoxb-1-${randomBytes(16).toString('hex')}`;
    const refresh = `xoxe-1-${randomBytes(16).toString('hex')}`;
    this.#tokens.set(token, {
      installation,
      kind: 'bot',
      expiresAt: Date.now() + expiresIn * 1000,
      revoked: false,
      used: false,
    });
    this.#tokens.set(refresh, { installation, kind: 'refresh', revoked: false, used: false });
    return { access_token: token, refresh_token: refresh, expires_in: expiresIn };
  }

  #refresh(token: string): Record<string, unknown> {
    const grant = this.#tokens.get(token);
    if (!grant || grant.kind !== 'refresh') return { ok: false, error: 'invalid_refresh_token' };
    if (grant.revoked || grant.installation.revoked) return { ok: false, error: 'token_revoked' };
    if (grant.used) return { ok: false, error: 'invalid_refresh_token' };
    grant.used = true;
    this.refreshes += 1;
    const installation = grant.installation;
    return {
      ok: true,
      app_id: 'ADUBKIT',
      token_type: 'bot',
      bot_user_id: installation.botUserId,
      ...this.#issue(installation),
      team: installation.teamId ? { id: installation.teamId, name: this.#nameOf(installation) } : null,
      enterprise: installation.enterpriseId ? { id: installation.enterpriseId } : null,
      is_enterprise_install: installation.orgInstall,
    };
  }
}

/**
 * The bot user an install into `key` (a workspace, or an org) gets: Slack gives the app one bot user per
 * workspace (and one per org for an org-wide install); the sandbox names it after the install.
 */
export function botUserIdOf(key: string): string {
  return `UB${key}`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
