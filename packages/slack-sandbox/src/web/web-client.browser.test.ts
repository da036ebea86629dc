// The web client in a real Chromium, against a small app of the test's own that checks Slack's signature on
// every request and answers as a Bolt app would: Block Kit drawn as Slack draws it (every block and element
// kind, mrkdwn, unknown blocks shown), hostile text kept as text, Slack's limits checked on what is drawn,
// ephemerals for their person only, clicks sent as signed block_actions with trigger_id, response_url and
// the surface's state, confirm dialogs, modals as a stack with errors under their inputs, a slash command's
// direct answer, the app's direct message with one person, and a dropped file shared with
// `message`/`file_shared` events.
import { timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dropFiles, type LaunchedBrowser, launchChromium } from '../browser.ts';
import { FakeSlack } from '../fake-slack.ts';
import { HttpTransport, slackSignature } from '../http-transport.ts';
import { SlackDriver } from '../slack-driver.ts';
import { waitFor } from '../wait-for.ts';
import { WebClient } from './web-client.ts';

const SECRET = 'web-client-secret';
const BOT_TOKEN = 'xoxb-web-client';
const ANA = 'U0ANA';
const BEN = 'U0BEN';
const CHANNEL = 'C0GENERAL';
const WAIT_MS = 10_000;

// biome-ignore lint/suspicious/noExplicitAny: Slack payloads as the app receives them
type Loose = Record<string, any>;
type Page = Awaited<ReturnType<LaunchedBrowser['context']['newPage']>>;

const plain = (text: string) => ({ type: 'plain_text', text });
const mrkdwn = (text: string) => ({ type: 'mrkdwn', text });
const option = (value: string, text: string) => ({ text: plain(text), value });

/** Every kind of block and element, with mrkdwn of every kind and hostile text where a person could type. */
const KITCHEN_SINK = [
  { type: 'header', text: plain('Launch :tada:') },
  {
    type: 'section',
    block_id: 'intro',
    text: mrkdwn(
      '*bold* _italic_ ~strike~ `code` <https://example.com/a|a link> <@U0ANA> :white_check_mark: <img src=x onerror="window.hacked=1"> <javascript:window.hacked=2|click me>',
    ),
    fields: [mrkdwn('*Field one*'), mrkdwn('Field two')],
    accessory: {
      type: 'button',
      action_id: 'delete',
      value: 'job-1',
      style: 'danger',
      text: plain('Delete'),
      confirm: {
        title: plain('Delete it?'),
        text: plain('It cannot be undone.'),
        confirm: plain('Delete'),
        deny: plain('Keep'),
      },
    },
  },
  {
    type: 'context',
    elements: [
      mrkdwn('context _line_'),
      { type: 'image', image_url: 'https://example.com/i.png', alt_text: 'icon' },
    ],
  },
  { type: 'divider' },
  { type: 'image', image_url: 'javascript:alert(1)', alt_text: 'not a web image' },
  {
    type: 'actions',
    block_id: 'pick',
    elements: [
      {
        type: 'multi_static_select',
        action_id: 'langs',
        placeholder: plain('Languages'),
        options: [option('es', 'Spanish'), option('de', 'German')],
      },
      {
        type: 'static_select',
        action_id: 'speed',
        options: [option('slow', 'Slow'), option('fast', 'Fast')],
        initial_option: option('slow', 'Slow'),
      },
      { type: 'users_select', action_id: 'who', placeholder: plain('Someone') },
      { type: 'conversations_select', action_id: 'where', placeholder: plain('Somewhere') },
      { type: 'overflow', action_id: 'more', options: [option('archive', 'Archive')] },
      { type: 'datepicker', action_id: 'when', initial_date: '2026-11-26' },
      { type: 'button', action_id: 'open_modal', value: 'v', style: 'primary', text: plain('Open form') },
    ],
  },
  {
    type: 'actions',
    elements: [
      { type: 'checkboxes', action_id: 'boxes', options: [option('a', 'Box A')] },
      { type: 'radio_buttons', action_id: 'radio', options: [option('r', 'Radio R')] },
    ],
  },
  {
    type: 'rich_text',
    elements: [
      {
        type: 'rich_text_section',
        elements: [
          { type: 'text', text: 'rich ', style: { bold: true } },
          { type: 'link', url: 'https://example.com/r', text: 'rich link' },
          { type: 'emoji', name: 'tada', unicode: '1f389' },
          { type: 'emoji', name: 'wave', unicode: 'not-hex' },
        ],
      },
      {
        type: 'rich_text_list',
        style: 'bullet',
        elements: [{ type: 'rich_text_section', elements: [{ type: 'text', text: 'item one' }] }],
      },
    ],
  },
  { type: 'hologram', block_id: 'future' },
];

