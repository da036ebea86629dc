// The demo to use: the fake Slack's web client for the demo's workspaces, with the real app and the emulator
// behind it. Seeds Acme's #localization with a short welcome, puts #marketing on autopilot (autopilot.ts),
// prints the page's address (and opens it when the machine has a display), and runs until Ctrl-C. In HTTP
// mode the sidebar switches to Globex Studios, where "Add to Slack" installs the app through its install page.
import { spawn } from 'node:child_process';
import type { SlackMode } from '@dubkit/slack-sandbox';
import { autopilotMarketing } from './autopilot.ts';
import { type DemoStage, demoStage } from './stage.ts';
import { ACME, GLOBEX, GLOBEX_ACCOUNT, LOCALIZATION } from './workspace.ts';

const welcome = (bot: string, oauth: boolean) =>
  [
    '👋 *Welcome to the dubkit demo.* Everything here is local: a stand-in for Slack, the real dubkit app, and an emulator of the dubbing service.',
    '• Type `/dub https://www.youtube.com/watch?v=dubkit-launch-keynote` below, pick languages on the card and press *Start*.',
    `• Or drop a video file on the message box, or mention <@${bot}> with a link.`,
    '• When a language is dubbed: *Review translation*, edit a line, *Save*, then *Render again* and *Approve*.',
    '• #marketing is on autopilot (`/dub settings` there): post a video link in it and it is dubbed into Spanish by itself, up to 60 minutes a day.',
    '• Or *Run workflow: Dub a video* in the sidebar, as a Workflow Builder step would (its runs under *Workflow runs*).',
    '• Switch person at the top left: Omar is in no channel, and may not touch the jobs.',
    ...(oauth
      ? [
          `• Switch workspace at the top left: in *${GLOBEX.name}* the app is not installed yet. *Add to Slack* there goes through the app's install page, as a new workspace would; then Gina (an admin) connects Globex's own dubbing account with \`/dub connect\` (token \`${GLOBEX_ACCOUNT.token}\`), and Globex sees none of Acme's jobs.`,
        ]
      : []),
  ].join('\n');

export async function serveWorkspace(mode: SlackMode): Promise<void> {
  // The web client's dubs run slower than the scripted scene's, so that a person can watch them.
  const stage = await demoStage({ mode, web: true, speed: 4 });
  const web = stage.web;
  if (!web) throw new Error('the stage started without its web client');
  await postWelcome(stage);
  await autopilotMarketing(stage);
  const url = `${web.url}/#user=U0ANA&channel=${LOCALIZATION}`;
  console.log(`dubkit demo (${mode === 'socket' ? 'Socket Mode' : 'HTTP'}): open ${url}`);
  if (stage.oauth) console.log(`the app's install page (for ${GLOBEX.name}): ${stage.installUrl()}`);
  console.log(`emulator at ${stage.serviceUrl}; Ctrl-C stops everything.`);
  openBrowser(url);
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  await stage.close();
  process.exit(0);
}

/** The welcome in Acme's #localization, as if the app had posted it: with Acme's bot token, as the app has it. */
export async function postWelcome(stage: DemoStage): Promise<void> {
  const token = stage.oauth
    ? (await stage.app.installs?.installations.get(ACME.id))?.bot?.token
    : stage.env.SLACK_BOT_TOKEN;
  const response = await fetch(`${stage.slack.apiUrl}chat.postMessage`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ channel: LOCALIZATION, text: welcome(stage.acme().botUserId, stage.oauth) }),
  });
  if (!response.ok) throw new Error(`the welcome was not posted (HTTP ${response.status})`);
}

/** Opens the page in the desktop's browser, only where there is a desktop (a display, or macOS). */
function openBrowser(url: string): void {
  const display =
    Boolean(process.env.DISPLAY || process.env.WAYLAND_DISPLAY) || process.platform === 'darwin';
  if (!display || process.env.CI) return;
  const opener = process.platform === 'darwin' ? 'open' : 'xdg-open';
  const child = spawn(opener, [url], { stdio: 'ignore', detached: true });
  child.on('error', () => console.log(`(could not start ${opener}: open the address yourself)`));
  child.unref();
}
