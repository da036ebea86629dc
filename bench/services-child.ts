// The services the one-process Slack app benches run against, in a child process so that their memory and CPU
// are not the app's: the emulator (with the options given) and the fake Slack (with Slack's own rate limits and a
// token per workspace when asked). The parent gets their URLs, and Slack's call counts per method and 429s per
// workspace when it asks for the report (then the child exits).
import { type ChildProcess, fork } from 'node:child_process';
import type { EmulatorOptions, StatusEntered } from '@dubkit/emulator';
import type { FakeSlackOptions } from '@dubkit/slack-sandbox';
import { nextMessage } from './processes.ts';
import { BOT_TOKEN, TOKEN } from './scaled-dub.ts';

export interface ServicesChild {
  serviceUrl: string;
  slackApiUrl: string;
  /**
   * Slack's calls per method, its 429s per workspace (with `limits` on) and every status each of `projects`
   * entered; the child then stops.
   */
  report(projects?: string[]): Promise<ServicesReport>;
}

export interface ServicesReport {
  calls: Record<string, number>;
  limited: Record<string, number>;
  histories: StatusEntered[][];
}

/** The fake Slack's options a bench may set besides its bot token. */
export type SlackChildOptions = Pick<FakeSlackOptions, 'limits' | 'workspaceTokens'>;

/** Starts the child with the emulator's options besides its token and (ample) credits. */
export async function forkServices(
  emulator: EmulatorOptions,
  slack: SlackChildOptions = {},
): Promise<ServicesChild> {
  const child: ChildProcess = fork(
    import.meta.filename,
    ['--services', JSON.stringify(emulator), JSON.stringify(slack)],
    { stdio: 'inherit' },
  );
  const ready = await nextMessage<{ serviceUrl: string; slackApiUrl: string }>(child, 'ready');
  return {
    serviceUrl: ready.serviceUrl,
    slackApiUrl: ready.slackApiUrl,
    async report(projects = []) {
      child.send({ kind: 'report', projects });
      return nextMessage<ServicesReport>(child, 'report');
    },
  };
}

async function runServices(options: EmulatorOptions, slackOptions: SlackChildOptions): Promise<void> {
  // Loaded here only, so that the measured process does not carry their code.
  const { startEmulator } = await import('@dubkit/emulator');
  const { FakeSlack } = await import('@dubkit/slack-sandbox');
  const emulator = await startEmulator({
    port: 0,
    host: '127.0.0.1',
    tokens: [TOKEN],
    credits: { minutes: 10_000_000, video: 10_000_000 },
    ...options,
  });
  const slack = await new FakeSlack({ ...slackOptions, botToken: BOT_TOKEN }).start();
  process.send!({ kind: 'ready', serviceUrl: emulator.url, slackApiUrl: slack.apiUrl });
  // A bench that failed leaves no services running behind it.
  process.on('disconnect', () => process.exit(1));
  process.on('message', async (message: { kind: string; projects?: string[] }) => {
    if (message.kind !== 'report') return;
    const calls: Record<string, number> = {};
    for (const call of slack.calls) calls[call.method] = (calls[call.method] ?? 0) + 1;
    const limited = Object.fromEntries(slack.limits?.limited ?? []);
    const histories = (message.projects ?? []).map((id) => emulator.statusHistory(id));
    // Sent before exiting: a large report (10,000 histories) still in the pipe when the child exited was lost.
    await new Promise((resolve) =>
      process.send!({ kind: 'report', calls, limited, histories }, undefined, {}, resolve),
    );
    await slack.close();
    await emulator.close();
    process.exit(0);
  });
}

if (process.argv[1] === import.meta.filename && process.argv[2] === '--services')
  await runServices(JSON.parse(process.argv[3] ?? '{}'), JSON.parse(process.argv[4] ?? '{}'));
