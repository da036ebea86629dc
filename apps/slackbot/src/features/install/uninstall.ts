// Slack's notices that the app lost an installation: `app_uninstalled` (removed from a workspace or org) and
// `tokens_revoked` (whose `tokens.bot` lists bot USER ids, not tokens; `tokens.oauth` the people who revoked
// their own). They may come in either order, and again: each deletes the tokens at once (idempotently, the
// first removal's time kept for the retention), after which the tenant's Slack client throws TenantGone.
// Bolt lets these two events through without authorizing them (their token is gone); the access gate still
// checks them with the rule below, like every other payload.
import { event } from '../../access/definitions.ts';
import type { Registry } from '../../access/registry.ts';
import type { Rule } from '../../access/rules.ts';
import type { InstallationStore } from '../../install/installations.ts';
import { tenantKey } from '../../install/installations.ts';

/** The envelope's fields that say which installation an event is for (Slack signs them). */
interface Envelope {
  team_id?: string;
  enterprise_id?: string;
  authorizations?: {
    team_id?: string | null;
    enterprise_id?: string | null;
    is_enterprise_install?: boolean;
  }[];
  event?: { type?: string; tokens?: { bot?: string[]; oauth?: string[] } };
}

/** The installation an uninstall notice is about: its tenant key, from the envelope's authorization. */
const aboutTheApp: Rule<'event', { tenant: string; bots: string[]; people: string[] }> = {
  kind: 'event',
  name: 'the app’s own installation',
  async check(payload) {
    const envelope = payload as Envelope;
    const authorization = envelope.authorizations?.[0];
    const orgInstall = authorization?.is_enterprise_install === true;
    const teamId = authorization?.team_id ?? envelope.team_id ?? null;
    const enterpriseId = authorization?.enterprise_id ?? envelope.enterprise_id ?? null;
    if (orgInstall ? !enterpriseId : !teamId) return { ok: false, reason: 'no team or org' };
    const tokens = envelope.event?.tokens;
    return {
      ok: true,
      actor: { user: '', channel: '', threadTs: null },
      subject: {
        tenant: tenantKey({ teamId, enterpriseId, orgInstall }),
        bots: tokens?.bot ?? [],
        people: tokens?.oauth ?? [],
      },
    };
  },
};

interface Deps {
  installations: InstallationStore;
  now: () => number;
  /** Told of each tenant removed (the server stops its work and logs it). */
  onRemoved: (tenant: string) => void;
}

export const uninstallInteractions = [
  event({
    type: 'app_uninstalled',
    rule: aboutTheApp,
    handler:
      ({ installations, now, onRemoved }: Deps) =>
      async (_args, { tenant }) => {
        if (await installations.markRemoved(tenant, now())) onRemoved(tenant);
      },
  }),
  event({
    type: 'tokens_revoked',
    rule: aboutTheApp,
    handler:
      ({ installations, now, onRemoved }: Deps) =>
      async (_args, { tenant, bots, people }) => {
        const installation = await installations.get(tenant);
        if (!installation) return;
        await installations.removeUserTokens(tenant, people);
        if (bots.includes(installation.botUserId) && (await installations.markRemoved(tenant, now())))
          onRemoved(tenant);
      },
  }),
];

export function registerUninstall(registry: Pick<Registry, 'register'>, deps: Deps): void {
  registry.register(uninstallInteractions, deps);
}
