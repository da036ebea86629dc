import pino from 'pino';
import { beforeEach, describe, expect, it } from 'vitest';
import type { DubbingService } from '../../dubbing/service.ts';
import type { UserGroups } from '../../slack/usergroups.ts';
import type { GlossaryRecord, Store } from '../../store/store.ts';
import { useServices } from '../../test-support/services.ts';
import { GlossaryService } from '../glossary/service.ts';
import { SETTINGS_UI } from './blocks.ts';
import { SettingsService } from './service.ts';

const services = useServices({ speed: 200 });
let service: DubbingService;
let store: Store;
let glossaries: GlossaryService;
let settings: SettingsService;

beforeEach(async () => {
  ({ service, store } = services);
  glossaries = new GlossaryService({
    store,
    dubbing: service,
    downloadFile: async () => {
      throw new Error('no downloads in these tests');
    },
    wakeDeliverer: () => {},
    wakeImports: () => {},
    logger: pino({ level: 'silent' }),
    now: () => 3_000,
  });
  settings = new SettingsService({ store, glossaries, now: () => 4_000 });
});

/** A glossary made on the service from `channel`. */
async function made(name: string, csv: string, channel = 'C1'): Promise<GlossaryRecord> {
  await glossaries.importFile({
    bytes: new TextEncoder().encode(csv),
    fileName: `${name}.csv`,
    name,
    srcLang: null,
    dstLang: null,
    channel,
    userId: 'U1',
    makeDefault: false,
  });
  const record = await store.findGlossary(name);
  if (!record) throw new Error(`${name} was not saved`);
  return record;
}

describe('SettingsService.save', () => {
  it('saves the languages (normalized) and the glossaries, and says what was saved', async () => {
    const spanish = await made('Spanish terms', 'en,es\nmachine,MÁQUINA\n');
    const german = await made('German terms', 'en,de\nmachine,MASCHINE\n');
    const outcome = await settings.save('C1', 'U2', {
      dstLangs: ['es', 'PT_BR', 'es'],
      glossaryIds: [spanish.id, german.id],
    });
    expect(outcome).toEqual({
      ok: true,
      message:
        'Saved the defaults for <#C1>: dub into Spanish, Brazilian Portuguese; glossaries Spanish terms, German terms.',
    });
    expect(await store.channelSettings('C1')).toEqual({
      channel: 'C1',
      dstLangs: ['es', 'pt-br'],
      glossaryIds: [spanish.id, german.id],
      updatedBy: 'U2',
      updatedAt: 4_000,
    });
    expect(await glossaries.defaultsOf('C1')).toEqual([spanish.id, german.id]);

    // Clearing both is a save too.
    expect(await settings.save('C1', 'U2', { dstLangs: [], glossaryIds: [] })).toEqual({
      ok: true,
      message: 'Saved the defaults for <#C1>: no default languages.',
    });
    expect(await store.channelSettings('C1')).toMatchObject({ dstLangs: [], glossaryIds: [] });
  });

  it('names a glossary in the confirmation as text: no link, mention or formatting from its name', async () => {
    const hostile = await made('<#C0EVIL|click> <!channel> *big* & co', 'en,es\nmachine,MÁQUINA\n');
    const outcome = await settings.save('C1', 'U2', { dstLangs: ['es'], glossaryIds: [hostile.id] });
    expect(outcome).toEqual({
      ok: true,
      message:
        'Saved the defaults for <#C1>: dub into Spanish; glossaries &lt;#C0EVIL|click&gt; &lt;!channel&gt; ∗big∗ &amp; co.',
    });
  });

  it('refuses two glossaries for one language pair, and a language it does not know, saving nothing', async () => {
    const one = await made('Spanish one', 'en,es\nmachine,MÁQUINA\n');
    const two = await made('Spanish two', 'en,es\nmachine,MAQUINITA\n');
    expect(await settings.save('C1', 'U2', { dstLangs: ['es'], glossaryIds: [one.id, two.id] })).toEqual({
      ok: false,
      block: SETTINGS_UI.glossaryBlock,
      problem: 'Pick one glossary per language pair (two are en→es).',
    });
    expect(await settings.save('C1', 'U2', { dstLangs: ['es', 'klingon'], glossaryIds: [one.id] })).toEqual({
      ok: false,
      block: SETTINGS_UI.langsBlock,
      problem: '"klingon" is not a language code I know (try es, de, fr, pt-br, zh-cn).',
    });
    expect(await settings.save('C1', 'U2', { dstLangs: ['es'], glossaryIds: ['deleted-meanwhile'] })).toEqual(
      {
        ok: false,
        block: SETTINGS_UI.glossaryBlock,
        problem: 'A glossary picked no longer exists.',
      },
    );
    expect(await store.channelSettings('C1')).toBeUndefined();
  });
});

