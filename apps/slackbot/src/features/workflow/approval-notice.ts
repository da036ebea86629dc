// What the thread of a step's dub says when the workflow waits for an approval: who is to press Approve on
// each dubbed language's reply, so that the workflow goes on. Posted once, through the outbox.
import { languageName } from '../../domain/languages.ts';
import type { DeliveryInput, Target } from '../../store/store.ts';
import { context, section } from '../../ui/blocks.ts';

export function approvalNotice(jobId: string, awaited: Target[], approvers: string[]): DeliveryInput {
  const who = approvers.length > 0 ? approvers.map((id) => `<@${id}>`).join(' or ') : 'someone here';
  const langs = awaited.map((t) => languageName(t.dstLang)).join(', ');
  return {
    key: `workflow-approval:${jobId}`,
    jobId,
    kind: 'reply',
    inThread: true,
    payload: {
      text: `A workflow waits for ${who} to approve: ${langs}`,
      blocks: [
        section(`🔁 A workflow waits for ${who} to press *Approve* on each language above (${langs}).`),
        context('It goes on to its next step once every language is approved.'),
      ],
    },
  };
}
