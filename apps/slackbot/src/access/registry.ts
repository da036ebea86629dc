// What the app answers, and who may ask. Features register the interactions they define (definitions.ts:
// each one id, its rule from access/rules.ts, its handler) — so no handler exists without its check — and the
// registry then serves Bolt twice: `gate` (middleware.ts) refuses any payload that no registration expects
// before anything runs, and `runChecked` runs the one handler the gate checked it for. Each tenant has a
// registry of its own (its handlers made from its own store, Slack client and account): the gate picks the
// payload's tenant's, and the handler that runs is that registry's. Events
// and `/dub`'s subcommands are registered with their rule too: a signed event or command is only a claim.
import type { AnyMiddlewareArgs, Middleware } from '@slack/bolt';
import type { CommandArgs, Interaction, InteractionKind } from './definitions.ts';
import type { ChannelSubject, Checked, Payload, Rule, RuleContext } from './rules.ts';

/** One `/dub <word> …` a feature answers, and the line `/dub help` gives it. */
export interface Subcommand {
  /** The first word(s) that select it, lower case. */
  names: readonly string[];
  help: string;
  /** The rule the command must pass when it names this subcommand (the gate runs it in place of `/dub`'s). */
  rule: Rule<'command', ChannelSubject>;
  /**
   * Set when `run` acks the command itself once it recorded what it changes (before that, a failure is the
   * gate's to answer in the ack); otherwise `/dub` acks before `run`.
   */
  acksOnceRecorded?: boolean;
  /** `words`: what follows the subcommand's name; `subject`: the channel the rule checked. */
  run(args: CommandArgs, words: string[], subject: ChannelSubject): Promise<void>;
}

type Kind = InteractionKind;

/** A registered interaction, its handler made from the feature's dependencies. */
interface Entry {
  kind: Kind;
  key: string;
  elements?: ReadonlySet<string>;
  rule: Interaction<unknown>['rule'];
  handler: ReturnType<Interaction<unknown>['handler']>;
}

/** What the gate leaves in Bolt's context for the one handler it checked the payload for. */
interface Passed {
  entry: Entry;
  subject: unknown;
}

/** Set in Bolt's context once the handler acked its payload. */
export const ACKED = 'acked';

/** What a payload asks for: which registration it names, or why it names none. */
export type Wanted = { entry: Entry } | { entry: undefined; reason: string };

export class Registry {
  readonly #entries = new Map<string, Entry>();
  readonly #subcommands: Subcommand[] = [];

  /** A feature's interactions (features/<name>/), each handler made from the feature's `deps`. */
  register<D>(interactions: readonly Interaction<D>[], deps: D): void {
    for (const { kind, key, elements, rule, handler } of interactions)
      this.#add({ kind, key, rule, handler: handler(deps), ...(elements ? { elements } : {}) });
  }

  /** A `/dub` subcommand a feature answers (the `/dub` handler routes to it). */
  subcommand(subcommand: Subcommand): void {
    for (const name of subcommand.names)
      if (this.subcommandFor(name)) throw new Error(`/dub ${name} is registered twice`);
    this.#subcommands.push(subcommand);
  }

  subcommandFor(word: string): Subcommand | undefined {
    const lower = word.toLowerCase();
    return this.#subcommands.find((s) => s.names.includes(lower));
  }

  /** The subcommand a command's text names by its first word, and the words after it. */
  subcommandIn(text: string | undefined): { subcommand: Subcommand; words: string[] } | undefined {
    const [first = '', ...words] = (text ?? '').trim().split(/\s+/).filter(Boolean);
    const subcommand = this.subcommandFor(first);
    return subcommand && { subcommand, words };
  }

  get subcommands(): readonly Subcommand[] {
    return this.#subcommands;
  }

  /** Every registration, for the tests that forge a payload for each. */
  entries(): readonly { kind: Kind; key: string; rule: string }[] {
    return [...this.#entries.values()].map((e) => ({ kind: e.kind, key: e.key, rule: e.rule.name }));
  }

  /**
   * The registration a payload names, by its kind and id, or why there is none. Only the kinds a person's
   * click, submission, shortcut or command arrive as are expected: Bolt would route a legacy
   * `interactive_message`, or a payload with no `type` but `actions`, by its action id too.
   */
  wanted(body: Payload): Wanted {
    const none = (reason: string): Wanted => ({ entry: undefined, reason });
    if (body.event?.type === 'function_executed') {
      const step = body.event.function?.callback_id ?? '';
      return this.#find('function', step) ?? none(`unknown workflow step ${step || '(none)'}`);
    }
    if (body.event !== undefined) {
      const type = body.event.type ?? '';
      return this.#find('event', type) ?? none(`unexpected event ${type || '(none)'}`);
    }
    if (body.command !== undefined) {
      if (body.type !== undefined) return none(`a command with type ${String(body.type)}`);
      return this.#find('command', body.command) ?? none(`unknown command ${body.command}`);
    }
    switch (body.type) {
      case 'block_actions': {
        if (body.actions?.length !== 1) return none('not one action');
        const id = body.actions[0]?.action_id ?? '';
        const found = this.#find('action', id);
        if (found?.entry && !found.entry.elements?.has(body.actions[0]?.type ?? ''))
          return none(`action ${id} on a ${String(body.actions[0]?.type)}`);
        return found ?? none(`unknown action ${id}`);
      }
      case 'view_submission':
        return this.#find('view', body.view?.callback_id ?? '') ?? none('unknown view');
      case 'message_action':
        return this.#find('shortcut', body.callback_id ?? '') ?? none('unknown shortcut');
      default:
        return none(`unexpected payload type ${body.type === undefined ? '(none)' : String(body.type)}`);
    }
  }

  /** Runs the entry's rule on the payload: for a command naming a subcommand, the subcommand's rule. */
  check(entry: Entry, body: Payload, context: RuleContext): Promise<Checked<unknown>> {
    const named = entry.kind === 'command' ? this.subcommandIn(body.text) : undefined;
    return (named?.subcommand.rule ?? entry.rule).check(body, context);
  }

  /** Marks Bolt's context so that the entry's handler, and only it, runs with the checked subject. */
  pass(context: Record<string, unknown>, entry: Entry, subject: unknown): void {
    context.checked = { entry, subject } satisfies Passed;
  }

  #find(kind: Kind, key: string): Wanted | undefined {
    const entry = this.#entries.get(`${kind}:${key}`);
    return entry ? { entry } : undefined;
  }

  #add(entry: Entry): void {
    const id = `${entry.kind}:${entry.key}`;
    if (this.#entries.has(id)) throw new Error(`${entry.kind} ${entry.key} is registered twice`);
    this.#entries.set(id, entry);
  }
}

/**
 * Bolt global middleware, after the gate: runs the handler the gate checked the payload for (its tenant's
 * registry's), with the subject it checked; a payload that reached it unchecked is an error, never run.
 */
export const runChecked: Middleware<AnyMiddlewareArgs> = async (args) => {
  const passed = args.context.checked as Passed | undefined;
  if (!passed) throw new Error('a payload reached the handlers unchecked');
  const { ack } = args as { ack?: (response?: unknown) => Promise<void> };
  if (!ack) return passed.entry.handler(args, passed.subject);
  // The gate answers a handler's failure by whether it was acked (middleware.ts): it is marked here.
  const marked = async (response?: unknown) => {
    args.context[ACKED] = true;
    await ack(response);
  };
  await passed.entry.handler({ ...args, ack: marked }, passed.subject);
};
