// The record a route's path names, in the caller's account (404 otherwise), shared by the route modules.
import type { Ctx } from '../http/env.ts';
import { pathId } from '../http/params.ts';
import type { Project } from '../model.ts';
import { findProject } from '../projects/service.ts';
import type { EmulatorState } from '../state.ts';

/** The project of the path's `project_id`. */
export function pathProject(state: EmulatorState, c: Ctx): Project {
  return findProject(state, c.var.account, pathId(c, 'project_id'));
}
