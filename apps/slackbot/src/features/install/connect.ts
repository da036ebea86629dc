// `/dub connect`: a workspace admin or owner (as Slack's users.info says) connects the workspace's own
// dubbing-service account. The modal takes the account's token; submitting it checks the token with a
// credits call before anything is saved, stores it sealed, and never shows it again (the modal answers with
// the minutes left). Anyone else is told who can connect it. It is registered in each tenant's registry, so
// the workspace (or org) it connects is the one the access gate resolved the payload to, and Slack is asked
// with that tenant's client, as every other Slack call is (a token Slack refused as expired renewed, an org
// install's workspace named): never Bolt's per-request client, nor a tenant read again from the payload.

import { AuthenticationError } from '@dubkit/core';
import type { types } from '@slack/bolt';
import type { WebClient } from '@slack/web-api';
import type { Logger } from 'pino';
import { type ViewArgs, view } from '../../access/definitions.ts';
import { grantingInteractions } from '../../access/modals.ts';
import type { Registry } from '../../access/registry.ts';
import { rules, type ViewRule } from '../../access/rules.ts';
import type { DubbingAccounts } from '../../install/accounts.ts';
import type { InstallationStore } from '../../install/installations.ts';
import { webInteractions } from '../../slack/interactions.ts';
import type { ModalGrant, ModalStore } from '../../store/store.ts';
import { noticeModal, plain, section } from '../../ui/blocks.ts';

export const CONNECT_UI = { callbackId: 'connect_dubbing', block: 'dubbing_token', input: 'token' } as const;

/** Slack's longest plain-text input; a service token is far shorter. */
const MAX_TOKEN_CHARS = 3000;

export interface ConnectDeps {
  /** The tenant whose registry this is: the one the gate resolved the payload to. */
  tenant: string;
  /** That tenant's Slack client (OAuthTenancy's, through its graph). */
  slack: WebClient;
  installations: Pick<InstallationStore, 'connectDubbing'>;
  accounts: Pick<DubbingAccounts, 'check'>;
  modals: ModalStore;
  now: () => number;
  logger: Logger;
  /** The workspace's account changed: what acts for it is made again with the new one. */
  onConnected?: (tenant: string) => void;
}

/** Who may connect the workspace's account: Slack's word that the person is an admin or owner. */
async function isWorkspaceAdmin(client: WebClient, user: string): Promise<boolean> {
  const answer = await client.users.info({ user });
  const person = answer.user as { is_admin?: boolean; is_owner?: boolean } | undefined;
  return person?.is_admin === true || person?.is_owner === true;
}

function connectModal(): types.ModalView {
  return {
    type: 'modal',
    callback_id: CONNECT_UI.callbackId,
    title: plain('Dubbing account'),
    submit: plain('Connect'),
    close: plain('Cancel'),
    blocks: [
      section(
        'Connect this workspace’s own dubbing-service account: its minutes pay for the dubs started here. Paste the account’s API token; it is checked, stored encrypted and never shown again.',
      ),
      {
        type: 'input',
        block_id: CONNECT_UI.block,
        label: plain('API token'),
        element: {
          type: 'plain_text_input',
          action_id: CONNECT_UI.input,
          max_length: MAX_TOKEN_CHARS,
          placeholder: plain('The token from your dubbing account’s API settings'),
        },
      },
    ],
  };
}

/**
 * The connect modal's submission: by the person it was opened for (only an admin could open it), as the app
 * left it (its grant in the store). Unlike `rules.opener` it asks nothing about the channel `/dub connect` was
 * typed in: the account is the workspace's, and the admin check is made again at submission. The rule reads
 * the modal grants, so it is made with the store when registered.
 */
function connectOpener(modals: Pick<ModalStore, 'modalGrant'>): ViewRule<ModalGrant> {
  return {
    kind: 'view',
    name: 'connect modal opener',
    async check(payload) {
      const user = payload.user?.id ?? '';
      const viewId = payload.view?.id;
      const grant = viewId ? await modals.modalGrant(viewId) : undefined;
      if (!grant || grant.opener !== user) return { ok: false, reason: 'not opened for this person' };
      if (grant.callbackId !== CONNECT_UI.callbackId || payload.view?.callback_id !== CONNECT_UI.callbackId)
        return { ok: false, reason: 'a modal about something else' };
      return { ok: true, actor: { user, channel: grant.channel, threadTs: grant.threadTs }, subject: grant };
    },
  };
}

/** The modal's submission. */
const connectDialog = (modals: Pick<ModalStore, 'modalGrant'>) =>
  view({
    callbackId: CONNECT_UI.callbackId,
    rule: connectOpener(modals),
    handler:
      (deps: ConnectDeps) =>
      async ({ ack, view: submitted, body }: ViewArgs) => {
        const token = (
          submitted.state.values[CONNECT_UI.block]?.[CONNECT_UI.input] as
            | { value?: string | null }
            | undefined
        )?.value?.trim();
        if (!token) {
          await ack({
            response_action: 'errors',
            errors: { [CONNECT_UI.block]: 'Paste the account’s API token.' },
          });
          return;
        }
        // Checked again at submission: a person who stopped being an admin since the modal opened cannot save.
        if (!(await isWorkspaceAdmin(deps.slack, body.user.id))) {
          await ack({
            response_action: 'errors',
            errors: {
              [CONNECT_UI.block]: 'Only a workspace admin or owner can connect the dubbing account.',
            },
          });
          return;
        }
        let minutes: number;
        try {
          minutes = await deps.accounts.check(token);
        } catch (error) {
          deps.logger.info(
            { err: error, tenant: deps.tenant },
            'a dubbing token offered at /dub connect failed its check',
          );
          const problem =
            error instanceof AuthenticationError
              ? 'The dubbing service refused this token. Copy it again from the account’s API settings.'
              : 'The dubbing service could not be reached to check the token. Try again in a minute.';
          await ack({ response_action: 'errors', errors: { [CONNECT_UI.block]: problem } });
          return;
        }
        await deps.installations.connectDubbing(deps.tenant, token, body.user.id, deps.now());
        deps.onConnected?.(deps.tenant);
        await ack({
          response_action: 'update',
          view: noticeModal(
            plain('Dubbing account'),
            `Connected. Dubs started in this workspace now use its own account (${minutes} minutes left).`,
          ),
        });
      },
  });

export const connectInteractions = (modals: Pick<ModalStore, 'modalGrant'>) => [connectDialog(modals)];

export function registerConnect(r: Registry, deps: ConnectDeps): void {
  // Opened through the granting port, so that only this person can submit it.
  const modals = grantingInteractions(webInteractions(deps.slack), deps.modals, deps.now);
  r.subcommand({
    names: ['connect'],
    help: '`/dub connect` — a workspace admin connects the workspace’s own dubbing account',
    rule: rules.caller,
    run: async ({ command, respond }) => {
      if (!(await isWorkspaceAdmin(deps.slack, command.user_id))) {
        await respond({
          response_type: 'ephemeral',
          text: 'Only a workspace admin or owner can connect this workspace’s dubbing account. Ask one of them to run `/dub connect`.',
        });
        return;
      }
      await modals.openModal(command.trigger_id, connectModal());
    },
  });
  r.register(connectInteractions(deps.modals), deps);
}