const FORM = {
  type: 'modal',
  callback_id: 'form',
  title: plain('A form'),
  submit: plain('Send'),
  blocks: [
    {
      type: 'input',
      block_id: 'name_block',
      label: plain('Name'),
      element: { type: 'plain_text_input', action_id: 'name' },
    },
    { type: 'actions', elements: [{ type: 'button', action_id: 'push_modal', text: plain('More') }] },
  ],
};

/** An app's Workflow Builder step, as its manifest declares it: one input of each kind the form draws. */
const STEP = {
  callback_id: 'dub_video',
  title: 'Dub a video',
  inputs: [
    { name: 'video', title: 'Video', kind: 'text' as const, required: true },
    { name: 'languages', title: 'Languages', kind: 'list' as const, required: true },
    { name: 'channel', title: 'Channel', kind: 'channel' as const, required: true },
    { name: 'approvers', title: 'Approvers', kind: 'people' as const, required: false },
    { name: 'wait_for_approval', title: 'Wait for approval', kind: 'boolean' as const, required: false },
  ],
};

describe('the web client in a real browser', () => {
  let slack: FakeSlack;
  let app: Server;
  let web: WebClient;
  let browser: LaunchedBrowser;
  let page: Page;
  /** What the app received, each with whether Slack's signature checked out. */
  const received: { kind: string; payload: Loose; verified: boolean }[] = [];

  const api = (method: string, args: Loose) =>
    fetch(`${slack.apiUrl}${method}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${BOT_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify(args),
    }).then((r) => r.json() as Promise<Loose>);

  /** The app: checks the signature, records the request, and answers some of them as a Bolt app would. */
  async function answer(kind: string, payload: Loose): Promise<string> {
    if (kind === 'command') return JSON.stringify({ text: `Got *${payload.text}*` });
    if (payload.type === 'block_actions' && payload.actions[0].action_id === 'open_modal')
      await api('views.open', { trigger_id: payload.trigger_id, view: FORM });
    if (payload.type === 'block_actions' && payload.actions[0].action_id === 'push_modal')
      await api('views.push', {
        trigger_id: payload.trigger_id,
        view: {
          type: 'modal',
          title: plain('Pushed'),
          blocks: [{ type: 'section', text: mrkdwn('on top') }],
        },
      });
    if (payload.type === 'view_submission') {
      const name = payload.view.state.values.name_block.name.value;
      if (!name) return JSON.stringify({ response_action: 'errors', errors: { name_block: 'Type a name.' } });
    }
    return '';
  }

  beforeAll(async () => {
    slack = await new FakeSlack({ botToken: BOT_TOKEN }).start();
    app = createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const body = Buffer.concat(chunks).toString('utf8');
      const expected = slackSignature(SECRET, String(req.headers['x-slack-request-timestamp']), body);
      const given = String(req.headers['x-slack-signature']);
      const verified =
        given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));
      const form = new URLSearchParams(body);
      const [kind, payload] = String(req.headers['content-type']).includes('json')
        ? ['event', JSON.parse(body) as Loose]
        : form.has('payload')
          ? ['interaction', JSON.parse(String(form.get('payload'))) as Loose]
          : ['command', Object.fromEntries(form) as Loose];
      received.push({ kind, payload, verified });
      res.writeHead(200, { 'content-type': 'application/json' }).end(await answer(kind, payload));
    });
    await new Promise<void>((resolve) => app.listen(0, '127.0.0.1', resolve));
    const driver = new SlackDriver({
      slack,
      transport: new HttpTransport({
        eventsUrl: `http://127.0.0.1:${(app.address() as AddressInfo).port}/slack/events`,
        signingSecret: SECRET,
      }),
    });
    web = await new WebClient({
      slack,
      driver: () => driver,
      appName: 'testapp',
      users: [
        { id: ANA, name: 'Ana' },
        { id: BEN, name: 'Ben' },
      ],
      channels: [{ id: CHANNEL, name: 'general', members: [ANA, BEN, slack.botUserId] }],
      commands: ['/try'],
      steps: [STEP],
    }).start();
    browser = await launchChromium();
    page = await browser.context.newPage();
    page.setDefaultTimeout(WAIT_MS);
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await web?.close();
    await slack?.close();
    await new Promise((resolve) => app?.close(resolve));
  });

  const lastReceived = (kind: string) => received.filter((r) => r.kind === kind).at(-1);

  async function openAs(user: string) {
    await page.goto(`${web.url}/#user=${user}&channel=${CHANNEL}`);
    await page.reload();
    await page.locator('.channel-name').waitFor();
  }

  it('draws every kind of block as Slack does, hostile text as text, unknown blocks as such', async () => {
    await api('chat.postMessage', { channel: CHANNEL, text: 'fallback', blocks: KITCHEN_SINK });
    await openAs(ANA);
    const message = page.locator('article.message').last();
    await message.locator('[data-block-type="header"]').waitFor();
    for (const type of ['header', 'section', 'context', 'divider', 'image', 'actions', 'rich_text'])
      expect(await message.locator(`[data-block-type="${type}"]`).count(), type).toBeGreaterThan(0);
    expect(await message.locator('[data-block-type="header"]').textContent()).toBe('Launch 🎉');
    const intro = message.locator('[data-block-id="intro"] .section-text');
    expect(await intro.locator('b').textContent()).toBe('bold');
    expect(await intro.locator('i').textContent()).toBe('italic');
    expect(await intro.locator('s').textContent()).toBe('strike');
    expect(await intro.locator('code').textContent()).toBe('code');
    expect(await intro.locator('a').getAttribute('href')).toBe('https://example.com/a');
    expect(await intro.locator('.mention').textContent()).toBe('@Ana');
    expect(await intro.textContent()).toContain('✅');
    // The markup and the javascript: link are shown as the text they are; nothing of them runs.
    expect(await intro.textContent()).toContain('img src=x onerror="window.hacked=1"');
    expect(await intro.textContent()).toContain('click me');
    expect(await intro.locator('a').count()).toBe(1);
    expect(await message.locator('img[src="x"], img[src^="javascript"]').count()).toBe(0);
    expect(await page.evaluate('window.hacked')).toBeUndefined();
    expect(await message.locator('.fields .field').count()).toBe(2);
    expect(await message.locator('.rt-list li').textContent()).toBe('item one');
    expect(await message.locator('.rt-section').first().textContent()).toBe('rich rich link🎉👋');
    expect(await message.locator('[data-unknown]').textContent()).toContain('“hologram”');
    for (const type of [
      'multi_static_select',
      'static_select',
      'users_select',
      'conversations_select',
      'overflow',
      'datepicker',
      'checkboxes',
      'radio_buttons',
    ])
      expect(await message.locator(`[data-type="${type}"]`).count(), type).toBe(1);
    expect(await message.locator('[data-limit-problems]').count()).toBe(0);
  });

  it('shows what breaks Slack’s limits on the message that breaks them', async () => {
    await api('chat.postMessage', {
      channel: CHANNEL,
      text: 'too much',
      blocks: [
        { type: 'section', text: mrkdwn('x'.repeat(3001)) },
        {
          type: 'actions',
          elements: [{ type: 'button', action_id: 'b', text: plain('Big'), value: 'v'.repeat(2001) }],
        },
      ],
    });
    const problems = page.locator('article.message').last().locator('[data-limit-problems]');
    await problems.waitFor();
    const said = await problems.textContent();
    expect(said).toContain('Slack would refuse this message');
    expect(said).toContain('3001 characters > 3000');
    expect(said).toContain('value 2001 characters > 2000');
  });

  it('sends a click as Slack does, signed, after its confirm dialog, with the message’s state', async () => {
    const sink = page.locator('article.message').filter({ has: page.locator('[data-block-id="intro"]') });
    await sink.locator('[data-action-id="langs"] .multi-add').selectOption('de');
    await waitFor(
      () => lastReceived('interaction')?.payload.actions[0].action_id === 'langs',
      WAIT_MS,
      'the pick',
    );
    expect(lastReceived('interaction')?.payload.actions[0].selected_options).toEqual([
      option('de', 'German'),
    ]);
    await sink.getByRole('button', { name: 'Delete' }).click();
    await page.locator('.confirm').getByRole('button', { name: 'Keep' }).click();
    await sink.getByRole('button', { name: 'Delete' }).click();
    await page.locator('.confirm .confirm-yes').click();
    const click = await waitFor(
      () => received.find((r) => r.payload.actions?.[0]?.action_id === 'delete'),
      WAIT_MS,
      'the click',
    );
    expect(received.filter((r) => r.payload.actions?.[0]?.action_id === 'delete')).toHaveLength(1);
    expect(click.verified).toBe(true);
    expect(click.payload).toMatchObject({
      type: 'block_actions',
      user: { id: ANA },
      container: { type: 'message', channel_id: CHANNEL, is_ephemeral: false },
      actions: [{ type: 'button', action_id: 'delete', block_id: 'intro', value: 'job-1' }],
      state: {
        values: {
          pick: {
            langs: { type: 'multi_static_select', selected_options: [option('de', 'German')] },
            speed: { selected_option: option('slow', 'Slow') },
          },
        },
      },
    });
    expect(click.payload.trigger_id).toMatch(/\S/);
    expect(click.payload.response_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/response\//);
  });

  it('stacks modals, shows the app’s errors under their inputs, and closes on a clean submit', async () => {
    await page.getByRole('button', { name: 'Open form' }).click();
    const modal = page.locator('.dialog.modal');
    await modal.locator('.modal-title').filter({ hasText: 'A form' }).waitFor();
    await modal.locator('.modal-submit').click();
    expect(await modal.locator('.input-error').textContent()).toBe('Type a name.');
    await modal.getByRole('button', { name: 'More' }).click();
    await modal.locator('.modal-title').filter({ hasText: 'Pushed' }).waitFor();
    expect(web.modalsOf(ANA)).toHaveLength(2);
    await modal.getByRole('button', { name: 'Back' }).click();
    await modal.locator('.modal-title').filter({ hasText: 'A form' }).waitFor();
    await modal.locator('input.text-input').fill('Ana');
    await modal.locator('.modal-submit').click();
    await modal.waitFor({ state: 'detached' });
    const submitted = lastReceived('interaction')?.payload;
    expect(submitted?.type).toBe('view_submission');
    expect(submitted?.view.state.values).toEqual({
      name_block: { name: { type: 'plain_text_input', value: 'Ana' } },
    });
  });

  it('shows an ephemeral to its person only, and a command’s direct answer to whoever typed it', async () => {
    await api('chat.postEphemeral', { channel: CHANNEL, user: BEN, text: 'for Ben only' });
    await page.locator('.channel-pane .composer-input').fill('/try something');
    await page.keyboard.press('Enter');
    await page.locator('article.ephemeral').filter({ hasText: 'Got something' }).waitFor();
    const command = lastReceived('command');
    expect(command?.verified).toBe(true);
    expect(command?.payload).toMatchObject({
      command: '/try',
      text: 'something',
      user_id: ANA,
      channel_id: CHANNEL,
    });
    expect(command?.payload.response_url).toMatch(/\/response\//);
    expect((await page.locator('article.ephemeral').allTextContents()).join('\n')).not.toContain(
      'for Ben only',
    );
    await page.locator('.user-switcher').selectOption(BEN);
    await page.locator('article.ephemeral').filter({ hasText: 'for Ben only' }).waitFor();
    expect(await page.locator('article.ephemeral').filter({ hasText: 'Got something' }).count()).toBe(0);
  });

  it('shows the app’s direct message with a person to that person only, where its buttons work', async () => {
    const opened = await api('conversations.open', { users: BEN });
    const channel = String(opened.channel.id);
    await api('chat.postMessage', {
      channel,
      text: 'Review Spanish',
      blocks: [
        { type: 'section', text: mrkdwn('Please *review* Spanish') },
        {
          type: 'actions',
          elements: [{ type: 'button', action_id: 'dm_review', value: 't1', text: plain('Review') }],
        },
      ],
    });
    await openAs(ANA);
    expect(await page.locator(`[data-channel="${channel}"]`).count()).toBe(0);
    await page.goto(`${web.url}/#user=${BEN}&channel=${channel}`);
    await page.reload();
    const dm = page.locator(`[data-channel="${channel}"]`);
    expect(await dm.textContent()).toContain('testapp (direct message)');
    const message = page.locator('article.message').last();
    expect(await message.locator('.section-text').textContent()).toBe('Please review Spanish');
    await message.getByRole('button', { name: 'Review' }).click();
    await waitFor(
      () => lastReceived('interaction')?.payload.actions?.[0]?.action_id === 'dm_review',
      WAIT_MS,
      'the click in the direct message',
    );
    expect(lastReceived('interaction')?.payload).toMatchObject({
      user: { id: BEN },
      channel: { id: channel },
      container: { channel_id: channel },
    });
  });

  it('shares a dropped file: uploaded to the fake’s store, then `message` with files and `file_shared`', async () => {
    await openAs(BEN);
    await dropFiles(page, '.channel-pane .composer', [
      { name: 'notes.txt', mimeType: 'text/plain', content: new TextEncoder().encode('hello') },
    ]);
    await page.locator('.pending-file').waitFor();
    await page.locator('.channel-pane .send').click();
    await page.locator('article.message .file').filter({ hasText: 'notes.txt' }).waitFor();
    const shared = await waitFor(
      () => received.find((r) => r.payload.event?.type === 'file_shared'),
      WAIT_MS,
      'file_shared',
    );
    const message = received.find((r) => r.payload.event?.subtype === 'file_share')?.payload.event;
    expect(message).toMatchObject({
      type: 'message',
      user: BEN,
      channel: CHANNEL,
      files: [{ name: 'notes.txt', size: 5 }],
    });
    expect(shared.payload.event).toMatchObject({
      file_id: message?.files[0].id,
      channel_id: CHANNEL,
      user_id: BEN,
    });
    expect(new TextDecoder().decode(slack.files.get(message?.files[0].id)?.content)).toBe('hello');
  });

  it('runs a workflow step from its form: function_executed with the inputs, running until the app ends it', async () => {
    await openAs(ANA);
    await page.locator('[data-run-workflow="dub_video"]').click();
    const form = page.locator('[data-workflow-step="dub_video"]');
    await form.locator('[name="video"]').fill('https://vimeo.com/1');
    await form.locator('[name="languages"]').fill('es, de');
    await form.locator('[data-name="approvers"] input[value="U0BEN"]').check();
    await form.locator('[name="wait_for_approval"]').check();
    await form.locator('.workflow-run').click();
    const executed = await waitFor(
      () => received.find((r) => r.payload.event?.type === 'function_executed'),
      WAIT_MS,
      'function_executed',
    );
    expect(executed.verified).toBe(true);
    const event = executed.payload.event;
    expect(event).toMatchObject({
      function: { callback_id: 'dub_video' },
      inputs: {
        video: 'https://vimeo.com/1',
        languages: ['es', 'de'],
        channel: CHANNEL,
        approvers: [BEN],
        wait_for_approval: true,
      },
    });
    // Never completed: it shows as running.
    await page.locator('[data-workflow-runs]').click();
    const run = page.locator(`[data-run="${event.function_execution_id}"]`);
    await run.locator('text=running').waitFor();
    expect(await run.getAttribute('data-state')).toBe('running');
    // The bot token cannot end it; the run's own token does, and the page shows what the app handed on.
    const complete = (token: string) =>
      fetch(`${slack.apiUrl}functions.completeSuccess`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          function_execution_id: event.function_execution_id,
          outputs: { thread: 'https://example.com/thread' },
        }),
      }).then((r) => r.json() as Promise<Loose>);
    expect(await complete(BOT_TOKEN)).toEqual({ ok: false, error: 'invalid_auth' });
    expect(await page.locator(`[data-run="${event.function_execution_id}"]`).getAttribute('data-state')).toBe(
      'running',
    );
    expect(await complete(event.bot_access_token)).toEqual({ ok: true });
    await page.locator(`[data-run="${event.function_execution_id}"][data-state="completed"]`).waitFor();
    expect(await run.locator('.workflow-outputs').textContent()).toBe(
      'Outputs: thread https://example.com/thread',
    );
  });
});

