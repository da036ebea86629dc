// The Interactions port as the listeners get it: each modal opened for a checked actor is recorded as
// theirs, updates follow, a modal opened outside a checked request gets no grant (so it can never be
// submitted), and day-old grants are dropped as new ones come.
import type { types } from '@slack/bolt';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Interactions } from '../slack/interactions.ts';
import { type TempStore, tempStore } from '../test-support/store.ts';
import { actingAs, grantingInteractions, MODAL_GRANT_TTL_MS } from './modals.ts';

let temp: TempStore;
let clock: number;
let opened: number;
const inner = {
  openModal: async () => `V${++opened}`,
  updateModal: async () => {},
} as unknown as Interactions;
const view = (callbackId: string, metadata: string): types.ModalView => ({
  type: 'modal',
  callback_id: callbackId,
  private_metadata: metadata,
  title: { type: 'plain_text', text: 't' },
  blocks: [],
});

beforeEach(async () => {
  temp = await tempStore();
  clock = 1_000;
  opened = 0;
});
afterEach(async () => {
  await temp.cleanup();
});

describe('grantingInteractions', () => {
  it('records the opener, channel and subject, follows updates, and grants nothing without an actor', async () => {
    const slack = grantingInteractions(inner, temp.store, () => clock);
    const actor = { user: 'U1', channel: 'C1', threadTs: '1.0' };
    const id = await actingAs(actor, () => slack.openModal('trigger', view('review_modal', '')));
    expect(await temp.store.modalGrant(id!)).toEqual({
      viewId: 'V1',
      opener: 'U1',
      channel: 'C1',
      threadTs: '1.0',
      callbackId: 'review_modal',
      subject: '',
      createdAt: 1_000,
    });
    await actingAs(actor, () => slack.updateModal('V1', view('review_modal', 'session-1')));
    expect((await temp.store.modalGrant('V1'))?.subject).toBe('session-1');

    const stray = await slack.openModal('trigger', view('dub_modal', 'job-1'));
    expect(await temp.store.modalGrant(stray!)).toBeUndefined();

    clock += MODAL_GRANT_TTL_MS + 1;
    await actingAs(actor, () => slack.openModal('trigger', view('dub_modal', 'job-2')));
    expect(await temp.store.modalGrant('V1')).toBeUndefined();
    expect((await temp.store.modalGrant('V3'))?.subject).toBe('job-2');
  });
});
