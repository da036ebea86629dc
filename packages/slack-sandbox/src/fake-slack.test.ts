// The fake's people and direct messages, over its real Web API: users.info tells a person from a bot, the app,
// Slackbot, a deactivated account and an id Slack does not know; conversations.open gives the same direct
// message for a person each time, where the app can post and find its post by metadata; chat.getPermalink
// links to a message (a thread's root) as Slack does.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FakeSlack } from './fake-slack.ts';

const TOKEN = 'xoxb-test';
let slack: FakeSlack;

async function call(method: string, args: Record<string, unknown>): Promise<Record<string, unknown>> {
  const response = await fetch(`${slack.apiUrl}${method}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json; charset=utf-8' },
    body: JSON.stringify(args),
  });
  return (await response.json()) as Record<string, unknown>;
}

beforeEach(async () => {
  slack = await new FakeSlack({ botToken: TOKEN }).start();
});
afterEach(async () => {
  await slack.close();
});

describe('the fake Slack’s people and direct messages', () => {
  it('describes people, bots, the app, Slackbot and deactivated accounts as users.info does', async () => {
    slack.setUser({ id: 'U0ROBOT', is_bot: true });
    slack.setUser({ id: 'U0GONE', deleted: true });
    const user = async (id: string) =>
      (await call('users.info', { user: id })).user as Record<string, unknown>;
    expect(await user('U0ANA')).toMatchObject({ id: 'U0ANA', is_bot: false, deleted: false });
    expect(await user('U0ROBOT')).toMatchObject({ is_bot: true });
    expect(await user(slack.botUserId)).toMatchObject({ is_bot: true });
    expect(await user('USLACKBOT')).toMatchObject({ is_bot: false, name: 'slackbot' });
    expect(await user('U0GONE')).toMatchObject({ deleted: true });
    expect(await call('users.info', { user: 'C123' })).toEqual({ ok: false, error: 'user_not_found' });
  });

  it('opens one direct message per person, where the app’s posts are found again by their metadata', async () => {
    const opened = await call('conversations.open', { users: 'U0BEN' });
    expect(opened).toMatchObject({ ok: true, channel: { id: slack.imOf('U0BEN'), is_im: true } });
    expect((await call('conversations.open', { users: 'U0BEN' })).channel).toEqual(opened.channel);
    expect(await call('conversations.open', {})).toMatchObject({ ok: false });
    const channel = slack.imOf('U0BEN');
    expect(await call('conversations.info', { channel })).toMatchObject({ channel: { is_im: true } });
    await call('chat.postMessage', {
      channel,
      text: 'hello',
      metadata: { event_type: 'dubkit_delivery', event_payload: { key: 'assigned:t1:V1' } },
    });
    expect(slack.directMessages('U0BEN').map((m) => m.text)).toEqual(['hello']);
    const history = await call('conversations.history', { channel, include_all_metadata: true });
    expect(history.messages).toMatchObject([{ metadata: { event_payload: { key: 'assigned:t1:V1' } } }]);
  });

  it('links to a message, and to a reply within its thread', async () => {
    const root = slack.postUserMessage({ channel: 'C1', user: 'U0ANA', text: 'root' });
    const reply = slack.postUserMessage({ channel: 'C1', user: 'U0ANA', text: 'reply', thread_ts: root.ts });
    const link = (ts: string) => call('chat.getPermalink', { channel: 'C1', message_ts: ts });
    expect((await link(root.ts)).permalink).toBe(`${slack.url}/archives/C1/p${root.ts.replace('.', '')}`);
    expect((await link(reply.ts)).permalink).toBe(
      `${slack.url}/archives/C1/p${reply.ts.replace('.', '')}?thread_ts=${root.ts}&cid=C1`,
    );
    expect(await link('1.2')).toEqual({ ok: false, error: 'message_not_found' });
  });
});

describe('the fake Slack’s user groups', () => {
  it('lists groups as usergroups.list does, with their members only when asked, and tells who is in one', async () => {
    slack.setUserGroup({ id: 'S0QA', handle: 'qa-es', name: 'Spanish QA', users: ['U0BEN', 'U0LUCIA'] });
    const list = await call('usergroups.list', {});
    expect(list).toMatchObject({
      ok: true,
      usergroups: [{ id: 'S0QA', handle: 'qa-es', name: 'Spanish QA', user_count: 2 }],
    });
    expect((list.usergroups as Record<string, unknown>[])[0]).not.toHaveProperty('users');
    const withUsers = await call('usergroups.list', { include_users: true });
    expect((withUsers.usergroups as Record<string, unknown>[])[0]?.users).toEqual(['U0BEN', 'U0LUCIA']);
    expect(await call('usergroups.users.list', { usergroup: 'S0QA' })).toEqual({
      ok: true,
      users: ['U0BEN', 'U0LUCIA'],
    });
    slack.setUserGroup({ id: 'S0QA', handle: 'qa-es', name: 'Spanish QA', users: ['U0LUCIA'] });
    expect(await call('usergroups.users.list', { usergroup: 'S0QA' })).toEqual({
      ok: true,
      users: ['U0LUCIA'],
    });
    expect(await call('usergroups.users.list', { usergroup: 'S0NONE' })).toEqual({
      ok: false,
      error: 'no_such_subteam',
    });
  });

  it('answers missing_scope when the app was installed without usergroups:read', async () => {
    slack.setUserGroup({ id: 'S0QA', handle: 'qa-es', name: 'Spanish QA', users: ['U0BEN'] });
    slack.missingScopes.add('usergroups:read');
    expect(await call('usergroups.list', {})).toMatchObject({
      ok: false,
      error: 'missing_scope',
      needed: 'usergroups:read',
    });
    expect(await call('usergroups.users.list', { usergroup: 'S0QA' })).toMatchObject({
      ok: false,
      error: 'missing_scope',
    });
  });
});

describe('the fake Slack’s outages', () => {
  it('answers the methods named 429 and 500 in turn until the outage ends, the others as usual', async () => {
    const outage = { methods: ['conversations.members'], until: Date.now() + 60_000, retryAfterSeconds: 2 };
    slack.faults.outages.push(outage);
    const status = async (method: string) => {
      const response = await fetch(`${slack.apiUrl}${method}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json; charset=utf-8' },
        body: JSON.stringify({ channel: 'C1' }),
      });
      await response.body?.cancel();
      return [response.status, response.headers.get('retry-after')];
    };
    expect(await status('conversations.members')).toEqual([429, '2']);
    expect(await status('conversations.members')).toEqual([500, null]);
    expect(await status('conversations.info')).toEqual([200, null]);
    expect(outage).toMatchObject({ served: 2 });
    outage.until = Date.now();
    expect(await status('conversations.members')).toEqual([200, null]);
  });

  it('refuses a method as often as asked, with an error code or a plain HTTP status, then serves it', async () => {
    slack.faults.refusals.push(
      { method: 'chat.postMessage', times: 1, error: 'internal_error' },
      { method: 'chat.update', times: 1, status: 400 },
    );
    expect(await call('chat.postMessage', { channel: 'C1', text: 'a' })).toEqual({
      ok: false,
      error: 'internal_error',
    });
    expect(slack.messages).toEqual([]);
    const posted = await call('chat.postMessage', { channel: 'C1', text: 'a' });
    expect(posted).toMatchObject({ ok: true });
    const update = () =>
      fetch(`${slack.apiUrl}chat.update`, {
        method: 'POST',
        headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json; charset=utf-8' },
        body: JSON.stringify({ channel: 'C1', ts: posted.ts, text: 'b' }),
      });
    const refused = await update();
    await refused.body?.cancel();
    expect(refused.status).toBe(400);
    expect(slack.messages[0]?.text).toBe('a');
    const updated = await update();
    await updated.body?.cancel();
    expect(slack.messages[0]?.text).toBe('b');
  });
});
