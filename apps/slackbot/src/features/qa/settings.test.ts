// The channel settings' QA choice: offered in the dialog with what is stored, read back, saved (off keeps the
// guide chosen before), within Slack's limits.
import pino from 'pino';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Store } from '../../store/store.ts';
import { viewProblems } from '../../test-support/block-limits.ts';
import { pickerOptions } from '../../test-support/inputs.ts';
import { useServices } from '../../test-support/services.ts';
import { GlossaryService } from '../glossary/service.ts';
import { settingsModal } from '../settings/blocks.ts';
import { SettingsService } from '../settings/service.ts';
import { QA_SETTING, qaSettingOf, readQaSetting } from './settings-block.ts';

const services = useServices({ speed: 200 });
let store: Store;
let settings: SettingsService;

beforeEach(() => {
  store = services.store;
  const glossaries = new GlossaryService({
    store,
    dubbing: services.service,
    downloadFile: async () => {
      throw new Error('no downloads in these tests');
    },
    wakeDeliverer: () => {},
    wakeImports: () => {},
    logger: pino({ level: 'silent' }),
  });
  settings = new SettingsService({ store, glossaries, now: () => 4_000 });
});

const chosen = (view: { blocks: unknown[] }) =>
  (view.blocks as { block_id?: string; element?: { initial_option?: { value?: string } } }[]).find(
    (b) => b.block_id === QA_SETTING.block,
  )?.element?.initial_option?.value;

describe('QA in the channel settings', () => {
  it('the dialog offers Netflix for a channel that never chose, then what it saved', async () => {
    expect(chosen(await settings.modal('C1'))).toBe('netflix');
    const saved = await settings.save('C1', 'U2', { dstLangs: [], glossaryIds: [], qa: 'bbc' });
    expect(saved).toMatchObject({
      ok: true,
      message: expect.stringContaining('; QA checks subtitles against the BBC’s guide.'),
    });
    expect(await store.channelQa('C1')).toEqual({
      channel: 'C1',
      enabled: true,
      preset: 'bbc',
      updatedBy: 'U2',
      updatedAt: 4_000,
    });
    expect(chosen(await settings.modal('C1'))).toBe('bbc');
  });

  it('off stops QA and keeps the guide, so turning it on again restores it', async () => {
    await settings.save('C1', 'U2', { dstLangs: [], glossaryIds: [], qa: 'netflix-children' });
    await settings.save('C1', 'U2', { dstLangs: [], glossaryIds: [], qa: 'off' });
    expect(await store.channelQa('C1')).toMatchObject({ enabled: false, preset: 'netflix-children' });
    expect(chosen(await settings.modal('C1'))).toBe('off');
    expect(qaSettingOf(await store.channelQa('C1'))).toBe('off');
  });

  it('reads only a choice it offers, and the dialog stays within limits with the most glossaries', () => {
    const values = (value: string) => ({
      [QA_SETTING.block]: { [QA_SETTING.action]: { selected_option: { value } } },
    });
    expect(readQaSetting(values('bbc'))).toBe('bbc');
    expect(readQaSetting(values('off'))).toBe('off');
    expect(readQaSetting(values('itv'))).toBeUndefined();
    expect(readQaSetting({})).toBeUndefined();
    const view = settingsModal({
      channel: 'C1',
      dstLangs: ['es'],
      glossaries: pickerOptions,
      glossaryIds: [],
      qa: 'netflix',
    });
    expect(viewProblems(view)).toEqual([]);
  });
});
