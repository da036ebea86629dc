// Approve's answer by how QA answers: at once with no open flags, the question with them (or when QA could not
// run), and — when QA is slower than Slack waits for a dialog — a dialog opened first that then asks, or says it
// approved. The handler is Approve's own definition; Slack, QA and the approval are stand-ins here
// (approvers.e2e runs them for real).
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import type { ButtonArgs } from '../../access/definitions.ts';
import type { TargetSubject } from '../../access/rules.ts';
import type { QaFlag } from '../../domain/localization-qa.ts';
import { jobRecord, targetRecord } from '../../test-support/jobs.ts';
import { type ApprovalDeps, approve } from './register.ts';

const target = targetRecord();
const flag: QaFlag = { segmentId: 's4', number: 4, start: '0:12', end: '0:15', reasons: ['Reads too fast'] };
const APPROVED = '✅ You approved render 1 of Spanish.';

/** Presses Approve with QA answering `qa` after `qaMs`; what the person saw, in order. */
async function pressApprove(qa: { flags: QaFlag[] } | 'fails', qaMs: number) {
  const seen: string[] = [];
  let approved = 0;
  const deps: ApprovalDeps = {
    approvals: {
      approvable: async () => ({ ok: true }),
      approve: async () => {
        approved += 1;
        return { ok: true, message: APPROVED };
      },
    } as unknown as ApprovalDeps['approvals'],
    qa: {
      run: async () => {
        // Timers fire in the order they are due: QA due after the wait is always later than it.
        if (qaMs > 0) await new Promise((resolve) => setTimeout(resolve, qaMs));
        if (qa === 'fails') throw new Error('the service is down');
        return {
          target: { ...target, projectId: 'p1' },
          result: { glossaryMisses: 0, tooFast: 1, tooLong: 0, overlaps: 0, flagged: qa.flags },
        };
      },
    },
    slack: {
      openModal: async (_trigger, view) => {
        seen.push(`open: ${JSON.stringify(view.blocks)}`);
        return 'V1';
      },
      updateModal: async (_id, view) => {
        seen.push(`update: ${JSON.stringify(view.blocks)}`);
      },
      whisper: async () => {},
    },
    logger: pino({ level: 'silent' }),
    qaWaitMs: 50,
  };
  const args = {
    ack: async () => {},
    body: { user: { id: 'U0BEN' }, trigger_id: 'tr1' },
    respond: async (answer: { text: string }) => {
      seen.push(`ephemeral: ${answer.text}`);
    },
  } as unknown as ButtonArgs;
  await approve.handler(deps)(args, {
    job: jobRecord(),
    target,
    render: 1,
    renders: () => 1,
  } satisfies TargetSubject);
  return { seen, approved };
}

describe('Approve', () => {
  it('approves at once when QA finds nothing open', async () => {
    expect(await pressApprove({ flags: [] }, 0)).toEqual({ seen: [`ephemeral: ${APPROVED}`], approved: 1 });
  });

  it('asks, naming the flags, when QA finds some; and asks when QA could not run', async () => {
    const flagged = await pressApprove({ flags: [flag] }, 0);
    expect(flagged.approved).toBe(0);
    expect(flagged.seen).toHaveLength(1);
    expect(flagged.seen[0]).toMatch(/^open: .*Spanish has 1 open QA flag:.*#4 \(0:12\): Reads too fast/);
    const failed = await pressApprove('fails', 0);
    expect(failed.approved).toBe(0);
    expect(failed.seen[0]).toMatch(/^open: .*could not be read from the dubbing service/);
  });

  it('opens a dialog to wait in when QA is slow, then asks in it, or says in it that it approved', async () => {
    const asked = await pressApprove({ flags: [flag] }, 300);
    expect(asked.approved).toBe(0);
    expect(asked.seen.map((s) => s.slice(0, s.indexOf(':')))).toEqual(['open', 'update']);
    expect(asked.seen[0]).toContain('Checking the QA flags');
    expect(asked.seen[1]).toContain('Spanish has 1 open QA flag');
    const approved = await pressApprove({ flags: [] }, 300);
    expect(approved.approved).toBe(1);
    expect(approved.seen[1]).toMatch(/^update: .*You approved render 1 of Spanish/);
  });
});