describe('SettingsService.save, approvers', () => {
  it('names the channel’s approvers; then only they (or an admin) change them, others keep them as they are', async () => {
    expect(
      await settings.save('C1', 'U2', { dstLangs: [], glossaryIds: [], approvers: ['UBEN', 'UANA'] }),
    ).toEqual({
      ok: true,
      message: 'Saved the defaults for <#C1>: no default languages; approvers <@UBEN>, <@UANA>.',
    });
    expect(await store.channelApprovers('C1')).toEqual(['UBEN', 'UANA']);
    expect(JSON.stringify((await settings.modal('C1')).blocks)).toContain('"initial_users":["UBEN","UANA"]');

    // Omar, no approver, cannot name himself; his save with the approvers as they are goes through.
    expect(
      await settings.save('C1', 'UOMAR', { dstLangs: [], glossaryIds: [], approvers: ['UOMAR'] }),
    ).toEqual({
      ok: false,
      block: 'st_approvers',
      problem: 'Only <@UBEN> or <@UANA> can change who approves in this channel.',
    });
    expect(
      await settings.save('C1', 'UOMAR', { dstLangs: ['de'], glossaryIds: [], approvers: ['UBEN', 'UANA'] }),
    ).toMatchObject({ ok: true });
    expect(await store.channelApprovers('C1')).toEqual(['UBEN', 'UANA']);
    // A forged pick that is not a person is refused.
    expect(
      await settings.save('C1', 'UBEN', { dstLangs: [], glossaryIds: [], approvers: ['<!channel>'] }),
    ).toMatchObject({ ok: false, block: 'st_approvers' });

    // An approver clears them: anyone can approve again. An admin may change another channel's.
    expect(await settings.save('C1', 'UANA', { dstLangs: [], glossaryIds: [], approvers: [] })).toMatchObject(
      {
        ok: true,
        message:
          'Saved the defaults for <#C1>: no default languages; no approvers: anyone in the channel can approve.',
      },
    );
    expect(await store.channelApprovers('C1')).toEqual([]);
    await settings.save('C2', 'UBEN', { dstLangs: [], glossaryIds: [], approvers: ['UBEN'] });
    const admin = new SettingsService({ store, glossaries, isAdmin: (user) => user === 'UADMIN' });
    expect(
      await admin.save('C2', 'UADMIN', { dstLangs: [], glossaryIds: [], approvers: ['UANA'] }),
    ).toMatchObject({
      ok: true,
    });
    expect(await store.channelApprovers('C2')).toEqual(['UANA']);
  });
});

describe('SettingsService.pickerFor', () => {
  it('offers the channel’s languages, the channel’s own glossaries, and its defaults chosen', async () => {
    const elsewhere = await made('Elsewhere', 'en,fr\nmachine,MACHINE\n', 'C2');
    const here = await made('Here', 'en,es\nmachine,MÁQUINA\n', 'C1');
    const french = await made('French here', 'en,fr\nmachine,MACHINE\n', 'C1');
    expect(await settings.pickerFor('C1')).toEqual({
      dstLangs: [],
      glossaries: [
        { id: french.id, label: 'French here (en→fr, v1)' },
        { id: here.id, label: 'Here (en→es, v1)' },
      ],
      glossaryIds: [],
    });

    // Another channel's glossary is not this channel's to choose (a forged id is refused).
    expect(await settings.save('C1', 'U1', { dstLangs: [], glossaryIds: [elsewhere.id] })).toMatchObject({
      ok: false,
    });
    await settings.save('C1', 'U1', { dstLangs: ['de', 'fr'], glossaryIds: [french.id] });
    // A new version shows in the label.
    await made('Here', 'en,es\nvoice,VOZ\n', 'C1');
    expect(await settings.pickerFor('C1')).toEqual({
      dstLangs: ['de', 'fr'],
      glossaries: [
        { id: french.id, label: 'French here (en→fr, v1)' },
        { id: here.id, label: 'Here (en→es, v2)' },
      ],
      glossaryIds: [french.id],
    });
    expect((await settings.pickerFor('C2')).glossaries.map((g) => g.id)).toEqual([elsewhere.id]);

    // A default whose glossary was deleted is no longer chosen.
    await glossaries.remove('French here', { channel: 'C1', userId: 'U1' });
    expect(await settings.pickerFor('C1')).toMatchObject({
      glossaries: [{ id: here.id }],
      glossaryIds: [],
    });
  });

  it('builds the settings modal with what is set now', async () => {
    const here = await made('Here', 'en,es\nmachine,MÁQUINA\n');
    await settings.save('C1', 'U1', { dstLangs: ['de'], glossaryIds: [here.id] });
    const modal = await settings.modal('C1');
    expect(modal.private_metadata).toBe('C1');
    const text = JSON.stringify(modal.blocks);
    expect(text).toContain(SETTINGS_UI.glossaryBlock);
    expect(text).toContain('"initial_options":[{"text":{"type":"plain_text","text":"Here (en→es, v1)"');
  });
});

