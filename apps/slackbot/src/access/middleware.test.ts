// The access middleware's handling of a listener that fails: the person is told what happened and what to
// do, with a request id; the error itself (an internal address here) only reaches the log, under that id.
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { Access } from './access.ts';
import { accessMiddleware, COMMAND_REFUSED } from './middleware.ts';
import { currentRequestId } from './modals.ts';
import { Registry } from './registry.ts';
import { rules } from './rules.ts';

/**
 * `/dub` with a subcommand, the project list's page button and the mention event, as their features register
 * them (handlers unused here).
 */
function registry(): Registry {
  const r = new Registry();
  r.command('/dub', rules.caller, async () => {});
  r.subcommand({ names: ['settings'], help: '', rule: rules.caller, run: async () => {} });
  r.button('list_page', rules.channelMember, async () => {});
  r.event('app_mention', rules.poster, async () => {});
  return r;
}

function setUp() {
  const logged: Record<string, unknown>[] = [];
  const logger = pino(
    { level: 'info' },
    { write: (line: string) => logged.push(JSON.parse(line) as Record<string, unknown>) },
  );
  const whispered: { channel: string; user: string; text: string }[] = [];
  const slack = {
    whisper: async (to: { channel: string; user: string }, content: { text: string }) => {
      whispered.push({ ...to, text: content.text });
    },
    isMember: async () => true,
    directMessageWith: async () => undefined,
  };
  const access = new Access({ store: {} as never, slack, admins: [], logger });
  const middleware = accessMiddleware({ registry: registry(), access, store: {} as never, slack });
  return { logged, whispered, middleware };
}

describe('a failing listener', () => {
  it('is logged in full under a request id, and the person gets the id, not the error', async () => {
    const { logged, whispered, middleware } = setUp();
    let seen: string | undefined;
    await middleware({
      body: { command: '/dub', user_id: 'U1', channel_id: 'C1', text: 'glossary list' },
      context: {},
      next: async () => {
        seen = currentRequestId();
        throw new Error(
          'POST http://127.0.0.1:4010/v2/glossaries failed: connect ECONNREFUSED 127.0.0.1:4010',
        );
      },
    } as never);
    expect(seen).toMatch(/^r-[0-9a-f]{8}$/);
    expect(whispered).toHaveLength(1);
    expect(whispered[0]).toMatchObject({ channel: 'C1', user: 'U1' });
    expect(whispered[0]?.text).toContain(`request id: \`${seen}\``);
    expect(whispered[0]?.text).not.toMatch(/127\.0\.0\.1|ECONNREFUSED|http/);
    const entry = logged.find((l) => l.requestId === seen);
    expect(JSON.stringify(entry)).toContain('ECONNREFUSED');
  });

  it('leaves an admitted event’s failure to Bolt, telling nobody', async () => {
    const { whispered, middleware } = setUp();
    await expect(
      middleware({
        body: {
          type: 'event_callback',
          event: { type: 'app_mention', user: 'U1', channel: 'C1', text: '<@UDUBKIT> stop' },
        },
        context: {},
        next: async () => {
          throw new Error('database is down');
        },
      } as never),
    ).rejects.toThrow('database is down');
    expect(whispered).toEqual([]);
  });

  it('answers when the check itself cannot be made: acked, told with a request id, nothing run', async () => {
    const logged: Record<string, unknown>[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => logged.push(JSON.parse(line)) });
    const whispered: string[] = [];
    const slack = {
      whisper: async (_to: unknown, content: { text: string }) => {
        whispered.push(content.text);
      },
      isMember: async (): Promise<boolean> => {
        throw new Error('An API error occurred: ratelimited (https://slack.com/api/conversations.members)');
      },
      directMessageWith: async () => undefined,
    };
    const access = new Access({ store: {} as never, slack, admins: [], logger });
    const middleware = accessMiddleware({ registry: registry(), access, store: {} as never, slack });
    let acked = 0;
    let ran = false;
    await middleware({
      body: {
        type: 'block_actions',
        user: { id: 'U1' },
        channel: { id: 'C1' },
        container: { type: 'message', channel_id: 'C1', message_ts: '1.0' },
        actions: [{ action_id: 'list_page', type: 'button', value: '{}' }],
      },
      ack: async () => {
        acked++;
      },
      next: async () => {
        ran = true;
      },
    } as never);
    expect(ran).toBe(false);
    expect(acked).toBe(1);
    expect(whispered).toHaveLength(1);
    const id = /request id: `(r-[0-9a-f]{8})`/.exec(whispered[0] ?? '')?.[1];
    expect(id).toBeDefined();
    expect(whispered[0]).not.toContain('slack.com');
    expect(JSON.stringify(logged.find((l) => l.requestId === id))).toContain('ratelimited');
  });
});

