// The app's DubbingService as the slackbot benches measure it: built from the app's public entry on one
// client inside the request budget, with its polls, list pages and transcription reads counted, and per
// project the status first seen and when the service last changed it (from a poll or a list sweep).
import { DubbingClient } from '@dubkit/core';
import { budgetDispatcher, createDubbingService, type DubbingService, RequestBudget } from '@dubkit/slackbot';

export interface MeasuredService {
  service: DubbingService;
  counts: { polls: number; lists: number; segments: number };
  /** The status each project had when the app first polled it. */
  firstStatus: Map<string, string>;
  /** When the service last changed each project's status, as of the app's latest poll. */
  lastSeen: Map<string, number>;
}

export function measuredService(
  serviceUrl: string,
  token: string,
  requestsPerSecond: number,
): MeasuredService {
  return measured(
    createDubbingService(
      new DubbingClient({
        baseUrl: serviceUrl,
        token,
        env: {},
        dispatcher: budgetDispatcher(new RequestBudget(requestsPerSecond)),
      }),
    ),
  );
}

/** `service` (built by the caller, e.g. the app's accounts) with its polls, list pages and reads counted. */
export function measured(service: DubbingService): MeasuredService {
  const counts = { polls: 0, lists: 0, segments: 0 };
  const firstStatus = new Map<string, string>();
  const lastSeen = new Map<string, number>();
  const getProject = service.getProject.bind(service);
  service.getProject = async (id: string) => {
    counts.polls++;
    const project = await getProject(id);
    lastSeen.set(id, Date.parse(String((project as { status_updated_at?: string }).status_updated_at)));
    if (!firstStatus.has(id) && project.status) firstStatus.set(id, project.status);
    return project;
  };
  const listProjects = service.listProjects.bind(service);
  service.listProjects = async (query) => {
    counts.lists++;
    const page = await listProjects(query);
    for (const item of page.projects) {
      if (item.status_updated_at) lastSeen.set(item.id, Date.parse(item.status_updated_at));
      if (!firstStatus.has(item.id) && item.status) firstStatus.set(item.id, item.status);
    }
    return page;
  };
  const getSegments = service.getSegments.bind(service);
  service.getSegments = (id: string) => {
    counts.segments++;
    return getSegments(id);
  };
  return { service, counts, firstStatus, lastSeen };
}
