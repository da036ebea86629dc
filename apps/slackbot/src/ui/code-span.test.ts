// Values from the service (a status, a project id) shown in code spans: a code span does not stop Slack from
// reading a mention or a link, so they are escaped there too, and cannot close the span.
import { describe, expect, it } from 'vitest';
import { supportDetailsText } from '../features/dub/support-details.ts';
import { messageParts } from '../features/message-parts.ts';
import { dubbedReply, failedReply } from '../thread/milestones.ts';
import { retryButtons } from '../thread/parts.ts';
import { codeSpan } from './blocks.ts';

const HOSTILE_ID = '<!here> <https://evil.example|click me> `x`';
const HOSTILE_STATUS = '<!channel>_failed';

describe('code spans', () => {
  it('escapes what Slack would read as a mention or a link and keeps one span', () => {
    expect(codeSpan(HOSTILE_ID)).toBe('`&lt;!here&gt; &lt;https://evil.example|click me&gt; ˋxˋ`');
  });

  it('carries no mention or link from a hostile status or project id in a reply or the status details', () => {
    const shown = JSON.stringify([
      failedReply({
        lang: 'es',
        status: HOSTILE_STATUS,
        stageLabel: HOSTILE_STATUS,
        retry: retryButtons(messageParts, 't1'),
      }),
      dubbedReply({ lang: 'es', title: 'talk', links: {} }),
      supportDetailsText('es', { projectId: HOSTILE_ID, status: HOSTILE_STATUS }),
    ]);
    expect(shown).not.toMatch(/<!|<https?:/);
  });
});
