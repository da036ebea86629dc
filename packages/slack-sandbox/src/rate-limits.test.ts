// Slack's own limits in the fake, over its Web API: per workspace and method by tier, chat.postMessage per
// channel, 429 with a Retry-After that says when the call will be served, and one workspace's limit never
// another's.
import { afterEach, describe, expect, it } from 'vitest';
import { FakeSlack } from './fake-slack.ts';
import { RateLimits } from './rate-limits.ts';

let slack: FakeSlack | undefined;
afterEach(async () => {
  await slack?.close();
});

async function call(token: string, method: string, args: Record<string, unknown>) {
  const response = await fetch(`${slack!.apiUrl}${method}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json; charset=utf-8' },
    body: JSON.stringify(args),
  });
  return {
    status: response.status,
    retryAfter: response.headers.get('retry-after'),
    body: (await response.json()) as Record<string, unknown>,
  };
}

describe('the fake Slack’s rate limits', () => {
  it('limits chat.update per workspace (Tier 3) and answers 429 with Retry-After, taking no effect', async () => {
    // A tenth of Slack's limits: Tier 3 is 5 calls a minute, a bucket of 5 refilled one every 12 s.
    slack = await new FakeSlack({
      botToken: 'xoxb-a',
      workspaceTokens: { 'xoxb-b': 'TB' },
      limits: { scale: 0.1 },
    }).start();
    const posted = await call('xoxb-a', 'chat.postMessage', { channel: 'C1', text: 'v1' });
    const ts = posted.body.ts as string;
    const updates = [];
    for (let n = 2; n <= 7; n++)
      updates.push(await call('xoxb-a', 'chat.update', { channel: 'C1', ts, text: `v${n}` }));
    expect(updates.map((u) => u.status)).toEqual([200, 200, 200, 200, 200, 429]);
    expect(updates[5]!.body).toEqual({ ok: false, error: 'ratelimited' });
    expect(Number(updates[5]!.retryAfter)).toBe(12);
    expect(slack.messages[0]!.text).toBe('v6');
    // Another workspace's updates have their own limit.
    const theirs = await call('xoxb-b', 'chat.postMessage', { channel: 'C9', text: 'b' });
    expect(
      (await call('xoxb-b', 'chat.update', { channel: 'C9', ts: theirs.body.ts, text: 'b2' })).status,
    ).toBe(200);
    expect(slack.limits!.limited.get(slack.teamId)).toBe(1);
    expect(slack.limits!.limited.get('TB')).toBeUndefined();
    expect(slack.callsOf('chat.update').filter((c) => c.limitedFor !== undefined)).toHaveLength(1);
  });

  it('limits chat.postMessage per channel at about one a second, not per workspace', async () => {
    slack = await new FakeSlack({ botToken: 'xoxb-a', limits: {} }).start();
    const post = (channel: string) => call('xoxb-a', 'chat.postMessage', { channel, text: 'x' });
    expect((await post('C1')).status).toBe(200);
    const again = await post('C1');
    expect(again.status).toBe(429);
    expect(again.retryAfter).toBe('1');
    expect((await post('C2')).status).toBe(200);
  });

  it('refills evenly: a call is served again once Retry-After has passed', () => {
    const limits = new RateLimits({ scale: 0.1 });
    for (let n = 0; n < 5; n++) expect(limits.take('T1', 'chat.update', 'C1', 0)).toBeUndefined();
    expect(limits.take('T1', 'chat.update', 'C1', 0)).toBe(12);
    expect(limits.take('T1', 'chat.update', 'C1', 5_500)).toBe(7);
    expect(limits.take('T1', 'chat.update', 'C1', 12_500)).toBeUndefined();
    expect(limits.take('T1', 'usergroups.list', '', 0)).toBeUndefined();
    expect(limits.take('T1', 'oauth.v2.access', '', 0)).toBeUndefined();
    expect(limits.limited.get('T1')).toBe(2);
  });
});