describe('SettingsService.save, approvers announced', () => {
  it('says in the channel who changed who approves, once per change', async () => {
    const said = async () =>
      (await store.dueIn('C7', Number.MAX_SAFE_INTEGER, 10)).map((d) => (d.payload as { text: string }).text);
    // While the list is empty any member names approvers; the channel hears it.
    await settings.save('C7', 'UOMAR', { dstLangs: [], glossaryIds: [], approvers: ['UBEN'] });
    expect(await said()).toEqual(['👥 <@UOMAR> changed who approves dubs here: approvers <@UBEN>.']);
    // Saving the same list again changes nothing, and says nothing more.
    await settings.save('C7', 'UBEN', { dstLangs: ['de'], glossaryIds: [], approvers: ['UBEN'] });
    expect(await said()).toHaveLength(1);
    // An approver clears it: announced too.
    await settings.save('C7', 'UBEN', { dstLangs: [], glossaryIds: [], approvers: [] });
    expect((await said())[1]).toBe(
      '👥 <@UBEN> changed who approves dubs here: no approvers: anyone in the channel can approve.',
    );
  });
});

describe('SettingsService.save, approver groups', () => {
  it('saves a group Slack lists with the people, refuses one it does not, and lets a member change the list', async () => {
    const members = new Map([['S0QAES', ['UBEN']]]);
    const groups: UserGroups = {
      list: async () => [{ id: 'S0QAES', handle: 'qa-es', name: 'Spanish QA' }],
      members: async (id) => members.get(id) ?? [],
    };
    const withGroups = new SettingsService({ store, glossaries, now: () => 4_000, groups });
    const save = (user: string, approvers: string[], approverGroups?: string[]) =>
      withGroups.save('C1', user, {
        dstLangs: [],
        glossaryIds: [],
        approvers,
        ...(approverGroups ? { approverGroups } : {}),
      });
    expect(await save('UANA', ['UANA'], ['S0FORGED'])).toMatchObject({
      ok: false,
      block: 'st_approver_groups',
    });
    expect(await save('UANA', ['UANA'], ['S0QAES'])).toEqual({
      ok: true,
      message: 'Saved the defaults for <#C1>: no default languages; approvers <@UANA>, <!subteam^S0QAES>.',
    });
    expect(await store.channelApprovers('C1')).toEqual(['UANA', 'S0QAES']);
    expect(JSON.stringify((await withGroups.modal('C1')).blocks)).toContain('@qa-es · Spanish QA');
    // Ben, in the group, may change the list; Omar may not. Without the groups input the group stays.
    expect(await save('UBEN', ['UBEN'])).toMatchObject({ ok: true });
    expect(await store.channelApprovers('C1')).toEqual(['UBEN', 'S0QAES']);
    expect(await save('UOMAR', ['UOMAR'])).toMatchObject({
      ok: false,
      problem: 'Only <@UBEN> or <!subteam^S0QAES> can change who approves in this channel.',
    });
    // A group id forged into the people picker is refused.
    expect(await save('UBEN', ['S0QAES'])).toMatchObject({ ok: false, block: 'st_approvers' });
  });
});

describe('SettingsService.save, autopilot announced', () => {
  it('saves the channel’s autopilot and says in the channel who changed it, once per change', async () => {
    const said = async () =>
      (await store.dueIn('C9', Number.MAX_SAFE_INTEGER, 10)).map((d) => (d.payload as { text: string }).text);
    const autopilot = { dstLangs: ['es'], capMinutes: 30, period: 'day' as const, mode: 'start' as const };
    expect(await settings.save('C9', 'UANA', { dstLangs: [], glossaryIds: [], autopilot })).toEqual({
      ok: true,
      message:
        'Saved the defaults for <#C9>: no default languages; autopilot dubs every video posted here into Spanish, up to 30 minutes a day, started at once.',
    });
    expect(await store.channelAutopilot('C9')).toMatchObject({ ...autopilot, updatedBy: 'UANA' });
    expect(await said()).toEqual([
      '🤖 <@UANA> changed this channel’s settings: autopilot dubs every video posted here into Spanish, up to 30 minutes a day, started at once.',
    ]);
    // The same again says nothing more; a change of cap is heard; off is heard.
    await settings.save('C9', 'UBEN', { dstLangs: [], glossaryIds: [], autopilot });
    expect(await said()).toHaveLength(1);
    await settings.save('C9', 'UBEN', {
      dstLangs: [],
      glossaryIds: [],
      autopilot: { ...autopilot, capMinutes: 10 },
    });
    await settings.save('C9', 'UBEN', {
      dstLangs: [],
      glossaryIds: [],
      autopilot: { ...autopilot, dstLangs: [] },
    });
    expect((await said()).slice(1)).toEqual([
      '🤖 <@UBEN> changed this channel’s settings: autopilot dubs every video posted here into Spanish, up to 10 minutes a day, started at once.',
      '🤖 <@UBEN> changed this channel’s settings: autopilot off: a video posted here waits for someone to ask.',
    ]);
    // Without the autopilot in the submission, it stays as it is.
    await settings.save('C9', 'UOMAR', { dstLangs: ['de'], glossaryIds: [] });
    expect(await store.channelAutopilot('C9')).toMatchObject({ dstLangs: [], updatedBy: 'UBEN' });
  });
});
