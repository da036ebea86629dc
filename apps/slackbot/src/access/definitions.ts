// An interaction is one definition: its id, the rule its payload must pass, its handler and (for a button)
// the element that shows it. A feature exports each as a constant — `export const approve = button({ id,
// rule, handler })` — shows it with `approve.element(label, target)` and registers the list it exports
// (Registry.register), so an id cannot drift from its handler, nor a handler exist without its rule.
// A handler is made from the feature's dependencies at registration: the definitions themselves are values.
import type {
  AllMiddlewareArgs,
  BlockAction,
  ButtonAction,
  MessageShortcut,
  OverflowAction,
  SlackActionMiddlewareArgs,
  SlackCommandMiddlewareArgs,
  SlackEventMiddlewareArgs,
  SlackShortcutMiddlewareArgs,
  SlackViewMiddlewareArgs,
  StaticSelectAction,
  types,
  ViewSubmitAction,
} from '@slack/bolt';
import { button as buttonElement, LIMITS, plain, truncate } from '../ui/blocks.ts';
import { type ActionRule, type Rule, rules, type ViewRule } from './rules.ts';

export type ButtonArgs = SlackActionMiddlewareArgs<BlockAction<ButtonAction>> & AllMiddlewareArgs;
export type SelectArgs = SlackActionMiddlewareArgs<BlockAction<StaticSelectAction>> & AllMiddlewareArgs;
export type OverflowArgs = SlackActionMiddlewareArgs<BlockAction<OverflowAction>> & AllMiddlewareArgs;
export type ViewArgs = SlackViewMiddlewareArgs<ViewSubmitAction> & AllMiddlewareArgs;
export type ShortcutArgs = SlackShortcutMiddlewareArgs<MessageShortcut> & AllMiddlewareArgs;
export type CommandArgs = SlackCommandMiddlewareArgs & AllMiddlewareArgs;

export type InteractionKind = 'action' | 'view' | 'shortcut' | 'command' | 'event' | 'function';
/** A Workflow Builder step's run (`function_executed`): its listener acks it once the run is recorded. */
export type StepArgs = SlackEventMiddlewareArgs<'function_executed'> &
  AllMiddlewareArgs & { ack: (response?: unknown) => Promise<void> };

/** Runs one checked payload: Bolt's args and the subject the rule checked. */
type Handler<A, S> = (args: A, subject: S) => Promise<void>;

/**
 * What the registry keeps of a definition. `D`: what its handler is made from (the feature's services).
 * The subject's type is the rule's and the handler's, matched by the constructors below and erased here.
 */
export interface Interaction<D> {
  readonly kind: InteractionKind;
  /** The action id, callback id or command name. */
  readonly key: string;
  /** An action's element types: Bolt routes by action id alone, so a "select" with a button's id is refused. */
  readonly elements?: ReadonlySet<string>;
  readonly rule: Rule<InteractionKind, unknown>;
  // biome-ignore lint/suspicious/noExplicitAny: each handler takes its own Bolt args and subject; the registry pairs them.
  readonly handler: (deps: D) => Handler<any, any>;
}

/** A button: registered, and drawn wherever a message shows it. */
export interface ButtonInteraction<D> extends Interaction<D> {
  /** The button, carrying `value` (a job's or a language's id: only a key the rule looks up). */
  element(label: string, value: string, style?: 'primary' | 'danger'): types.Button;
}

/** An overflow menu ("⋯"): registered, and drawn wherever a message shows it. */
export interface OverflowInteraction<D> extends Interaction<D> {
  /** The menu, each option carrying `value` (a language's id: only a key the rule looks up). */
  element(options: readonly { label: string; value: string }[]): types.Overflow;
}

const BUTTON: ReadonlySet<string> = new Set(['button']);
const OVERFLOW: ReadonlySet<string> = new Set(['overflow']);
const SELECTIONS: ReadonlySet<string> = new Set([
  'static_select',
  'multi_static_select',
  'radio_buttons',
  'checkboxes',
]);

