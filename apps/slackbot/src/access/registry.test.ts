// What the registry lets through to a rule: only the kinds a person's click, submission, shortcut or command
// arrives as, naming something a feature registered, with the element it was registered as.
import { describe, expect, it } from 'vitest';
import { Registry } from './registry.ts';
import { rules } from './rules.ts';

function registry(): Registry {
  const r = new Registry();
  r.button('approve', rules.targetMember, async () => {});
  r.select('pick');
  r.view('settings', rules.opener, async () => {});
  r.shortcut('dub_message', rules.shortcutMember, async () => {});
  r.command('/dub', rules.caller, async () => {});
  return r;
}

const click = (over: Record<string, unknown> = {}, action: Record<string, unknown> = {}) => ({
  type: 'block_actions',
  actions: [{ action_id: 'approve', type: 'button', value: 't1', ...action }],
  ...over,
});

describe('the registry', () => {
  it('names the registration of each expected kind', () => {
    const r = registry();
    expect(r.wanted(click()).entry?.key).toBe('approve');
    expect(r.wanted(click({}, { action_id: 'pick', type: 'static_select' })).entry?.key).toBe('pick');
    expect(r.wanted({ type: 'view_submission', view: { callback_id: 'settings' } }).entry?.key).toBe(
      'settings',
    );
    expect(r.wanted({ type: 'message_action', callback_id: 'dub_message' }).entry?.key).toBe('dub_message');
    expect(r.wanted({ command: '/dub' }).entry?.key).toBe('/dub');
    r.event('app_mention', rules.poster, async () => {});
    expect(r.wanted({ event: { type: 'app_mention' } }).entry?.key).toBe('app_mention');
    // An event no feature registered is refused like an unknown click.
    expect(r.wanted({ event: { type: 'member_joined_channel' } }).entry).toBeUndefined();
  });

  it('names none for a kind, an id or an element it does not expect', () => {
    const r = registry();
    const refused = [
      click({ type: 'interactive_message' }),
      { actions: [{ action_id: 'approve', type: 'button', value: 't1' }] },
      click({}, { action_id: 'made_up' }),
      click({}, { type: 'static_select' }),
      click({}, { action_id: 'pick', type: 'button' }),
      click({ actions: [] }),
      { ...click(), actions: [click().actions[0], click().actions[0]] },
      { type: 'view_submission', view: { callback_id: 'made_up' } },
      { type: 'view_closed', view: { callback_id: 'settings' } },
      { type: 'shortcut', callback_id: 'dub_message' },
      { type: 'block_suggestion', action_id: 'pick' },
      { type: 'dialog_submission', callback_id: 'settings' },
      { command: '/other' },
      { command: '/dub', type: 'block_actions' },
    ];
    for (const body of refused) expect(r.wanted(body as never).entry, JSON.stringify(body)).toBeUndefined();
  });

  it('refuses a second registration of the same id', () => {
    const r = registry();
    expect(() => r.select('pick')).toThrow('registered twice');
    const credits = { names: ['credits'], help: 'credits', rule: rules.caller, run: async () => {} };
    r.subcommand(credits);
    expect(() => r.subcommand({ ...credits, help: '' })).toThrow('registered twice');
  });
});
