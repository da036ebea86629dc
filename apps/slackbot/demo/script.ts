// The scripted scene (`pnpm demo -- --script`, and whenever nobody can click): a link dropped mentioning
// the app (with the preview Slack makes of it), the card naming the video, its length and the minutes the
// languages leave, Spanish and German picked, Start pressed, and the thread printed as it reads in Slack,
// edits included; then #marketing on autopilot, where Ben's link posted to nobody dubs itself into Spanish;
// then a workflow runs the "Dub a video" step, and what the step hands to the next one is printed. All of
// that in Acme Localization; then (HTTP mode, the app in OAuth mode) a second workspace, Globex Studios,
// installs the app through its install page as a browser does, its admin connects Globex's own dubbing
// account, Hugo dubs a link there, and Globex's `/dub list` and App Home show his job and none of Acme's.
// Exits 0 once both dubs and their subtitle files are in the thread, every edit is made, the autopilot's
// Spanish dub is in its thread, the workflow's step completed and Globex's dub is in, on its own account.
import {
  byKind,
  keyOf,
  renderMessage,
  runWorkflowStep,
  type SlackMessage,
  type SlackMode,
  waitFor,
} from '@dubkit/slack-sandbox';
import { autopilotMarketing } from './autopilot.ts';
import { installThroughPage } from './install.ts';
import { type DemoStage, demoStage } from './stage.ts';
import {
  ACME,
  BEN,
  LOCALIZATION as CHANNEL,
  GINA,
  GLOBEX,
  GLOBEX_ACCOUNT,
  HUGO,
  MARKETING,
  ANA as USER,
  VIDEO,
} from './workspace.ts';

const LANGS = ['es', 'de'];
const KEYNOTE = 'Dubkit launch keynote';
const AUTOPILOT_LINK = 'https://vimeo.com/dubkit-weekly-episode-12';
const WORKFLOW_LINK = 'https://vimeo.com/dubkit-weekly-update';
const DEADLINE_MS = 50_000;
/** A one-language dub at the scene's pace, with room for a loaded machine. */
const WORKFLOW_MS = 30_000;

