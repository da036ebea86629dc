// Slack's news of a channel's members changing reaches the remembered member lists: each event the manifest
// subscribes to for it drops that channel's list, and nothing else.
import { describe, expect, it } from 'vitest';
import { Membership } from './membership.ts';
import { forgetOnMembershipEvents, MEMBERSHIP_EVENTS } from './membership-events.ts';

describe('membership events', () => {
  it('each drops the channel it names, so the next question asks Slack', async () => {
    // Each event runs as the gate runs it: its rule's check first, then the handler with the checked subject.
    type Checked = { ok: boolean; subject?: unknown };
    type Rule = { check: (payload: unknown, context: unknown) => Promise<Checked> };
    type Handler = (args: unknown, subject: unknown) => Promise<void>;
    const handlers = new Map<string, (args: { event: unknown }) => Promise<void>>();
    const registry = {
      event: (name: string, rule: Rule, handler: Handler) => {
        handlers.set(name, async (args) => {
          const verdict = await rule.check(args, {});
          if (verdict.ok) await handler(args, verdict.subject);
        });
      },
    };
    let asked = 0;
    const membership = new Membership({
      membersOf: async () => {
        asked++;
        return new Set(['U1']);
      },
    });
    forgetOnMembershipEvents(registry as never, membership);
    expect([...handlers.keys()]).toEqual([...MEMBERSHIP_EVENTS]);
    await membership.isMember('C1', 'U1');
    await membership.isMember('C2', 'U1');
    for (const [name, handler] of handlers) {
      await handler({ event: { type: name, channel: 'C1', user: 'U1' } });
      await membership.isMember('C1', 'U1');
      await membership.isMember('C2', 'U1');
    }
    // C1 asked again after each of the four events; C2 never again.
    expect(asked).toBe(2 + MEMBERSHIP_EVENTS.length);
  });
});
