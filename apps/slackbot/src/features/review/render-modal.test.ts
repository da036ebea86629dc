// The render dialog within Slack's limits with the largest figures, saying what the render costs, and warning
// when that is more than is left.
import { describe, expect, it } from 'vitest';
import { viewProblems } from '../../test-support/block-limits.ts';
import { long } from '../../test-support/inputs.ts';
import { RENDER_UI, renderConfirmView, renderNotice } from './render-modal.ts';

const text = (view: { blocks: unknown[] }) => JSON.stringify(view.blocks);

describe('the render dialog', () => {
  it('says what the render will cost and asks to confirm', () => {
    const view = renderConfirmView({
      targetId: 't1',
      lang: 'es',
      cost: { minutes: 2, changed: 3, added: 1, ms: 100_000 },
      minutesLeft: 41,
    });
    expect(view).toMatchObject({ callback_id: RENDER_UI.callbackId, private_metadata: 't1' });
    expect(view.submit?.text).toBe('Render again');
    expect(text(view)).toContain('It will use about 2 minutes of 41 left: 3 segments changed, 1 added.');
    expect(text(view)).not.toContain('more than the account has left');
  });

  it('warns when the render costs more than is left, and says so when nothing changed', () => {
    const short = renderConfirmView({
      targetId: 't1',
      lang: 'es',
      cost: { minutes: 5, changed: 40, added: 0, ms: 300_000 },
      minutesLeft: 4,
    });
    expect(text(short)).toContain('more than the account has left');
  });

  it('stays within limits with the largest figures and messages', () => {
    expect(
      viewProblems(
        renderConfirmView({
          targetId: long(36),
          lang: 'zh-tw',
          cost: { minutes: 1_000_000, changed: 1_000_000, added: 1_000_000, ms: 6e10 },
          minutesLeft: 0,
        }),
      ),
    ).toEqual([]);
    expect(viewProblems(renderNotice('pt-br', long(10_000)))).toEqual([]);
    expect(viewProblems(renderNotice(null, 'x'))).toEqual([]);
  });
});
