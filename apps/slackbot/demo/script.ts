// The scripted scene (`pnpm demo -- --script`, and whenever nobody can click): a link dropped mentioning
// the app (with the preview Slack makes of it), the card naming the video, its length and the minutes the
// languages leave, Spanish and German picked, Start pressed, and the thread printed as it reads in Slack,
// edits included; then #marketing on autopilot, where Ben's link posted to nobody dubs itself into Spanish;
// then a workflow runs the "Dub a video" step, and what the step hands to the next one is printed. Exits 0
// once both dubs and their subtitle files are in the thread, every edit is made, the autopilot's Spanish dub
// is in its thread and the workflow's step completed.
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
import { demoStage } from './stage.ts';
import { BEN, LOCALIZATION as CHANNEL, MARKETING, ANA as USER } from './workspace.ts';

const LANGS = ['es', 'de'];
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
        ? `app in Socket Mode (${slack.socketMode.openConnections} WebSocket connection to the fake Slack)`
        : `app at ${stage.app.eventsUrl}`;
    console.log(`dubkit demo: emulator at ${stage.serviceUrl}, fake Slack at ${slack.url}, ${app}\n`);
    const link = 'https://www.youtube.com/watch?v=dubkit-launch-keynote';
    const drop = slack.postUserMessage({
      channel: CHANNEL,
      user: USER,
      text: `<@${slack.botUserId}> can we have this in Spanish and German? <${link}> It’s in English.`,
      // Slack's preview of the link: the page's title, which the card shows (the app fetches no page itself).
      attachments: [{ title: 'Dubkit launch keynote', from_url: link, original_url: link }],
    });
    rootTs = drop.ts;
    console.log(
      `${stamp()} #localization @${USER}:\n      @dubkit can we have this in Spanish and German? ${link} It’s in English.`,
    );
    await stage.driver.mention(drop);

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
    await stage.driver.click({
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
      async () => (await stage.app.store.deliveriesOf(jobId)).every((d) => d.state === 'done'),
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
  stage: Awaited<ReturnType<typeof demoStage>>,
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
  const link = 'https://vimeo.com/dubkit-weekly-episode-12';
  const post = slack.postUserMessage({ channel: MARKETING, user: BEN, text: `Episode 12 is out: <${link}>` });
  console.log(`${stamp()} #marketing @${BEN}:\n      Episode 12 is out: ${link}`);
  await stage.driver.userMessage(post);
  await waitFor(
    () => byKind(slack.thread(MARKETING, post.ts), 'dubbed').length === 1,
    DEADLINE_MS,
    'the autopilot’s Spanish dub',
  );
  const card = () => slack.thread(MARKETING, post.ts).find((m) => keyOf(m).startsWith('card:'));
  const jobId = keyOf(card() as SlackMessage).slice('card:'.length);
  // The card's last edit (Stop gone once Spanish is dubbed) may follow the reply.
  await waitFor(
    async () => (await stage.app.store.deliveriesOf(jobId)).every((d) => d.state === 'done'),
    DEADLINE_MS,
    'every write the app queued for the autopilot’s job',
  );
  console.log(`${stamp()} Dubbed by itself. The card in its thread:\n  └ ${shown(card() as SlackMessage)}`);
}

/** A workflow reaches the "Dub a video" step: its card in #localization, then the outputs it hands on. */
async function workflowScene(
  stage: Awaited<ReturnType<typeof demoStage>>,
  stamp: () => string,
): Promise<void> {
  const inputs = { video: 'https://vimeo.com/dubkit-weekly-update', languages: ['fr'], channel: CHANNEL };
  console.log(`\n${stamp()} A workflow runs the “Dub a video” step: ${JSON.stringify(inputs)}`);
  const { execution } = await runWorkflowStep(stage, { callbackId: 'dub_video', inputs });
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
