// The settings dialog within Slack's limits, read back as it was filled in.
import { describe, expect, it } from 'vitest';
import { viewProblems } from '../../test-support/block-limits.ts';
import { pickerOptions } from '../../test-support/inputs.ts';
import {
  APPROVER_GROUPS_SETTING,
  APPROVERS_SETTING,
  approverGroupsProblem,
  approversProblem,
  approversSaid,
  readApproverGroupsSetting,
  readApproversSetting,
} from './approvers-block.ts';
import { readSettings, SETTINGS_UI, settingsModal } from './blocks.ts';
import { FORMATS_SETTING, readFormatsSetting } from './formats-block.ts';

describe('settings', () => {
  it('settings dialog stays within limits and reads back', () => {
    const view = settingsModal({
      channel: 'C1',
      dstLangs: ['es'],
      glossaries: pickerOptions,
      glossaryIds: [],
      formats: ['srt', 'vtt'],
    });
    expect(viewProblems(view)).toEqual([]);
    expect(
      readFormatsSetting({
        [FORMATS_SETTING.block]: {
          [FORMATS_SETTING.action]: {
            selected_options: [{ value: 'ass' }, { value: 'docx' }, { value: 'ttml' }],
          },
        },
      }),
    ).toEqual(['ttml', 'ass']);
    // An older dialog without the block leaves the channel's formats as they are.
    expect(readFormatsSetting({})).toBeUndefined();
    expect(
      readSettings({
        [SETTINGS_UI.langsBlock]: { job_dst: { selected_options: [{ value: 'es' }] } },
        [SETTINGS_UI.glossaryBlock]: { job_glossary: { selected_options: [{ value: 'g1' }] } },
      }),
    ).toEqual({ dstLangs: ['es'], glossaryIds: ['g1'] });
  });

  it('offers the channel’s approvers as a people picker and reads back who was picked, once each', () => {
    const view = settingsModal({
      channel: 'C1',
      dstLangs: [],
      glossaries: [],
      glossaryIds: [],
      approvers: ['U0BEN', 'U0ANA'],
    });
    expect(viewProblems(view)).toEqual([]);
    const block = view.blocks.find((b) => b.block_id === APPROVERS_SETTING.block) as {
      element: { type: string; initial_users: string[] };
    };
    expect(block.element).toMatchObject({ type: 'multi_users_select', initial_users: ['U0BEN', 'U0ANA'] });
    // No approvers offered: the dialog has no such block.
    expect(
      JSON.stringify(settingsModal({ channel: 'C1', dstLangs: [], glossaries: [], glossaryIds: [] })),
    ).not.toContain(APPROVERS_SETTING.block);
    const picked = (users: unknown[]) => ({
      [APPROVERS_SETTING.block]: { [APPROVERS_SETTING.action]: { selected_users: users } },
    });
    expect(readApproversSetting(picked(['U0BEN', 'U0ANA', 'U0BEN']))).toEqual(['U0BEN', 'U0ANA']);
    expect(readApproversSetting(picked([]))).toEqual([]);
    expect(readApproversSetting({})).toBeUndefined();
    expect(approversProblem(['U0BEN'])).toBeUndefined();
    expect(approversProblem(['<!channel>'])).toBe('Pick people from the list: one picked is not a person.');
    expect(approversProblem(Array.from({ length: 21 }, (_, i) => `U${i}X`))).toBe(
      'Pick at most 20 approvers.',
    );
    expect(approversSaid(['U0BEN', 'U0ANA'])).toBe('approvers <@U0BEN>, <@U0ANA>');
    expect(approversSaid([])).toBe('no approvers: anyone in the channel can approve');
  });
});

describe('settings, approver groups', () => {
  const groups = [
    { id: 'S0QAES', handle: 'qa-es', name: 'Spanish <QA> & co' },
    { id: 'S0LEADS', handle: 'leads', name: 'x'.repeat(200) },
  ];

  it('offers the workspace’s groups (only when there are some), the current ones picked, within limits', () => {
    const view = settingsModal({
      channel: 'C1',
      dstLangs: [],
      glossaries: [],
      glossaryIds: [],
      approvers: ['U0BEN', 'S0QAES'],
      approverGroups: groups,
    });
    expect(viewProblems(view)).toEqual([]);
    const people = view.blocks.find((b) => b.block_id === APPROVERS_SETTING.block) as {
      element: { initial_users: string[] };
    };
    // A group id is never handed to the people picker.
    expect(people.element.initial_users).toEqual(['U0BEN']);
    const block = view.blocks.find((b) => b.block_id === APPROVER_GROUPS_SETTING.block) as {
      element: {
        type: string;
        options: { text: { text: string }; value: string }[];
        initial_options: unknown[];
      };
    };
    expect(block.element.type).toBe('multi_static_select');
    expect(block.element.options[0]).toMatchObject({
      text: { text: '@qa-es · Spanish <QA> & co' },
      value: 'S0QAES',
    });
    expect(block.element.options[1]!.text.text.length).toBeLessThanOrEqual(75);
    expect(block.element.initial_options).toEqual([block.element.options[0]]);
    const without = settingsModal({
      channel: 'C1',
      dstLangs: [],
      glossaries: [],
      glossaryIds: [],
      approvers: [],
      approverGroups: [],
    });
    expect(JSON.stringify(without)).not.toContain(APPROVER_GROUPS_SETTING.block);
  });

  it('reads back the groups picked, and refuses one Slack does not list', () => {
    const values = {
      [APPROVER_GROUPS_SETTING.block]: {
        [APPROVER_GROUPS_SETTING.action]: { selected_options: [{ value: 'S0QAES' }, { value: 'S0QAES' }] },
      },
    };
    expect(readApproverGroupsSetting(values)).toEqual(['S0QAES']);
    expect(readApproverGroupsSetting({})).toBeUndefined();
    expect(approverGroupsProblem(['S0QAES'], groups)).toBeUndefined();
    expect(approverGroupsProblem(['S0FORGED'], groups)).toContain('Pick groups from the list');
    expect(approversSaid(['U0BEN', 'S0QAES'])).toBe('approvers <@U0BEN>, <!subteam^S0QAES>');
  });
});
