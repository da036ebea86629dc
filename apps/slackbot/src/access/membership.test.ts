// Membership as the app asks Slack for it: one channel's pages serve every question about the channel for a
// while, a "no" is asked afresh, Slack's news of a change drops what was kept, a busy Slack is asked again
// within the ack budget (waiting as long as a 429 says), and past the budget the answer is "unknown".
import { describe, expect, it } from 'vitest';
import { ASK_BUDGET_MS, Membership, MembershipUnknown } from './membership.ts';

/** A Slack whose member lists a test sets, counting its questions; `failures` are thrown first, in order. */
function fakeSlack(members: Record<string, string[]>, failures: unknown[] = []) {
  const slack = {
    asked: 0,
    members,
    failures,
    async membersOf(channel: string): Promise<ReadonlySet<string>> {
      slack.asked++;
      const failure = slack.failures.shift();
      if (failure) throw failure;
      return new Set(slack.members[channel] ?? []);
    },
  };
  return slack;
}

/** A clock that sleeping moves on: the budget is spent without the test waiting. */
function clock() {
  const time = { now: 1_000, slept: [] as number[] };
  return {
    time,
    now: () => time.now,
    sleep: async (ms: number) => {
      time.slept.push(ms);
      time.now += ms;
    },
  };
}

const ratelimited = (seconds: number) =>
  Object.assign(new Error('ratelimited'), { code: 'slack_webapi_rate_limited_error', retryAfter: seconds });
const http500 = () => Object.assign(new Error('500'), { code: 'slack_webapi_http_error', statusCode: 500 });

describe('membership', () => {
  it('asks once for a channel, whoever is asked about, until the list is old', async () => {
    const slack = fakeSlack({ C1: ['U1', 'U2'] });
    const c = clock();
    const membership = new Membership({
      membersOf: slack.membersOf,
      now: c.now,
      sleep: c.sleep,
      ttlMs: 60_000,
    });
    expect(await membership.isMember('C1', 'U1')).toBe(true);
    expect(await membership.isMember('C1', 'U2')).toBe(true);
    expect(slack.asked).toBe(1);
    c.time.now += 60_000;
    expect(await membership.isMember('C1', 'U1')).toBe(true);
    expect(slack.asked).toBe(2);
  });

  it('asks concurrent questions about one channel once', async () => {
    const slack = fakeSlack({ C1: ['U1'] });
    const membership = new Membership({ membersOf: slack.membersOf });
    const answers = await Promise.all([
      membership.isMember('C1', 'U1'),
      membership.isMember('C1', 'U1'),
      membership.isMember('C1', 'U9'),
    ]);
    expect(answers).toEqual([true, true, false]);
    expect(slack.asked).toBe(1);
  });

  it('asks again for a "no": someone who just joined is not refused on the old list', async () => {
    const slack = fakeSlack({ C1: ['U1'] });
    const membership = new Membership({ membersOf: slack.membersOf });
    expect(await membership.isMember('C1', 'U2')).toBe(false);
    slack.members.C1 = ['U1', 'U2'];
    expect(await membership.isMember('C1', 'U2')).toBe(true);
    expect(slack.asked).toBe(2);
  });

  it('drops a channel’s list when Slack says its members changed', async () => {
    const slack = fakeSlack({ C1: ['U1', 'U2'] });
    const membership = new Membership({ membersOf: slack.membersOf });
    expect(await membership.isMember('C1', 'U2')).toBe(true);
    slack.members.C1 = ['U1'];
    membership.forget('C1');
    expect(await membership.isMember('C1', 'U2')).toBe(false);
    expect(slack.asked).toBe(2);
  });

  it('does not keep a list fetched before a change Slack reported while it was being fetched', async () => {
    const slack = fakeSlack({ C1: ['U1', 'U2'] });
    const membership = new Membership({ membersOf: slack.membersOf });
    const asking = membership.isMember('C1', 'U2');
    membership.forget('C1');
    expect(await asking).toBe(true);
    slack.members.C1 = ['U1'];
    expect(await membership.isMember('C1', 'U2')).toBe(false);
  });

  it('asks a busy Slack again within the budget, waiting as long as a 429 says', async () => {
    const slack = fakeSlack({ C1: ['U1'] }, [http500(), ratelimited(1)]);
    const c = clock();
    const membership = new Membership({ membersOf: slack.membersOf, now: c.now, sleep: c.sleep });
    expect(await membership.isMember('C1', 'U1')).toBe(true);
    expect(slack.asked).toBe(3);
    expect(c.time.slept).toEqual([100, 1_000]);
  });

  it('says "unknown" once the budget is spent, never a guess; the next question asks again', async () => {
    const failures = Array.from({ length: 50 }, http500);
    const slack = fakeSlack({ C1: ['U1'] }, failures);
    const c = clock();
    const membership = new Membership({ membersOf: slack.membersOf, now: c.now, sleep: c.sleep });
    const started = c.time.now;
    await expect(membership.isMember('C1', 'U1')).rejects.toBeInstanceOf(MembershipUnknown);
    expect(c.time.now - started).toBeLessThan(ASK_BUDGET_MS);
    // A 429 asking for longer than the budget ends at once.
    slack.failures.splice(0, slack.failures.length, ratelimited(30));
    const before = c.time.now;
    await expect(membership.isMember('C1', 'U1')).rejects.toBeInstanceOf(MembershipUnknown);
    expect(c.time.now).toBe(before);
    expect(await membership.isMember('C1', 'U1')).toBe(true);
  });
});