describe('the web client’s answers to a wrong request', () => {
  it('says what is wrong with a 400, and a person outside a channel cannot post in it', async () => {
    const slack = await new FakeSlack({ botToken: BOT_TOKEN }).start();
    const web = await new WebClient({
      slack,
      driver: () => {
        throw new Error('no app in this test');
      },
      users: [
        { id: ANA, name: 'Ana' },
        { id: BEN, name: 'Ben' },
      ],
      channels: [{ id: CHANNEL, name: 'general', members: [ANA] }],
    }).start();
    try {
      const post = (body: string) => fetch(`${web.url}/api/post`, { method: 'POST', body });
      const stranger = await post(JSON.stringify({ user: 'U0NOBODY', channel: CHANNEL, text: 'hi' }));
      expect([stranger.status, await stranger.json()]).toEqual([
        400,
        { error: 'no person U0NOBODY in this workspace' },
      ]);
      const garbled = await post('{not json');
      expect(garbled.status).toBe(400);
      const outsider = await post(JSON.stringify({ user: BEN, channel: CHANNEL, text: 'hi' }));
      expect([outsider.status, await outsider.json()]).toEqual([
        400,
        { error: 'you are not a member of #general: join it to post' },
      ]);
      expect(slack.messages).toHaveLength(0);
      const events = await fetch(`${web.url}/events?user=U0NOBODY`);
      expect(events.status).toBe(400);
    } finally {
      await web.close();
      await slack.close();
    }
  });
});