/** A button, with the rule its payload must pass; the handler gets the rule's checked subject. */
export function button<S, D>(spec: {
  id: string;
  rule: ActionRule<S>;
  handler: (deps: D) => Handler<ButtonArgs, S>;
}): ButtonInteraction<D> {
  return {
    kind: 'action',
    key: spec.id,
    elements: BUTTON,
    rule: spec.rule,
    handler: spec.handler,
    element: (label, value, style) => buttonElement(label, spec.id, value, style),
  };
}

/** An overflow menu, with the rule its payload (the option picked) must pass. */
export function overflow<S, D>(spec: {
  id: string;
  rule: ActionRule<S>;
  handler: (deps: D) => Handler<OverflowArgs, S>;
}): OverflowInteraction<D> {
  return {
    kind: 'action',
    key: spec.id,
    elements: OVERFLOW,
    rule: spec.rule,
    handler: spec.handler,
    element: (options) => ({
      type: 'overflow',
      action_id: spec.id,
      options: options.map((o) => ({ text: plain(truncate(o.label, LIMITS.optionText)), value: o.value })),
    }),
  };
}

/**
 * A select or checkboxes whose change the app answers (it records the choice and redraws the message it sits
 * on), with the rule its payload must pass.
 */
export function pick<S, D>(spec: {
  id: string;
  rule: ActionRule<S>;
  handler: (deps: D) => Handler<SelectArgs, S>;
}): Interaction<D> {
  return { kind: 'action', key: spec.id, elements: SELECTIONS, rule: spec.rule, handler: spec.handler };
}

/** Changing a selection needs only an ack: the button or submission that follows reads it, and is checked. */
const ackOnly = async ({ ack }: SelectArgs): Promise<void> => {
  await ack();
};

/** A select or checkbox whose change is only acked. */
export function select(id: string): Interaction<unknown> {
  return { kind: 'action', key: id, elements: SELECTIONS, rule: rules.selection, handler: () => ackOnly };
}

/** A modal's submission, by its callback id. */
export function view<S, D>(spec: {
  callbackId: string;
  rule: ViewRule<S>;
  handler: (deps: D) => Handler<ViewArgs, S>;
}): Interaction<D> {
  return { kind: 'view', key: spec.callbackId, rule: spec.rule, handler: spec.handler };
}

/** A message shortcut, by its callback id. */
export function shortcut<S, D>(spec: {
  callbackId: string;
  rule: Rule<'shortcut', S>;
  handler: (deps: D) => Handler<ShortcutArgs, S>;
}): Interaction<D> {
  return { kind: 'shortcut', key: spec.callbackId, rule: spec.rule, handler: spec.handler };
}

/** A slash command, by its name (`/dub`). */
export function command<S, D>(spec: {
  name: string;
  rule: Rule<'command', S>;
  handler: (deps: D) => Handler<CommandArgs, S>;
}): Interaction<D> {
  return { kind: 'command', key: spec.name, rule: spec.rule, handler: spec.handler };
}

/**
 * An Events API event, by its type, with the rule it must pass (a person's message is checked like their
 * click); the handler gets the rule's checked subject.
 */
export function event<E extends string, S, D>(spec: {
  type: E;
  rule: Rule<'event', S>;
  handler: (deps: D) => Handler<SlackEventMiddlewareArgs<E> & AllMiddlewareArgs, S>;
}): Interaction<D> {
  return { kind: 'event', key: spec.type, rule: spec.rule, handler: spec.handler };
}

/**
 * A custom Workflow Builder step, by its callback id (the manifest's `functions`): the handler gets each run
 * Slack sends as `function_executed`, checked by the rule, and acks it once it recorded the run.
 */
export function workflowStep<S, D>(spec: {
  callbackId: string;
  rule: Rule<'function', S>;
  handler: (deps: D) => Handler<StepArgs, S>;
}): Interaction<D> {
  return { kind: 'function', key: spec.callbackId, rule: spec.rule, handler: spec.handler };
}
