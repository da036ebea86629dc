// The deliverer's QA of a dubbed reply, against a real store and a scripted service: the channel's settings, the
// language's glossary, a translation that cannot be checked (the reply goes without its line) and a service that
// does not answer (the write is tried again).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DubbingService, SegmentText } from '../../dubbing/service.ts';
import type { Store } from '../../store/store.ts';
import { boundTarget } from '../../test-support/jobs.ts';
import { type TempStore, tempStore } from '../../test-support/store.ts';
import { dubbedReply } from '../../thread/milestones.ts';
import { dubbedActions } from '../../thread/parts.ts';
import { messageParts } from '../message-parts.ts';
import { QA_BLOCK_ID } from './line.ts';
import { dubbedTargetId, LocalizationQa } from './service.ts';

let temp: TempStore;
let store: Store;
let segments: SegmentText[];
let glossaryReads: string[];
const unusable: string[] = [];

const service = {
  getSegments: async () => segments,
  getGlossary: async (id: string) => {
    glossaryReads.push(id);
    return { id, name: 'g', src_lang: 'en', dst_lang: 'es', entries: { invoice: 'factura' } };
  },
} as unknown as DubbingService;

const segment = (id: string, src: string, dst: string, start = '00:00:01,000'): SegmentText => ({
  id,
  start,
  end: '00:00:04,000',
  src: { text: src },
  dst: { text: dst },
});

beforeEach(async () => {
  temp = await tempStore();
  store = temp.store;
  segments = [segment('s1', 'Send the invoice', 'Envía la cuenta')];
  glossaryReads = [];
  unusable.length = 0;
});
afterEach(() => temp.cleanup());

const qa = () =>
  new LocalizationQa({ store, dubbing: service, onUnusable: (error) => unusable.push(error.name) });
const reply = (targetId: string) =>
  dubbedReply({
    lang: 'es',
    title: 'talk',
    links: { video: null, audio: null, voiceover: null, srt: null, vtt: null },
    actions: dubbedActions(messageParts, targetId),
  });
const line = (content: { blocks: { block_id?: string }[] }) =>
  JSON.stringify(content.blocks.find((b) => b.block_id === QA_BLOCK_ID) ?? null);

describe('LocalizationQa.addToReply', () => {
  it('checks with the language’s glossary and, by default, Netflix’s guide', async () => {
    const { job, target } = await boundTarget(store);
    await store.setTargetOptions(job.id, 'es', { glossaryId: 'g1', transcriptId: null });
    const content = await qa().addToReply(`dubbed:${target.id}.1`, reply(target.id));
    expect(glossaryReads).toEqual(['g1']);
    expect(line(content)).toContain('🔎 1 segment misses a glossary term');
  });

  it('leaves the reply as it is when the channel turned QA off, and uses the preset it chose', async () => {
    const { job, target } = await boundTarget(store);
    // One line of 39 characters in 3 s (13 a second): within Netflix's 42 a line, over the BBC's 37.
    segments = [segment('s1', 'Hello', 'Hola hola hola hola hola hola hola hola')];
    await store.saveChannelQa({
      channel: job.channel,
      enabled: false,
      preset: 'bbc',
      updatedBy: 'U1',
      updatedAt: 1,
    });
    expect(await qa().addToReply(`dubbed:${target.id}.1`, reply(target.id))).toEqual(reply(target.id));
    await store.saveChannelQa({
      channel: job.channel,
      enabled: true,
      preset: 'netflix',
      updatedBy: 'U1',
      updatedAt: 2,
    });
    expect(line(await qa().addToReply(`dubbed:${target.id}.1`, reply(target.id)))).toContain(
      'No problems found',
    );
    await store.saveChannelQa({
      channel: job.channel,
      enabled: true,
      preset: 'bbc',
      updatedBy: 'U1',
      updatedAt: 3,
    });
    expect(line(await qa().addToReply(`dubbed:${target.id}.1`, reply(target.id)))).toContain(
      '1 subtitle has lines too long',
    );
  });

  it('posts the reply without a QA line when the translation cannot be checked, and says so', async () => {
    const { target } = await boundTarget(store);
    segments = [segment('s1', 'a', 'b', '1 second')];
    expect(await qa().addToReply(`dubbed:${target.id}.1`, reply(target.id))).toEqual(reply(target.id));
    expect(unusable).toEqual(['TimecodeError']);
  });

  it('lets a service failure through, so the write is tried again', async () => {
    const { target } = await boundTarget(store);
    const failing = new LocalizationQa({
      store,
      dubbing: {
        ...service,
        getSegments: async () => Promise.reject(new Error('ECONNRESET')),
      } as DubbingService,
    });
    await expect(failing.addToReply(`dubbed:${target.id}.1`, reply(target.id))).rejects.toThrow('ECONNRESET');
  });

  it('touches only dubbed replies', async () => {
    expect(dubbedTargetId('dubbed:t-1.2')).toBe('t-1');
    expect(dubbedTargetId('status:t-1')).toBeUndefined();
    expect(await qa().addToReply('edited:s1', reply('t'))).toEqual(reply('t'));
  });
});
