// The settings dialog within Slack's limits, read back as it was filled in.
import { describe, expect, it } from 'vitest';
import { viewProblems } from '../../test-support/block-limits.ts';
import { pickerOptions } from '../../test-support/inputs.ts';
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
});
