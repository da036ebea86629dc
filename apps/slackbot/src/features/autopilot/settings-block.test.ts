// The settings dialog's autopilot: within Slack's limits, read back as submitted, refused in its own words.
import { describe, expect, it } from 'vitest';
import { viewProblems } from '../../test-support/block-limits.ts';
import { settingsModal } from '../settings/blocks.ts';
import { AUTOPILOT_SETTING, autopilotSaid, readAutopilotSetting } from './settings-block.ts';

const submitted = (langs: string[], cap: string, period = 'week', mode = 'wait') => ({
  [AUTOPILOT_SETTING.langsBlock]: {
    [AUTOPILOT_SETTING.langsAction]: { selected_options: langs.map((value) => ({ value })) },
  },
  [AUTOPILOT_SETTING.capBlock]: { [AUTOPILOT_SETTING.capAction]: { value: cap } },
  [AUTOPILOT_SETTING.periodBlock]: {
    [AUTOPILOT_SETTING.periodAction]: { selected_option: { value: period } },
  },
  [AUTOPILOT_SETTING.modeBlock]: { [AUTOPILOT_SETTING.modeAction]: { selected_option: { value: mode } } },
});

describe('autopilot settings', () => {
  it('offers the channel’s autopilot within limits, what is set chosen', () => {
    const view = settingsModal({
      channel: 'C1',
      dstLangs: [],
      glossaries: [],
      glossaryIds: [],
      autopilot: { dstLangs: ['es', 'de'], capMinutes: 120, period: 'week', mode: 'wait' },
    });
    expect(viewProblems(view)).toEqual([]);
    const text = JSON.stringify(view.blocks);
    expect(text).toContain('Dub every video posted here into …');
    expect(text).toContain('"initial_value":"120"');
    expect(text).toContain(
      '"initial_option":{"text":{"type":"plain_text","text":"Post the card and wait for Start"',
    );
    expect(
      JSON.stringify(settingsModal({ channel: 'C1', dstLangs: [], glossaries: [], glossaryIds: [] })),
    ).not.toContain(AUTOPILOT_SETTING.langsBlock);
  });

  it('reads back what was submitted, and refuses a cap that is not whole minutes in range', () => {
    expect(readAutopilotSetting(submitted(['es', 'es', 'de'], ' 90 '))).toEqual({
      ok: true,
      value: { dstLangs: ['es', 'de'], capMinutes: 90, period: 'week', mode: 'wait' },
    });
    // No language picked: off, whatever the rest says.
    expect(readAutopilotSetting(submitted([], '5', 'day', 'start'))).toMatchObject({
      ok: true,
      value: { dstLangs: [] },
    });
    for (const cap of ['0', '1.5', '-3', '', '99999999', 'ten'])
      expect(readAutopilotSetting(submitted(['es'], cap))).toEqual({
        ok: false,
        block: AUTOPILOT_SETTING.capBlock,
        problem: 'Give the cap as whole minutes, from 1 to 44,640.',
      });
    expect(readAutopilotSetting(submitted(['klingon'], '5'))).toMatchObject({
      ok: false,
      block: AUTOPILOT_SETTING.langsBlock,
    });
    // An older dialog without the blocks leaves the channel's autopilot as it is.
    expect(readAutopilotSetting({})).toBeUndefined();
  });

  it('says the autopilot as the confirmation and the channel hear it', () => {
    expect(autopilotSaid({ dstLangs: ['es', 'de'], capMinutes: 1200, period: 'week', mode: 'start' })).toBe(
      'autopilot dubs every video posted here into Spanish, German, up to 1,200 minutes a week, started at once',
    );
    expect(autopilotSaid({ dstLangs: [], capMinutes: 5, period: 'day', mode: 'wait' })).toBe(
      'autopilot off: a video posted here waits for someone to ask',
    );
  });
});