describe('a refused command', () => {
  it('is answered in the command’s own reply (no ephemeral the app may not post), and runs nothing', async () => {
    const logged: Record<string, unknown>[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => logged.push(JSON.parse(line)) });
    const whispered: string[] = [];
    const slack = {
      whisper: async (_to: unknown, content: { text: string }) => {
        whispered.push(content.text);
      },
      isMember: async () => false,
      directMessageWith: async () => undefined,
    };
    const access = new Access({ store: {} as never, slack, admins: [], logger });
    const middleware = accessMiddleware({ registry: registry(), access, store: {} as never, slack });
    const acks: unknown[] = [];
    let ran = false;
    await middleware({
      body: { command: '/dub', user_id: 'U1', channel_id: 'C1', text: 'settings' },
      context: {},
      ack: async (response?: unknown) => {
        acks.push(response);
      },
      next: async () => {
        ran = true;
      },
    } as never);
    expect(ran).toBe(false);
    expect(acks).toEqual([{ response_type: 'ephemeral', text: COMMAND_REFUSED }]);
    expect(whispered).toEqual([]);
    expect(logged.find((l) => l.msg === 'refused a payload')).toMatchObject({
      reason: 'caller: not a member',
    });
  });
});

describe('every subject checked', () => {
  /** The gate with U0ANA alone in C1 and in her DM with the app, D0ANA; whether the handler ran. */
  function gate() {
    const logged: Record<string, unknown>[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => logged.push(JSON.parse(line)) });
    const slack = {
      whisper: async () => {},
      isMember: async (channel: string, user: string) => channel === 'C1' && user === 'U0ANA',
      directMessageWith: async (channel: string) => (channel === 'D0ANA' ? 'U0ANA' : undefined),
    };
    const access = new Access({ store: {} as never, slack, admins: [], logger });
    const middleware = accessMiddleware({ registry: registry(), access, store: {} as never, slack });
    const ran = async (body: Record<string, unknown>) => {
      let reached = false;
      await middleware({
        body,
        context: {},
        ack: async () => {},
        next: async () => {
          reached = true;
        },
      } as never);
      return reached;
    };
    return { ran, logged };
  }
  const mention = (user: string) => ({
    type: 'event_callback',
    event: { type: 'app_mention', user, channel: 'C1', thread_ts: '1.0', text: '<@UDUBKIT> stop' },
  });
  const command = (user: string, channel: string, channelName: string) => ({
    command: '/dub',
    user_id: user,
    channel_id: channel,
    channel_name: channelName,
    text: 'settings',
  });

  it('runs a mention only for a member of its channel', async () => {
    const { ran, logged } = gate();
    expect(await ran(mention('U0MAL'))).toBe(false);
    expect(logged.find((l) => l.msg === 'refused a payload')).toMatchObject({
      kind: 'app_mention',
      reason: 'poster: not a member',
    });
    expect(await ran(mention('U0ANA'))).toBe(true);
    expect(await ran({ type: 'event_callback', event: { type: 'team_join', user: 'U0ANA' } })).toBe(false);
  });

  it('takes a DM as the caller’s only when Slack says it is theirs, never by its D', async () => {
    const { ran } = gate();
    expect(await ran(command('U0MAL', 'D0ANA', 'directmessage'))).toBe(false);
    expect(await ran(command('U0MAL', 'D0ANA', 'd0ana'))).toBe(false);
    expect(await ran(command('U0ANA', 'D0MAL', 'directmessage'))).toBe(false);
    expect(await ran(command('U0ANA', 'D0ANA', 'directmessage'))).toBe(true);
    expect(await ran(command('U0ANA', 'C1', 'general'))).toBe(true);
  });
});