export async function playScene(MODE: SlackMode): Promise<never> {
  const started = Date.now();
  const stamp = () => `+${((Date.now() - started) / 1000).toFixed(1).padStart(4)}s`;
  const who = (m: SlackMessage) => (m.bot_id ? 'dubkit' : `@${m.user}`);
  const indent = (lines: string[], pad: string) => lines.map((line) => `${pad}${line}`).join('\n');

  const stage = await demoStage({ mode: MODE, web: false });
  const { slack } = stage;
  const acme = stage.acme();
  let rootTs = '';
  const inThread = (m: SlackMessage) => m.channel === CHANNEL && (m.ts === rootTs || m.thread_ts === rootTs);

  slack.on('message', (m) => {
    if (!inThread(m)) return;
    const where = m.ts === rootTs ? '#localization' : '  └ reply';
    console.log(`${stamp()} ${where} ${who(m)}:\n${indent(renderMessage(m), '      ')}`);
  });
  slack.on('update', (m) => {
    if (!inThread(m)) return;
    console.log(`${stamp()}   ✎ ${who(m)} edited:\n${indent(renderMessage(m), '      ')}`);
  });
  slack.on('ephemeral', (e) => console.log(`${stamp()}   (only @${e.user} sees) ${e.text}`));

  let exitCode = 1;
  try {
    const app =
      MODE === 'socket'
        ? `app in Socket Mode (${slack.socketMode.openConnections} WebSocket connection to the fake Slack), one workspace`
        : `app at ${stage.app.eventsUrl} in OAuth mode, installed in Acme Localization through its install page`;
    console.log(`dubkit demo: emulator at ${stage.serviceUrl}, fake Slack at ${slack.url}, ${app}\n`);
    const link = 'https://www.youtube.com/watch?v=dubkit-launch-keynote';
    const drop = slack.postUserMessage({
      channel: CHANNEL,
      user: USER,
      text: `<@${acme.botUserId}> can we have this in Spanish and German? <${link}> It’s in English.`,
      // Slack's preview of the link: the page's title, which the card shows (the app fetches no page itself).
      attachments: [{ title: KEYNOTE, from_url: link, original_url: link }],
    });
    rootTs = drop.ts;
    console.log(
      `${stamp()} #localization @${USER}:\n      @dubkit can we have this in Spanish and German? ${link} It’s in English.`,
    );
    await acme.mention(drop);

    // The card once the service has the video ready: its length and what the languages leave of the minutes.
    const card = await waitFor(
      () =>
        slack
          .thread(CHANNEL, rootTs)
          .find((m) => JSON.stringify(m.blocks ?? []).includes('minutes left after this job')),
      20_000,
      'the job card with the video’s length and minutes',
    );
    console.log(`${stamp()}   (@${USER} picks Spanish and German and presses Start)`);
    await acme.click({
      message: card,
      actionId: 'job_start',
      user: USER,
      selections: { job_dst: LANGS },
    });

    await waitFor(
      () => {
        const thread = slack.thread(CHANNEL, rootTs);
        // Found by the delivery key in each message's metadata, whatever the reply says (QA figures included).
        const dubbed = byKind(thread, 'dubbed').length;
        const files = thread.flatMap((m) => m.files ?? []).length;
        return dubbed === LANGS.length && files === LANGS.length * 2;
      },
      DEADLINE_MS - (Date.now() - started),
      'both dubs and their subtitle files',
    );
    // The outbox posts new messages before it edits old ones: the status messages' and the card's last edits
    // may still be queued when the replies are in. The thread is printed once the app's store has every write
    // queued for the job (its card is filed as `card:<job id>`) delivered.
    const jobId = keyOf(card).slice('card:'.length);
    await waitFor(
      async () => (await (await stage.acmeStore()).deliveriesOf(jobId)).every((d) => d.state === 'done'),
      DEADLINE_MS - (Date.now() - started),
      'every status edit the app queued to be delivered',
    );
    console.log(`\n${stamp()} Both dubs delivered. The thread as it reads now:\n`);
    for (const m of slack.thread(CHANNEL, rootTs)) {
      const edits = m.history.length > 0 ? ` (edited ${m.history.length}×)` : '';
      console.log(`${m.ts === rootTs ? '' : '  └ '}${who(m)}${edits}\n${indent(renderMessage(m), '      ')}`);
    }
    await workflowScene(stage, stamp);
    const calls = slack.calls.reduce<Record<string, number>>((acc, c) => {
      acc[c.method] = (acc[c.method] ?? 0) + 1;
      return acc;
    }, {});
    console.log(`\nSlack calls made by the app: ${JSON.stringify(calls)}`);
    await autopilotAct(stage, stamp, (m) => `${who(m)}\n${indent(renderMessage(m), '      ')}`);
    // Acme's dubs as a list shows them: the keynote by its preview's title, the others by their links.
    const acmeTitles = [KEYNOTE, AUTOPILOT_LINK, WORKFLOW_LINK].map(shownAs);
    if (stage.oauth) await globexAct(stage, stamp, acmeTitles);
    if (MODE === 'socket') {
      const { envelopes } = slack.socketMode;
      const acked = envelopes.filter((e) => e.ack).length;
      console.log(`Envelopes sent over Socket Mode: ${envelopes.length}, acknowledged: ${acked}`);
    }
    exitCode = 0;
  } catch (error) {
    console.error(`demo failed: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    await stage.close();
  }
  process.exit(exitCode);
}

/** #marketing set on autopilot by Ana; Ben posts a link there, to nobody; it is dubbed into Spanish by itself. */
async function autopilotAct(
  stage: DemoStage,
  stamp: () => string,
  shown: (m: SlackMessage) => string,
): Promise<void> {
  const { slack } = stage;
  await autopilotMarketing(stage);
  const announced = await waitFor(
    () => slack.messages.find((m) => m.channel === MARKETING && m.bot_id && m.text.includes('autopilot')),
    10_000,
    'the autopilot announced in #marketing',
  );
  console.log(`\n${stamp()} #marketing ${shown(announced)}`);
  const post = slack.postUserMessage({
    channel: MARKETING,
    user: BEN,
    text: `Episode 12 is out: <${AUTOPILOT_LINK}>`,
  });
  console.log(`${stamp()} #marketing @${BEN}:\n      Episode 12 is out: ${AUTOPILOT_LINK}`);
  await stage.acme().userMessage(post);
  await waitFor(
    () => byKind(slack.thread(MARKETING, post.ts), 'dubbed').length === 1,
    DEADLINE_MS,
    'the autopilot’s Spanish dub',
  );
  const card = () => slack.thread(MARKETING, post.ts).find((m) => keyOf(m).startsWith('card:'));
  const jobId = keyOf(card() as SlackMessage).slice('card:'.length);
  // The card's last edit (Stop gone once Spanish is dubbed) may follow the reply.
  await waitFor(
    async () => (await (await stage.acmeStore()).deliveriesOf(jobId)).every((d) => d.state === 'done'),
    DEADLINE_MS,
    'every write the app queued for the autopilot’s job',
  );
  console.log(`${stamp()} Dubbed by itself. The card in its thread:\n  └ ${shown(card() as SlackMessage)}`);
}

/** A workflow reaches the "Dub a video" step: its card in #localization, then the outputs it hands on. */
async function workflowScene(stage: DemoStage, stamp: () => string): Promise<void> {
  const inputs = { video: WORKFLOW_LINK, languages: ['fr'], channel: CHANNEL };
  console.log(`\n${stamp()} A workflow runs the “Dub a video” step: ${JSON.stringify(inputs)}`);
  const { execution } = await runWorkflowStep(
    { slack: stage.slack, driver: stage.acme() },
    { callbackId: 'dub_video', inputs },
  );
  const ended = await waitFor(
    () => (execution.state === 'running' ? undefined : execution),
    WORKFLOW_MS,
    'the workflow step to complete',
  );
  if (ended.state !== 'completed') throw new Error(`the workflow step failed: ${ended.error}`);
  console.log(`${stamp()} The step completed; what it hands to the workflow's next step:`);
  for (const [name, value] of Object.entries(ended.outputs ?? {}))
    console.log(`      ${name}: ${JSON.stringify(value)}`);
}

/**
 * Globex Studios installs the app through its install page (the success page's words printed), Gina, its
 * admin, connects Globex's own dubbing account with `/dub connect`, and Hugo dubs a link in #video: on
 * Globex's account, while Acme's dubs were on the deployment's. Hugo's `/dub list` and App Home then show his
 * job and none of Acme's (`acmeTitles`), though the local Slack would count him in Acme's open channels too.
 */
async function globexAct(stage: DemoStage, stamp: () => string, acmeTitles: string[]): Promise<void> {
  const { slack } = stage;
  const globex = stage.driver.in(GLOBEX.id);
  console.log(`\n${stamp()} ${GLOBEX.name} installs dubkit from its install page, ${stage.installUrl()}:`);
  for (const paragraph of await installThroughPage(stage.installUrl(), GLOBEX.id))
    console.log(`      ${paragraph}`);

  const views = slack.views.length;
  await globex.command({ channel: VIDEO, user: GINA, text: 'connect' });
  const dialog = await waitFor(() => slack.views[views], 10_000, 'the connect dialog');
  const connected = await globex.submitView({
    viewId: dialog.id,
    user: GINA,
    values: { dubbing_token: { token: { type: 'plain_text_input', value: GLOBEX_ACCOUNT.token } } },
  });
  const left = /(\d+) minutes left/.exec(connected.body)?.[0];
  if (!left) throw new Error(`Globex's dubbing account was not connected: ${connected.body}`);
  console.log(`${stamp()} @${GINA} (admin) connects Globex's own dubbing account with /dub connect: ${left}`);
  const account = async () => (await (await stage.app.graphs.of(GLOBEX.id)).service.credits()).minutes;
  await waitFor(
    async () => (await account()).total === GLOBEX_ACCOUNT.minutes,
    10_000,
    'Globex acting on its own dubbing account',
  );

  const link = 'https://vimeo.com/globex-product-tour';
  console.log(`${stamp()} #video @${HUGO}: /dub ${link} to es`);
  await globex.command({ channel: VIDEO, user: HUGO, text: `${link} to es` });
  const card = await waitFor(
    () => slack.messages.find((m) => m.channel === VIDEO && keyOf(m).startsWith('card:')),
    10_000,
    'the job card in Globex’s #video',
  );
  const dubbed = await waitFor(
    () => byKind(slack.thread(VIDEO, card.ts), 'dubbed')[0],
    DEADLINE_MS,
    'Globex’s Spanish dub',
  );
  console.log(
    `${stamp()}   └ dubkit\n${renderMessage(dubbed)
      .map((line) => `      ${line}`)
      .join('\n')}`,
  );
  const acmeAccount = await (await stage.app.graphs.of(ACME.id)).service.credits();
  console.log(
    `${stamp()} Minutes used: Globex's own account ${(await account()).used} of ${GLOBEX_ACCOUNT.minutes}; ` +
      `the deployment's account (Acme's) ${acmeAccount.minutes.used} of ${acmeAccount.minutes.total}`,
  );

  const listed = slack.ephemerals.length;
  await globex.command({ channel: VIDEO, user: HUGO, text: 'list' });
  const list = await waitFor(
    () => slack.ephemerals.slice(listed).find((e) => e.user === HUGO),
    10_000,
    'Hugo’s /dub list in Globex',
  );
  const homes = slack.callsOf('views.publish').length;
  await globex.event({ type: 'app_home_opened', user: HUGO, channel: slack.imOf(HUGO), tab: 'home' });
  const home = await waitFor(
    () =>
      slack
        .callsOf('views.publish')
        .slice(homes)
        .find((c) => c.args.user_id === HUGO),
    10_000,
    'Hugo’s App Home in Globex',
  );
  for (const [what, shown] of [
    ['/dub list', JSON.stringify(list)],
    ['App Home', JSON.stringify(home.args.view)],
  ] as const) {
    if (!shown.includes(shownAs(link)))
      throw new Error(`Hugo's ${what} in Globex does not show his dub: ${shown}`);
    const leaked = acmeTitles.filter((title) => shown.includes(title));
    if (leaked.length > 0)
      throw new Error(`Hugo's ${what} in Globex shows Acme's jobs: ${leaked.join(', ')}`);
  }
  console.log(`${stamp()} Hugo's /dub list in Globex (only he sees it):`);
  console.log(
    renderMessage(list)
      .map((line) => `      ${line}`)
      .join('\n'),
  );
  console.log(
    `${stamp()} Globex's /dub list and App Home show its dub and none of Acme's ${acmeTitles.length}.`,
  );
}

/** A dub's title as the app shows it: a link without a preview is named by its host and path. */
function shownAs(titleOrLink: string): string {
  return titleOrLink.replace(/^https:\/\//, '');
}
