// The services the one-process Slack app benches run against, in a child process so that their memory and CPU
// are not the app's: the emulator (with the options given) and the fake Slack. The parent gets their URLs, and
// Slack's call counts per method when it asks for the report (then the child exits).
import { type ChildProcess, fork } from 'node:child_process';
import type { EmulatorOptions, StatusEntered } from '@dubkit/emulator';
import { nextMessage } from './processes.ts';
import { BOT_TOKEN, TOKEN } from './scaled-dub.ts';

export interface ServicesChild {
  serviceUrl: string;
  slackApiUrl: string;
  /** Slack's calls per method and every status each of `projects` entered; the child then stops. */
  report(projects?: string[]): Promise<{ calls: Record<string, number>; histories: StatusEntered[][] }>;
}

/** Starts the child with the emulator's options besides its token and (ample) credits. */
export async function forkServices(emulator: EmulatorOptions): Promise<ServicesChild> {
  const child: ChildProcess = fork(import.meta.filename, ['--services', JSON.stringify(emulator)], {
    stdio: 'inherit',
  });
  const ready = await nextMessage<{ serviceUrl: string; slackApiUrl: string }>(child, 'ready');
  return {
    serviceUrl: ready.serviceUrl,
    slackApiUrl: ready.slackApiUrl,
    async report(projects = []) {
      child.send({ kind: 'report', projects });
      return nextMessage<{ calls: Record<string, number>; histories: StatusEntered[][] }>(child, 'report');
    },
  };
}

async function runServices(options: EmulatorOptions): Promise<void> {
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
  const slack = await new FakeSlack({ botToken: BOT_TOKEN }).start();
  process.send!({ kind: 'ready', serviceUrl: emulator.url, slackApiUrl: slack.apiUrl });
  // A bench that failed leaves no services running behind it.
  process.on('disconnect', () => process.exit(1));
  process.on('message', async (message: { kind: string; projects?: string[] }) => {
    if (message.kind !== 'report') return;
    const calls: Record<string, number> = {};
    for (const call of slack.calls) calls[call.method] = (calls[call.method] ?? 0) + 1;
    const histories = (message.projects ?? []).map((id) => emulator.statusHistory(id));
    // Sent before exiting: a large report (10,000 histories) still in the pipe when the child exited was lost.
    await new Promise((resolve) =>
      process.send!({ kind: 'report', calls, histories }, undefined, {}, resolve),
    );
    await slack.close();
    await emulator.close();
    process.exit(0);
  });
}

if (process.argv[1] === import.meta.filename && process.argv[2] === '--services')
  await runServices(JSON.parse(process.argv[3] ?? '{}'));
