// Workflow step runs in SQL: keyed by Slack's execution id, leased to one runner at a time. The run's token
// (Slack's `xwfp-…`, good until the run ends) is sealed like the installations' tokens when the deployment has
// a key (OAuth mode), bound to its tenant and execution; without one (single-workspace mode) it is kept as is.
import type { SecretsAtRest } from '../secrets.ts';
import type { StepInputs, WorkflowStep, WorkflowStepStore } from '../workflow-steps.ts';
import { claimDue, type Row, read, type Sql } from './port.ts';

export function sqlWorkflowStepStore(sql: Sql, tenant: string, secrets?: SecretsAtRest): WorkflowStepStore {
  const where = (executionId: string) => `${tenant}:workflow_step:${executionId}`;
  const toStep = (row: Row): WorkflowStep => {
    const step = stepOf(row);
    // An ended run's token is blanked: nothing to open.
    if (!secrets || step.token === '') return step;
    return { ...step, token: secrets.open(step.token, where(step.executionId)) };
  };
  return {
    async recordStep(step, now) {
      const changed = await sql.run(
        `INSERT INTO workflow_steps (tenant, id, callback_id, token, job_id, inputs, problem, state, created_at,
           next_check_at) VALUES (?, ?, ?, ?, ?, ?, ?, 'running', ?, ?) ON CONFLICT (tenant, id) DO NOTHING`,
        [
          tenant,
          step.executionId,
          step.callbackId,
          secrets ? secrets.seal(step.token, where(step.executionId)) : step.token,
          step.jobId,
          JSON.stringify(step.inputs),
          step.problem,
          now,
          now,
        ],
      );
      return changed > 0;
    },
    async getStep(executionId) {
      const row = await sql.get('SELECT * FROM workflow_steps WHERE tenant = ? AND id = ?', [
        tenant,
        executionId,
      ]);
      return row && toStep(row);
    },
    async claimDueSteps(owner, now, leaseMs, limit) {
      const rows = await claimDue(sql, {
        table: 'workflow_steps',
        tenant,
        key: 'id',
        due: `state <> 'ended' AND next_check_at <= ? AND lease_until < ?`,
        params: [now, now],
        order: 'next_check_at',
        owner,
        now,
        leaseMs,
        limit,
      });
      return rows.map(toStep);
    },
    async markStepCompleting(executionId) {
      await sql.run(
        `UPDATE workflow_steps SET state = 'completing' WHERE tenant = ? AND id = ? AND state <> 'ended'`,
        [tenant, executionId],
      );
    },
    async deferStep(executionId, owner, nextCheckAt, failed = false) {
      await sql.run(
        `UPDATE workflow_steps SET next_check_at = ?, failures = CASE WHEN ? THEN failures + 1 ELSE 0 END,
           lease_until = 0 WHERE tenant = ? AND id = ? AND lease_owner = ?`,
        [nextCheckAt, failed, tenant, executionId, owner],
      );
    },
    async stepApprovers(jobId) {
      const row = await sql.get('SELECT inputs FROM workflow_steps WHERE tenant = ? AND job_id = ?', [
        tenant,
        jobId,
      ]);
      return row ? read.json<StepInputs>(row.inputs).approvers : [];
    },
    async endStep(executionId, now) {
      await sql.run(
        `UPDATE workflow_steps SET state = 'ended', ended_at = ?, token = '', lease_until = 0 WHERE tenant = ? AND id = ?`,
        [now, tenant, executionId],
      );
    },
  };
}

function stepOf(row: Row): WorkflowStep {
  return {
    executionId: read.str(row.id),
    callbackId: read.str(row.callback_id),
    token: read.str(row.token),
    jobId: read.strOrNull(row.job_id),
    inputs: read.json<StepInputs>(row.inputs),
    problem: read.strOrNull(row.problem),
    state: read.str(row.state) as WorkflowStep['state'],
    createdAt: read.num(row.created_at),
    nextCheckAt: read.num(row.next_check_at),
    failures: read.num(row.failures),
  };
}
