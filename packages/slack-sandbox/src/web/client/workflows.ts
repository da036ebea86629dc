// Workflow Builder in the web client, as far as an app's custom step goes: "Run workflow" opens a form with the
// step's inputs (as its manifest declares them) and runs it; the Workflows page lists the runs, each running
// until the app completes it (its outputs shown) or fails it (its reason shown) — a run the app never ends
// stays running there, as it would in Slack's workflow activity.
import type { ChannelInfo, ClientRun, StepInput, UserInfo, WorkflowStep } from '../protocol.ts';
import { h } from './dom.ts';
import type { Names } from './mrkdwn.ts';

/** The form's values: text as typed, a list split at commas, the channel picked, the people ticked, yes/no. */
type Value = string | string[] | boolean;

/** The overlay with the step's form; `run` gets the inputs as Workflow Builder would pass them. */
export function runForm(
  step: WorkflowStep,
  where: { channels: ChannelInfo[]; users: UserInfo[]; channel: string },
  run: (inputs: Record<string, Value>) => Promise<void>,
  close: () => void,
): HTMLElement {
  const read: (() => [string, Value] | undefined)[] = [];
  const fields = step.inputs.map((input) => {
    const { control, value } = field(input, where);
    read.push(() => {
      const given = value();
      const empty = given === '' || (Array.isArray(given) && given.length === 0);
      return empty && input.kind !== 'boolean' ? undefined : [input.name, given];
    });
    return h(
      'label',
      { class: 'block input', 'data-input': input.name },
      h(
        'span',
        { class: 'input-label' },
        input.title,
        input.required ? null : h('span', { class: 'optional' }, ' (optional)'),
      ),
      control,
      input.hint ? h('span', { class: 'hint' }, input.hint) : null,
    );
  });
  const submit = h(
    'button',
    {
      type: 'button',
      class: 'btn primary workflow-run',
      onclick: async (event) => {
        const button = event.currentTarget as HTMLButtonElement;
        if (button.disabled) return;
        button.disabled = true;
        await run(
          Object.fromEntries(
            read.flatMap((r) => {
              const entry = r();
              return entry ? [entry] : [];
            }),
          ),
        );
        close();
      },
    },
    'Run',
  );
  return h(
    'div',
    { class: 'overlay' },
    h(
      'div',
      { class: 'dialog modal', role: 'dialog', 'aria-modal': 'true', 'data-workflow-step': step.callback_id },
      h(
        'div',
        { class: 'dialog-title' },
        h('span', { class: 'modal-title' }, `Run workflow: ${step.title}`),
        h('button', { type: 'button', class: 'btn modal-x', 'aria-label': 'Close', onclick: close }, '×'),
      ),
      h('div', { class: 'dialog-body' }, ...fields),
      h(
        'div',
        { class: 'dialog-footer' },
        h('button', { type: 'button', class: 'btn modal-close', onclick: close }, 'Cancel'),
        submit,
      ),
    ),
  );
}

/** One input's control, and how its value is read when the form is sent. */
function field(
  input: StepInput,
  where: { channels: ChannelInfo[]; users: UserInfo[]; channel: string },
): { control: HTMLElement; value: () => Value } {
  switch (input.kind) {
    case 'boolean': {
      const box = h('input', { type: 'checkbox', name: input.name });
      return { control: box, value: () => box.checked };
    }
    case 'channel': {
      const select = h('select', { class: 'select', name: input.name });
      for (const c of where.channels) select.appendChild(h('option', { value: c.id }, `# ${c.name}`));
      select.value = where.channel;
      return { control: select, value: () => select.value };
    }
    case 'people': {
      const boxes = where.users.map((u) => ({
        id: u.id,
        box: h('input', { type: 'checkbox', value: u.id }),
      }));
      const control = h(
        'div',
        { class: 'choices', 'data-name': input.name },
        ...boxes.map(({ box }, i) => h('label', { class: 'choice' }, box, ` ${where.users[i]?.name ?? ''}`)),
      );
      return { control, value: () => boxes.filter((b) => b.box.checked).map((b) => b.id) };
    }
    default: {
      const text = h('input', { type: 'text', class: 'text-input', name: input.name });
      const list = input.kind === 'list';
      return {
        control: text,
        value: () =>
          list
            ? text.value
                .split(',')
                .map((item) => item.trim())
                .filter(Boolean)
            : text.value.trim(),
      };
    }
  }
}

/** The Workflows page: each run, newest first, with its state and what the app handed on or why it failed. */
export function runsView(runs: ClientRun[], steps: WorkflowStep[], names: Names): HTMLElement[] {
  if (runs.length === 0)
    return [h('div', { class: 'empty' }, 'No workflow has run yet: press “Run workflow”.')];
  return [...runs].reverse().map((run) => {
    const title = steps.find((s) => s.callback_id === run.callbackId)?.title ?? run.callbackId;
    const state =
      run.state === 'running' ? '⏳ running' : run.state === 'completed' ? '✅ completed' : '⚠️ failed';
    return h(
      'div',
      { class: 'message workflow-run-item', 'data-run': run.id, 'data-state': run.state },
      h(
        'div',
        { class: 'message-body' },
        h('div', { class: 'message-head' }, h('b', {}, title), ` · ${state}`),
        h('div', { class: 'hint' }, `Inputs: ${describe(run.inputs, names)}`),
        run.outputs
          ? h('div', { class: 'workflow-outputs' }, `Outputs: ${describe(run.outputs, names)}`)
          : null,
        run.error ? h('div', { class: 'input-error workflow-error' }, run.error) : null,
      ),
    );
  });
}

/** Inputs or outputs as one line: each name and value, people and channels by their names. */
function describe(values: Record<string, unknown>, names: Names): string {
  const one = (value: unknown): string => {
    if (Array.isArray(value)) return `[${value.map(one).join(', ')}]`;
    const text = String(value);
    if (/^[UW][A-Z0-9]{2,}$/.test(text)) return `@${names.user(text)}`;
    if (/^[CG][A-Z0-9]{2,}$/.test(text)) return `#${names.channel(text)}`;
    return text === '' ? '—' : text;
  };
  return Object.entries(values)
    .map(([name, value]) => `${name} ${one(value)}`)
    .join(' · ');
}
