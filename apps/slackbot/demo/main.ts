// `pnpm demo`: the main job end to end on embedded defaults. Starts the service emulator, a fake Slack and
// the real app (HTTP mode, signed requests, SQLite store in a temp folder), plays a scene — a link dropped
// mentioning the app, Spanish and German picked, Start pressed — and prints the thread as it reads in
// Slack, edits included. Exits 0 once both dubs and their subtitle files are in the thread.
// `pnpm demo -- --socket-mode`: the same scene with the app in Socket Mode, connected to the fake Slack.
// Runs from source with Node's own type stripping (`node demo/main.ts`); the app is not built for it.
import { byKind, renderMessage, type SlackMessage, setStage, waitFor } from '@dubkit/slack-sandbox';
import { loadConfig } from '../src/config.ts';
import { createLogger, startServer } from '../src/server.ts';

const CHANNEL = 'C0LOCALIZATION';
const USER = 'U0ANA';
const LANGS = ['es', 'de'];
const DEADLINE_MS = 50_000;
const MODE = process.argv.includes('--socket-mode') ? 'socket' : 'http';

const started = Date.now();
const stamp = () => `+${((Date.now() - started) / 1000).toFixed(1).padStart(4)}s`;
const who = (m: SlackMessage) => (m.bot_id ? 'dubkit' : `@${m.user}`);
const indent = (lines: string[], pad: string) => lines.map((line) => `${pad}${line}`).join('\n');

const stage = await setStage({
  // The app as main.ts starts it, from the environment the stage gives it, on 127.0.0.1.
  startApp: (env) => {
    const config = loadConfig(env);
    return startServer(config, { logger: createLogger(config.logLevel), host: '127.0.0.1' });
  },
  env: {
    POLL_MIN_MS: '150',
    POLL_MAX_MS: '1000',
    SERVICE_REQUESTS_PER_SECOND: '50',
    SLACK_CHANNEL_PACE_MS: '0',
    LOG_LEVEL: 'warn',
  },
  emulator: { speed: 12 },
  mode: MODE,
});
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
    text: `<@${slack.botUserId}> can we have this in Spanish and German? <${link}>`,
  });
  rootTs = drop.ts;
  console.log(
    `${stamp()} #localization @${USER}:\n      @dubkit can we have this in Spanish and German? ${link}`,
  );
  await stage.driver.mention(drop);

  const card = await waitFor(
    () => slack.thread(CHANNEL, rootTs).find((m) => JSON.stringify(m.blocks ?? []).includes('job_start')),
    10_000,
    'the job card',
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
  console.log(`\n${stamp()} Both dubs delivered. The thread as it reads now:\n`);
  for (const m of slack.thread(CHANNEL, rootTs)) {
    const edits = m.history.length > 0 ? ` (edited ${m.history.length}×)` : '';
    console.log(`${m.ts === rootTs ? '' : '  └ '}${who(m)}${edits}\n${indent(renderMessage(m), '      ')}`);
  }
  const calls = slack.calls.reduce<Record<string, number>>((acc, c) => {
    acc[c.method] = (acc[c.method] ?? 0) + 1;
    return acc;
  }, {});
  console.log(`\nSlack calls made by the app: ${JSON.stringify(calls)}`);
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
