// The access middleware's handling of a listener that fails: the person is told what happened and what to
// do, with a request id; the error itself (an internal address here) only reaches the log, under that id. What
// Slack signs (a command's channel and user, a click's channel) runs without asking Slack who is in the
// channel; a modal's submission, which Slack does not place in a channel, is checked, and answered when
// Slack cannot say. A payload of a workspace that did not install the app is refused before any of it.
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { payloadOrigin, payloadWorkspace } from '../install/origin.ts';
import { TenantGone } from '../install/tenancy.ts';
import { Access } from './access.ts';
import { BUSY, BUSY_NOTHING_CHANGED } from './busy.ts';
import { button, command, event, view } from './definitions.ts';
import { MembershipUnknown } from './membership.ts';
import { accessMiddleware, COMMAND_REFUSED, KEPT, tenantsGate } from './middleware.ts';
import { currentRequestId } from './modals.ts';
import { ACKED, Registry, runChecked } from './registry.ts';
import { REPLAY, type Replay } from './replay.ts';
import { rules } from './rules.ts';

/** These payloads' workspace installed the app (the gate's first question). */
const installed = {
  resolve: async () => ({ key: 'T1', teamId: 'T1', enterpriseId: null, orgInstall: false }),
};

/**
 * `/dub` with a subcommand, the project list's page button and the mention event, as their features register
 * them (handlers unused here).
 */
function registry(): Registry {
  const r = new Registry();
  const none = () => async () => {};
  r.register(
    [
      command({ name: '/dub', rule: rules.caller, handler: none }),
      button({ id: 'list_page', rule: rules.channelMember, handler: none }),
      view({ callbackId: 'settings', rule: rules.opener, handler: none }),
      event({ type: 'app_mention', rule: rules.poster, handler: none }),
    ],
    null,
  );
  r.subcommand({ names: ['settings'], help: '', rule: rules.caller, run: async () => {} });
  return r;
}

/** Membership Slack cannot give: the test fails if it is asked where the payload proves enough. */
const slackBusy = {
  asked: 0,
  async isMember(): Promise<boolean> {
    this.asked++;
    throw new Error('An API error occurred: ratelimited (https://slack.com/api/conversations.members)');
  },
};

/** The store's grant of the settings modal V1, opened for U1 in C1. */
const grants = {
  modalGrant: async (viewId: string) =>
    viewId === 'V1'
      ? {
          viewId,
          opener: 'U1',
          channel: 'C1',
          threadTs: null,
          callbackId: 'settings',
          subject: 'C1',
          createdAt: 0,
        }
      : undefined,
};

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
    directMessageWith: async () => undefined,
  };
  const access = new Access({
    store: {} as never,
    membership: { isMember: async () => true },
    slack,
    admins: [],
    logger,
  });
  const middleware = accessMiddleware({
    tenancy: installed,
    registry: registry(),
    access,
    store: {} as never,
    slack,
  });
  return { logged, whispered, middleware };
}

