// The polling hot path: GET /v2/projects/{id} answered straight on node:http when nothing unusual applies
// (no faults set, a valid token, the caller's own project). Anything else goes through the Hono app, which
// answers every error; the body is the same `projectView` either way.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { projectView } from '../projects/service.ts';
import type { EmulatorState } from '../state.ts';
import type { TokenBook } from './auth.ts';

const PROJECT_PATH = /^\/v2\/projects\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/** Answers and returns true, or returns false without touching the response. */
export function serveProjectFast(
  state: EmulatorState,
  tokens: TokenBook,
  request: IncomingMessage,
  response: ServerResponse,
): boolean {
  if (request.method !== 'GET' || !state.faults.idle) return false;
  const match = PROJECT_PATH.exec(request.url ?? '');
  if (!match) return false;
  const name = tokens.accountFor(request.headers.authorization);
  const project = name === undefined ? undefined : state.projects.get(match[1]!.toLowerCase());
  if (!project || project.account !== state.accounts.get(name!)) return false;
  const body = JSON.stringify(projectView(state, project));
  response.writeHead(200, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(body),
    'x-request-id': randomUUID(),
  });
  response.end(body);
  return true;
}
