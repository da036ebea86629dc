// What assigning puts on a language's status message: who is assigned to review it, and Assign… while there
// is something to review (dubbed or on its way, not stopped, failed or approved).
import type { StatusPart } from '../../thread/status.ts';
import { assignedText, assignmentBlocks } from './blocks.ts';
import { assign } from './register.ts';

export const assignment: StatusPart = (content, { target, info, approval, assignment }) => {
  const offer = !target.stoppedBy && !info?.failed && !approval;
  const label = assignment ? 'Assign to someone else…' : 'Assign…';
  const blocks = assignmentBlocks(
    target.id,
    assignment,
    offer ? assign.element(label, target.id) : undefined,
  );
  if (blocks.length === 0) return content;
  return { text: assignedText(content.text, assignment), blocks: [...content.blocks, ...blocks] };
};