describe('a failing listener', () => {
  it('is logged in full under a request id, and the person gets the id, not the error', async () => {
    const { logged, whispered, middleware } = setUp();
    let seen: string | undefined;
    await middleware({
      body: { command: '/dub', user_id: 'U1', channel_id: 'C1', text: 'glossary list' },
      // The listener had acked: the answer is a message.
      context: { [ACKED]: true },
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

  it('answers a command that was not acked yet in its ack', async () => {
    const { whispered, middleware } = setUp();
    const acks: unknown[] = [];
    await middleware({
      body: { command: '/dub', user_id: 'U1', channel_id: 'C1', text: 'https://vimeo.com/1 to es' },
      ack: async (response?: unknown) => {
        acks.push(response);
      },
      context: {},
      next: async () => {
        throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
      },
    } as never);
    expect(acks).toEqual([{ response_type: 'ephemeral', text: BUSY }]);
    expect(whispered).toEqual([]);
  });

  it('answers a click the database was away for as busy: nothing recorded, try again', async () => {
    const { logged, whispered, middleware } = setUp();
    await middleware({
      body: {
        type: 'block_actions',
        user: { id: 'U1' },
        channel: { id: 'C1' },
        container: { type: 'message', channel_id: 'C1', message_ts: '1.0' },
        actions: [{ action_id: 'list_page', type: 'button', value: '1' }],
      },
      ack: async () => {},
      context: {},
      next: async () => {
        throw Object.assign(new Error('terminating connection due to administrator command'), {
          code: '57P01',
        });
      },
    } as never);
    expect(whispered).toEqual([{ channel: 'C1', user: 'U1', text: BUSY_NOTHING_CHANGED }]);
    expect(logged.some((l) => l.msg === 'recording a request failed: the database is not answering')).toBe(
      true,
    );
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
    const slack = { whisper: async () => {}, directMessageWith: async () => undefined };
    const access = new Access({ store: grants as never, membership: slackBusy, slack, admins: [], logger });
    const middleware = accessMiddleware({
      tenancy: installed,
      registry: registry(),
      access,
      store: {} as never,
      slack,
    });
    const acks: unknown[] = [];
    let ran = false;
    await middleware({
      body: {
        type: 'view_submission',
        user: { id: 'U1' },
        view: { id: 'V1', callback_id: 'settings', private_metadata: 'C1' },
      },
      ack: async (response?: unknown) => {
        acks.push(response);
      },
      next: async () => {
        ran = true;
      },
    } as never);
    expect(ran).toBe(false);
    expect(acks).toHaveLength(1);
    const text = JSON.stringify(acks[0]);
    expect(text).toContain('response_action');
    const id = /request id: `(r-[0-9a-f]{8})`/.exec(text)?.[1];
    expect(id).toBeDefined();
    expect(text).not.toContain('slack.com');
    expect(JSON.stringify(logged.find((l) => l.requestId === id))).toContain('ratelimited');
  });
});

describe('a check that waits for Slack', () => {
  const unknown = {
    isMember: async (): Promise<boolean> => {
      throw new MembershipUnknown('C1', new Error('ratelimited'));
    },
  };
  const submission = {
    type: 'view_submission',
    user: { id: 'U1' },
    view: { id: 'V1', callback_id: 'settings', private_metadata: 'C1' },
  };

  function gate(deferRequest: (id: string, body: unknown) => Promise<void>) {
    const logger = pino({ level: 'silent' });
    const slack = { whisper: async () => {}, directMessageWith: async () => undefined };
    const access = new Access({ store: grants as never, membership: unknown, slack, admins: [], logger });
    const store = { deferRequest } as never;
    return accessMiddleware({ tenancy: installed, registry: registry(), access, store, slack });
  }

  it('keeps a submission Slack could not check, answers that it will be done, and runs nothing yet', async () => {
    const kept: unknown[] = [];
    const acks: unknown[] = [];
    let ran = false;
    await gate(async (_id, body) => {
      kept.push(body);
    })({
      body: submission,
      context: {},
      ack: async (response?: unknown) => {
        acks.push(response);
      },
      next: async () => {
        ran = true;
      },
    } as never);
    expect(kept).toEqual([submission]);
    expect(ran).toBe(false);
    expect(JSON.stringify(acks)).toContain(KEPT.slice(0, 40));
  });

  it('a replay Slack still cannot check is marked so, and neither kept again nor answered', async () => {
    const kept: unknown[] = [];
    const acks: unknown[] = [];
    const replay: Replay = { unknown: false };
    await gate(async (_id, body) => {
      kept.push(body);
    })({
      body: submission,
      context: { [REPLAY]: replay },
      ack: async (response?: unknown) => {
        acks.push(response);
      },
      next: async () => {},
    } as never);
    expect(replay.unknown).toBe(true);
    expect(kept).toEqual([]);
    expect(acks).toEqual([]);
  });

  it('says it could not be checked when the store cannot keep it either', async () => {
    const acks: unknown[] = [];
    await gate(async () => {
      throw new Error('database is down');
    })({
      body: submission,
      context: {},
      ack: async (response?: unknown) => {
        acks.push(response);
      },
      next: async () => {},
    } as never);
    expect(JSON.stringify(acks)).toContain('could not be checked');
  });
});

describe('what Slack signs', () => {
  it('a command and a click on a message run as their signed user and channel, Slack never asked', async () => {
    const logger = pino({ level: 'silent' });
    const slack = { whisper: async () => {}, directMessageWith: async () => undefined };
    slackBusy.asked = 0;
    const access = new Access({ store: {} as never, membership: slackBusy, slack, admins: [], logger });
    const middleware = accessMiddleware({
      tenancy: installed,
      registry: registry(),
      access,
      store: {} as never,
      slack,
    });
    const ran: (string | undefined)[] = [];
    const next = async () => {
      ran.push(currentRequestId());
    };
    await middleware({
      body: { command: '/dub', user_id: 'U1', channel_id: 'C1', text: 'settings' },
      context: {},
      ack: async () => {},
      next,
    } as never);
    await middleware({
      body: {
        type: 'block_actions',
        user: { id: 'U2' },
        channel: { id: 'C1' },
        container: { type: 'message', channel_id: 'C1', message_ts: '1.0' },
        actions: [{ action_id: 'list_page', type: 'button', value: '{}' }],
      },
      context: {},
      ack: async () => {},
      next,
    } as never);
    expect(ran).toHaveLength(2);
    expect(slackBusy.asked).toBe(0);
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
      directMessageWith: async () => undefined,
    };
    const access = new Access({ store: {} as never, membership: slackBusy, slack, admins: [], logger });
    const middleware = accessMiddleware({
      tenancy: installed,
      registry: registry(),
      access,
      store: {} as never,
      slack,
    });
    const acks: unknown[] = [];
    let ran = false;
    await middleware({
      body: { command: '/dub', user_id: 'U1', channel_id: '', text: 'settings' },
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
      reason: 'caller: no user or channel',
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
      directMessageWith: async (channel: string) => (channel === 'D0ANA' ? 'U0ANA' : undefined),
    };
    const membership = {
      isMember: async (channel: string, user: string) => channel === 'C1' && user === 'U0ANA',
    };
    const access = new Access({ store: {} as never, membership, slack, admins: [], logger });
    const middleware = accessMiddleware({
      tenancy: installed,
      registry: registry(),
      access,
      store: {} as never,
      slack,
    });
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
  const mention = (user: string, channel = 'C1', channelType = 'channel') => ({
    type: 'event_callback',
    event: {
      type: 'app_mention',
      user,
      channel,
      channel_type: channelType,
      thread_ts: '1.0',
      text: '<@UDUBKIT> stop',
    },
  });
  const command = (user: string, channel: string, channelName: string) => ({
    command: '/dub',
    user_id: user,
    channel_id: channel,
    channel_name: channelName,
    text: 'settings',
  });

  it('runs a mention in a channel as Slack signed it, and one in a DM only for the DM’s person', async () => {
    const { ran, logged } = gate();
    // Slack sends a mention only for a message its author posted there: the channel is asked nothing.
    expect(await ran(mention('U0MAL'))).toBe(true);
    expect(await ran(mention('U0ANA'))).toBe(true);
    expect(await ran(mention('U0MAL', 'D0ANA', 'im'))).toBe(false);
    expect(logged.find((l) => l.msg === 'refused a payload')).toMatchObject({
      kind: 'app_mention',
      reason: 'poster: not their direct message',
    });
    expect(await ran(mention('U0ANA', 'D0ANA', 'im'))).toBe(true);
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

describe('a payload of a workspace that did not install the app', () => {
  it('is refused and logged before any rule, and nobody is told through this workspace', async () => {
    const logged: Record<string, unknown>[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => logged.push(JSON.parse(line)) });
    const whispered: unknown[] = [];
    const slack = {
      whisper: async (to: unknown) => {
        whispered.push(to);
      },
      directMessageWith: async () => undefined,
    };
    const access = new Access({
      store: {} as never,
      membership: { isMember: async () => true },
      slack,
      admins: [],
      logger,
    });
    const origins: unknown[] = [];
    const tenancy = {
      resolve: async (origin: { teamId: string | null }) => {
        origins.push(origin);
        return origin.teamId === 'T1'
          ? { key: 'T1', teamId: 'T1', enterpriseId: null, orgInstall: false }
          : null;
      },
    };
    const middleware = accessMiddleware({ tenancy, registry: registry(), access, store: {} as never, slack });
    let ran = false;
    const acks: unknown[] = [];
    await middleware({
      body: {
        type: 'block_actions',
        team: { id: 'T2' },
        enterprise: { id: 'E9' },
        user: { id: 'U1', team_id: 'T2' },
        channel: { id: 'C1' },
        container: { type: 'message', channel_id: 'C1', message_ts: '1.0' },
        message: { ts: '1.0' },
        actions: [{ action_id: 'list_page', type: 'button', value: '2' }],
      },
      context: {},
      ack: async (response?: unknown) => {
        acks.push(response);
      },
      next: async () => {
        ran = true;
      },
    } as never);
    expect(ran).toBe(false);
    expect(acks).toEqual([undefined]);
    expect(whispered).toEqual([]);
    expect(origins).toEqual([{ teamId: 'T2', enterpriseId: 'E9', orgInstall: false }]);
    expect(logged.find((l) => l.msg === 'refused a payload')).toMatchObject({
      reason: 'not installed for team T2 (org E9)',
    });

    // The installed team's same click, on its message, runs.
    await middleware({
      body: {
        type: 'block_actions',
        team: { id: 'T1' },
        user: { id: 'U1' },
        channel: { id: 'C1' },
        container: { type: 'message', channel_id: 'C1', message_ts: '1.0' },
        message: { ts: '1.0' },
        actions: [{ action_id: 'list_page', type: 'button', value: '2' }],
      },
      context: {},
      ack: async () => {},
      next: async () => {
        ran = true;
      },
    } as never);
    expect(ran).toBe(true);
  });

  it('reads an event’s installation from its authorizations, a view’s from the workspace that installed the app, and a command’s org-wide install from its text field', async () => {
    expect(
      payloadOrigin({
        team_id: 'T1',
        authorizations: [{ team_id: null, enterprise_id: 'E1', is_enterprise_install: true }],
      }),
    ).toEqual({ teamId: null, enterpriseId: 'E1', orgInstall: true });
    expect(payloadOrigin({ team_id: 'T3', enterprise_id: 'E1', is_enterprise_install: 'true' })).toEqual({
      teamId: 'T3',
      enterpriseId: 'E1',
      orgInstall: true,
    });
    expect(
      payloadOrigin({ team: { id: 'T5' }, view: { app_installed_team_id: 'T1' }, user: { team_id: 'T5' } }),
    ).toEqual({ teamId: 'T1', enterpriseId: null, orgInstall: false });
    expect(payloadOrigin({ team: null, user: { team_id: 'T4' } })).toEqual({
      teamId: 'T4',
      enterpriseId: null,
      orgInstall: false,
    });
    // Slack Connect: a person of another workspace clicks in a channel shared with the installed one. Slack
    // names the installed workspace as the click's team; the person's own team is theirs, not the tenant.
    expect(payloadOrigin({ team: { id: 'T1' }, user: { team_id: 'T9' } })).toEqual({
      teamId: 'T1',
      enterpriseId: null,
      orgInstall: false,
    });
  });

  it('reads the workspace an org-wide install’s payload happened in, which its origin does not name', () => {
    const orgWide = { team_id: null, enterprise_id: 'E1', is_enterprise_install: true };
    expect(payloadWorkspace({ team_id: 'T3', authorizations: [orgWide] })).toBe('T3');
    expect(payloadWorkspace({ team: null, enterprise: { id: 'E1' }, user: { team_id: 'T3' } })).toBe('T3');
    expect(payloadWorkspace({ team_id: 'T1', authorizations: [{ ...orgWide, team_id: 'T1' }] })).toBe('T1');
  });
});

describe('the gate of many tenants', () => {
  it('checks and runs each payload with its own tenant’s registrations, and refuses a removed tenant’s', async () => {
    const logged: Record<string, unknown>[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => logged.push(JSON.parse(line)) });
    const slack = { whisper: async () => {}, directMessageWith: async () => undefined };
    const handled: string[] = [];
    /** A tenant's side of the gate whose one button records that this tenant's handler ran. */
    const sideOf = (key: string) => {
      const r = new Registry();
      r.register(
        [
          button({
            id: 'list_page',
            rule: rules.channelMember,
            handler: () => async () => {
              handled.push(key);
            },
          }),
        ],
        null,
      );
      const access = new Access({
        store: {} as never,
        membership: { isMember: async () => true },
        slack,
        admins: [],
        logger,
      });
      return { registry: r, access, store: {} as never, slack };
    };
    const sides = new Map([
      ['T1', sideOf('T1')],
      ['T2', sideOf('T2')],
    ]);
    const gate = tenantsGate({
      tenancy: {
        resolve: async (origin) =>
          origin.teamId
            ? { key: origin.teamId, teamId: origin.teamId, enterpriseId: null, orgInstall: false }
            : null,
      },
      gateOf: async (tenant) => {
        const side = sides.get(tenant.key);
        if (!side) throw new TenantGone(`the app was removed from ${tenant.key}`);
        return side;
      },
      refusals: { logRefusal: (kind, detail, reason) => logged.push({ kind, ...detail, reason }) },
    });
    const click = (team: string) => {
      const args = {
        body: {
          type: 'block_actions',
          team: { id: team },
          user: { id: 'U1' },
          channel: { id: 'C1' },
          container: { type: 'message', channel_id: 'C1', message_ts: '1.0' },
          message: { ts: '1.0' },
          actions: [{ action_id: 'list_page', type: 'button', value: '2' }],
        },
        context: {} as Record<string, unknown>,
        ack: async () => {},
        next: async () => runChecked(args as never),
      };
      return gate(args as never);
    };
    await click('T2');
    await click('T1');
    expect(handled).toEqual(['T2', 'T1']);
    await click('T3');
    expect(handled).toEqual(['T2', 'T1']);
    expect(logged.at(-1)).toMatchObject({ reason: 'not installed for team T3' });
  });
});
