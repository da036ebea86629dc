// End to end over real HTTP (real Bolt app, fake Slack, emulator behind a proxy, SQLite store): the service
// refuses an upload, a project and a glossary with internal text in its answer — a host and port, a runbook
// link with a token, addresses, a path, a Slack token and a stack frame. Nothing of it reaches anything the
// app sends to Slack (thread replies, edits, ephemerals, views); what does is a short reason, what to do and a
// request id.
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { waitFor } from '@dubkit/slack-sandbox';
import { afterAll, describe, expect, it } from 'vitest';
import { GLOSSARY_UI } from './features/glossary/blocks.ts';
import { ANA, LONG_WAIT_MS } from './test-support/people.ts';
import { startInProcess, useStage } from './test-support/stage.ts';

const TEST_MS = 90_000;

const INTERNAL =
  'connect ECONNREFUSED cache-7.internal.example:8443 (runbook wiki.corp.local/ops?token=s3cr3t-abc) ' +
  'from 10.2.3.4 and [fd00::7]:443 in /srv/dubkit/app/dist/x.js xoxb-1-2-abc\n    at upload (/srv/dubkit/x.js:1:2)';
// Each is a piece of INTERNAL that random ids (trigger ids, uuids) cannot spell: 'fd00' alone can be hex.
const LEAKS = [
  'cache-7',
  'internal.example',
  ':8443',
  'wiki.corp',
  'corp.local',
  's3cr3t',
  'token=s3',
  '10.2.3.4',
  'fd00::',
  '/srv/',
  'xoxb-1-2',
  'at upload',
];

/** Which service calls the proxy refuses (method and path, or its beginning), with INTERNAL as the reason. */
const refused = new Set<string>();
const servers: Server[] = [];

/** A proxy in front of the emulator that answers a refused call with a 422 quoting INTERNAL. */
async function proxyTo(upstream: string): Promise<string> {
  const target = new URL(upstream);
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if ([...refused].some((call) => `${req.method} ${path}`.startsWith(call))) {
      req.resume();
      res.writeHead(422, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ detail: [{ loc: ['body', 'name'], msg: INTERNAL, type: 'value_error' }] }));
      return;
    }
    const forward = request(
      { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forward.on('error', () => res.destroy());
    req.pipe(forward);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

afterAll(async () => {
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
});

describe('internal text from the service, end to end', () => {
  const stage = useStage({
    speed: 100,
    startApp: async (env) =>
      startInProcess({ ...env, DUBKIT_BASE_URL: await proxyTo(env.DUBKIT_BASE_URL ?? '') }),
  });

  /** Everything the app sent to Slack for the channel: calls, ephemerals (response_url ones too), views. */
  const sentTo = (channel: string) =>
    JSON.stringify([
      stage.slack.calls.filter((c) => c.args.channel === channel || c.method.startsWith('views.')),
      stage.slack.ephemerals.filter((e) => e.channel === channel),
    ]);

  function expectClean(channel: string): void {
    const sent = sentTo(channel);
    for (const leak of LEAKS) expect(sent, leak).not.toContain(leak);
  }

  /** `/dub glossary`, and the dialog submitted with a small CSV under `name`. */
  async function uploadGlossary(channel: string, name: string): Promise<void> {
    const file = stage.slack.addFile({
      name: 'terms.csv',
      mimetype: 'text/csv',
      content: new TextEncoder().encode('en,es\nmachine,MÁQUINA\n'),
      user: ANA,
    });
    const before = stage.slack.views.length;
    await stage.driver.command({ channel, user: ANA, text: 'glossary' });
    const modal = await waitFor(() => stage.slack.views[before], LONG_WAIT_MS, 'the glossary dialog');
    const { content: _content, ...picked } = file;
    const auto = { type: 'static_select', selected_option: { value: 'auto' } };
    await stage.driver.submitView({
      viewId: modal.id,
      user: ANA,
      values: {
        [GLOSSARY_UI.nameBlock]: { [GLOSSARY_UI.nameAction]: { type: 'plain_text_input', value: name } },
        [GLOSSARY_UI.fileBlock]: { [GLOSSARY_UI.fileAction]: { type: 'file_input', files: [picked] } },
        [GLOSSARY_UI.srcBlock]: { [GLOSSARY_UI.srcAction]: auto },
        [GLOSSARY_UI.dstBlock]: { [GLOSSARY_UI.dstAction]: auto },
        [GLOSSARY_UI.defaultBlock]: {
          [GLOSSARY_UI.defaultAction]: { type: 'checkboxes', selected_options: [] },
        },
      },
    });
  }

  it.each([
    ['the upload', 'POST /api/library/v1/media/link', 'C23UPLOAD'],
    ['the project', 'POST /v2/projects', 'C23PROJECT'],
  ])(
    'shows %s refused with a reason and a request id, and nothing internal',
    async (_what, call, channel) => {
      refused.clear();
      refused.add(call);
      await stage.driver.command({
        channel,
        user: ANA,
        text: 'https://www.youtube.com/watch?v=internal to es',
      });
      await waitFor(() => /r-[0-9a-f]{8}/.test(sentTo(channel)), LONG_WAIT_MS, 'a failure with a request id');
      expectClean(channel);
    },
    TEST_MS,
  );

  it(
    'reports a glossary the service refused with a request id, and nothing internal',
    async () => {
      refused.clear();
      refused.add('POST /v2/glossaries');
      const channel = 'C23GLOSSARY';
      await uploadGlossary(channel, 'Terms');
      const report = await waitFor(
        () =>
          stage.slack.messages.find((m) => m.channel === channel && m.text?.startsWith('Nothing was saved')),
        LONG_WAIT_MS,
        'the import report',
      );
      expect(JSON.stringify(report.blocks)).toMatch(/the dubbing service refused it: .*`r-[0-9a-f]{8}`/);
      expect(await stage.app.store.glossaries()).toEqual([]);
      expectClean(channel);
    },
    TEST_MS,
  );

  it(
    'answers a glossary command the service failed with a request id, and nothing internal',
    async () => {
      refused.clear();
      const channel = 'C23SHOW';
      await uploadGlossary(channel, 'Shown');
      await waitFor(
        async () => (await stage.app.store.findGlossary('Shown')) ?? undefined,
        LONG_WAIT_MS,
        'the glossary',
      );
      refused.add('GET /v2/glossaries/');
      await stage.driver.command({ channel, user: ANA, text: 'glossary show Shown' });
      await waitFor(() => /r-[0-9a-f]{8}/.test(sentTo(channel)), LONG_WAIT_MS, 'a failure with a request id');
      expect(sentTo(channel)).toContain('could not be done');
      expectClean(channel);
    },
    TEST_MS,
  );
});
