// Where a payload comes from, in the words Slack signs it with: an event's envelope (its authorizations name
// the installation it was sent for), a command's form fields, or an interaction's team and enterprise.
import type { PayloadOrigin } from './tenancy.ts';

/** The parts of any Slack payload that say whose it is. */
export interface OriginFields {
  team_id?: string | null;
  enterprise_id?: string | null;
  is_enterprise_install?: boolean | string;
  team?: { id?: string | null } | null;
  enterprise?: { id?: string | null } | null;
  user?: { team_id?: string | null } | null;
  /** A modal's or App Home's view: the workspace that installed the app that opened it. */
  view?: { app_installed_team_id?: string | null } | null;
  authorizations?: {
    team_id?: string | null;
    enterprise_id?: string | null;
    is_enterprise_install?: boolean;
  }[];
}

export function payloadOrigin(body: OriginFields): PayloadOrigin {
  const authorization = body.authorizations?.[0];
  if (authorization)
    return {
      teamId: authorization.team_id ?? null,
      enterpriseId: authorization.enterprise_id ?? null,
      orgInstall: authorization.is_enterprise_install === true,
    };
  return {
    // A view's installing workspace first (a person of another workspace may act in it, as Bolt reads it);
    // then an interaction's team (null in an org-wide install's), a command's field, the person's team.
    teamId: body.view?.app_installed_team_id ?? body.team?.id ?? body.team_id ?? body.user?.team_id ?? null,
    enterpriseId: body.enterprise?.id ?? body.enterprise_id ?? null,
    // Commands send it as the text "true".
    orgInstall: body.is_enterprise_install === true || body.is_enterprise_install === 'true',
  };
}

/**
 * The workspace a payload happened in: its origin's team, or — for an org-wide install's event, whose
 * authorization names only the org — the workspace its envelope names. (Any other payload's origin has
 * already read its team, command field and person's team.)
 */
export function payloadWorkspace(body: OriginFields): string | null {
  return payloadOrigin(body).teamId ?? body.team_id ?? null;
}
