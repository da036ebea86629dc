// Installing the app as a browser does, against the local Slack: the install page's "Add to Slack" link with
// its state cookie, Slack's authorize page approved for a workspace or an org, and the redirect back.
import { randomBytes } from 'node:crypto';
import { type Stage, type StartedApp, waitFor } from '@dubkit/slack-sandbox';
import { expect } from 'vitest';
import { WAIT_MS } from './people.ts';

/** OAuth mode's variables for the local Slack's app `client`, with a state secret and a key made for the run. */
export function oauthEnv(client: { id: string; secret: string }): Record<string, string> {
  return {
    SLACK_CLIENT_ID: client.id,
    SLACK_CLIENT_SECRET: client.secret,
    SLACK_STATE_SECRET: randomBytes(24).toString('hex'),
    DUBKIT_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
  };
}

/**
 * The local Slack's side of OAuth mode: it knows the app `client` and `workspaces` (none installed yet), and
 * `admin` is a workspace admin; the emulator knows `account`, a dubbing account an admin may connect.
 */
export function oauthWorld(
  stage: Stage<StartedApp>,
  client: { id: string; secret: string },
  world: {
    workspaces: { id: string; name: string; enterpriseId?: string }[];
    account: { token: string; name: string; minutes: number };
    admin: string;
  },
): void {
  stage.slack.installs.configureApp({ clientId: client.id, clientSecret: client.secret });
  for (const workspace of world.workspaces) stage.slack.installs.addWorkspace(workspace);
  stage.emulator.addToken(world.account.token, world.account.name);
  stage.emulator.setCredits(world.account.name, { minutes: world.account.minutes });
  stage.slack.setUser({ id: world.admin, is_admin: true });
}

/** A workspace admin connects the workspace's dubbing account (`/dub connect`, then its dialog): its answer. */
export async function connectAccount(
  stage: Stage<StartedApp>,
  where: { team: string; channel: string; admin: string; token: string },
): Promise<{ body: string }> {
  const workspace = stage.driver.in(where.team);
  await workspace.command({ text: 'connect', channel: where.channel, user: where.admin });
  await waitFor(() => stage.slack.callsOf('views.open').at(-1), WAIT_MS, 'the connect modal');
  return workspace.submitView({
    viewId: stage.slack.views.at(-1)?.id ?? '',
    user: where.admin,
    values: { dubbing_token: { token: { type: 'plain_text_input', value: where.token } } },
  });
}

/** The install pages of the running app (`app()`: the app of the moment, or the proxy before its replicas). */
export function installPages(app: () => { eventsUrl?: string | undefined }) {
  const appUrl = () => (app().eventsUrl ?? '').replace('/slack/events', '');

  /** The install page's "Add to Slack" link and the state cookie it set. */
  async function installPage(): Promise<{ authorize: URL; cookie: string }> {
    const page = await fetch(`${appUrl()}/slack/install`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Add to Slack');
    const href = /href="([^"]+)"/.exec(html)?.[1] ?? '';
    const authorize = new URL(
      href.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code))),
    );
    return { authorize, cookie: (page.headers.get('set-cookie') ?? '').split(';')[0] ?? '' };
  }

  /** Slack's authorize page, approved by a person for `team` (a workspace, or an org for an org-wide install). */
  async function approve(authorize: URL, team: string): Promise<string> {
    authorize.searchParams.set('team', team);
    const answer = await fetch(authorize, { redirect: 'manual' });
    expect(answer.status).toBe(302);
    return answer.headers.get('location') ?? '';
  }

  async function back(location: string, cookie: string): Promise<{ status: number; text: string }> {
    const answer = await fetch(location, { headers: cookie ? { cookie } : {} });
    return { status: answer.status, text: await answer.text() };
  }

  /** The whole install, as a browser goes through it. */
  async function install(team: string): Promise<string> {
    const { authorize, cookie } = await installPage();
    const done = await back(await approve(authorize, team), cookie);
    expect(done.status, done.text).toBe(200);
    expect(done.text).toContain('dubkit is installed');
    return done.text;
  }

  return { installPage, approve, back, install };
}
