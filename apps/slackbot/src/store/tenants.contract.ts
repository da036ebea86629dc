// The Store contract's tenant isolation: two tenants hold the same channels, people, triggers, event ids,
// glossary names and write keys; every method of one tenant's store, called with the other's ids and the
// shared names, returns none of the other's rows, and changes, leases or counts none of them. One case per
// method, checked against the methods a tenant's store has, so that a method added without a case fails here.
//
// What a method returns is compared with what it returned before MINE had any rows (each call on a tenant of
// its own, record ids masked): anything of MINE's that leaks, a row, a count, a channel name, differs.
import { expect, it } from 'vitest';
import { newJob } from '../test-support/jobs.ts';
import type { AutopilotSetting } from './autopilot.ts';
import type { DeliveryInput, Job, Store, Stores, Target } from './store.ts';

const MINE = 'T0MINE';
const THEIRS = 'T0THEIRS';
/** Far enough ahead that everything is due, and every lease of the seed has expired. */
const LATER = 1_000_000;

interface Seeded {
  tag: string;
  job: Job;
  waiting: Job;
  requested: Job;
  es: Target;
  de: Target;
  sessionId: string;
  lipsyncId: string;
}

const message = (tag: string, key: string): DeliveryInput => ({
  key,
  jobId: key,
  kind: 'reply',
  inThread: false,
  payload: { tag },
  to: { channel: 'C1', threadTs: null },
});

const sums = (status: string) => ({
  status,
  count: 1,
  sumX: 1,
  sumY: 1,
  sumXX: 1,
  sumXY: 1,
  residualCount: 1,
  residualSum: 1,
  residualSquares: 1,
  pacedCount: 1,
  pacedSum: 1,
  pacedSquares: 1,
});

/** The same channel on autopilot in each tenant. */
const autopilot: Omit<AutopilotSetting, 'updatedBy' | 'updatedAt'> = {
  channel: 'C1',
  dstLangs: ['es'],
  capMinutes: 60,
  period: 'day',
  mode: 'start',
};

/** A run of the workflow step in a tenant (Slack's execution ids are its own, per tenant here). */
const step = (tag: string, jobId: string) => ({
  executionId: `Fx-${tag}`,
  callbackId: 'dub_video',
  token: `xwfp-${tag}`,
  jobId,
  inputs: { languages: ['es'], approvers: ['U1'], waitForApproval: true },
  problem: null,
});

/** The same work in each tenant: the same channel, people and keys; its own ids, projects and texts (`tag`). */
async function seed(s: Store, tag: string): Promise<Seeded> {
  await s.recordEvent('Ev1', 1);
  const { job } = await s.createJob({ ...newJob({ title: `video ${tag}` }), eventId: 'Ev0' }, 1);
  // Started on autopilot: its minutes counted in the channel's period, its mark on the job.
  await s.saveChannelAutopilot({ ...autopilot, updatedBy: 'U1', updatedAt: 1 });
  await s.startJobCharged(
    job.id,
    { dstLangs: ['es', 'de'], srcLang: null, numSpeakers: null },
    2,
    'U1',
    { channel: 'C1', periodStart: 0, minutes: 5, cap: 60 },
    { mode: 'start', state: 'started', minutes: 5 },
  );
  const [es, de] = (await s.targetsOf(job.id)) as [Target, Target];
  await s.setTargetProject(es.id, `p-${tag}`, 3);
  await s.setTargetProject(de.id, `q-${tag}`, 3);
  await s.recordPoll(
    de.id,
    { status: 'merging_done', changed: true, terminal: true, nextPollAt: LATER * 10, intervalMs: 0 },
    4,
    [],
  );
  await s.setTargetOptions(job.id, 'es', { glossaryId: `g-${tag}`, transcriptId: null });
  await s.addSubtitle(job.id, { name: 'a.srt', side: 'src', lang: 'en', text: `text ${tag}` });
  const { job: waiting } = await s.createJob(newJob({ triggerKey: 'msg:C1:2.0', threadTs: '2.0' }), 1);
  const { job: requested } = await s.createJob(
    newJob({ triggerKey: 'cmd:1', threadTs: null, request: { dstLangs: ['es'], responseUrl: null } }),
    1,
  );
  await s.enqueue({ key: 'card:1', jobId: job.id, kind: 'card', inThread: false, payload: { tag } }, 4);
  await s.enqueue(message(tag, 'note:1'), 4);
  const session = await s.createReviewSession({
    targetId: de.id,
    projectId: `q-${tag}`,
    userId: 'U1',
    baseline: [{ id: '1', start: '00:00:00,000', end: '00:00:01,000', speaker: null, src: tag, dst: tag }],
    createdAt: 5,
  });
  await s.recordRenderIntent(de.id, 'U1', 5);
  await s.saveGlossary({
    id: `g-${tag}`,
    name: 'Brand',
    srcLang: 'en',
    dstLang: 'es',
    version: 1,
    channel: 'C1',
    createdBy: 'U1',
    updatedAt: 5,
  });
  await s.saveChannelSettings({
    channel: 'C1',
    dstLangs: ['es'],
    glossaryIds: [`g-${tag}`],
    updatedBy: 'U1',
    updatedAt: 5,
  });
  const glossaryImport = (key: string) => ({
    key,
    channel: 'C1',
    threadTs: '5.0',
    url: `https://files.example/${tag}`,
    fileName: 'terms.csv',
    name: 'Brand',
    srcLang: 'en',
    dstLang: 'es',
    userId: 'U1',
    makeDefault: false,
  });
  await s.requestImport(glossaryImport('glossary:C1:5.0'), 5);
  await s.requestImport(glossaryImport('glossary:C1:6.0'), 5);
  await s.offerTermbase(
    {
      id: `o-${tag}`,
      importKey: 'glossary:C1:6.0',
      channel: 'C1',
      threadTs: '6.0',
      userId: 'U1',
      fileName: 'tb.csv',
      name: 'Termbase',
      makeDefault: false,
      file: `file ${tag}`,
      languages: ['en', 'es'],
      source: 0,
      chosen: null,
      createdAt: 5,
    },
    message(tag, 'termbase:1'),
    5,
  );
  const lipsync = await s.createLipsync(
    {
      targetId: de.id,
      jobId: job.id,
      projectId: `q-${tag}`,
      userId: 'U1',
      multipleFaces: false,
      free: false,
    },
    5,
  );
  await s.saveModalGrant({
    viewId: `V-${tag}`,
    opener: 'U1',
    channel: 'C1',
    threadTs: null,
    callbackId: 'settings',
    subject: 'C1',
    createdAt: 5,
  });
  await s.recordRedubChanges(de.id, [{ kind: 'edited', ref: '1', was: tag }], 5);
  await s.saveChannelQa({ channel: 'C1', enabled: true, preset: 'bbc', updatedBy: 'U1', updatedAt: 5 });
  await s.saveChannelFormats({ channel: 'C1', formats: ['srt'], updatedBy: 'U1', updatedAt: 5 });
  await s.recordApproval({ targetId: de.id, attempt: 1, userId: 'U1', at: 6 });
  await s.recordChangeRequest({ targetId: es.id, attempt: 1, userId: 'U2', reason: tag, at: 6 });
  await s.saveChannelApprovers({ channel: 'C1', userIds: ['U1'], updatedBy: 'U1', updatedAt: 6 });
  await s.recordAssignment(
    {
      id: `as-${tag}`,
      targetId: es.id,
      jobId: job.id,
      assignee: 'U2',
      assignedBy: 'U1',
      at: 6,
      threadLink: `https://slack.example/${tag}`,
    },
    [],
    6,
  );
  await s.addStageSums([sums('uploading')]);
  await s.deferRequest(`r-${tag}`, { tag }, 6);
  await s.markAutopilot(waiting.id, { mode: 'wait', state: 'waiting' });
  await s.segmentNumbers(de.id, ['1', '2']);
  await s.addComment({
    id: `c-${tag}`,
    targetId: de.id,
    segmentId: '1',
    number: 1,
    userId: 'U1',
    text: tag,
    render: 1,
    at: 6,
    resolvedIn: null,
    resolvedBy: null,
  });
  await s.recordEditor(de.id, 'U1', 6);
  await s.recordStep(step(tag, job.id), 6);
  await s.claimSweep('seed', 6, 1, 1);
  return {
    tag,
    job,
    waiting,
    requested,
    es,
    de,
    sessionId: session.id,
    lipsyncId: lipsync?.id ?? '',
  };
}

/** Everything a tenant holds, as its own store reads it. */
async function snapshot(s: Store, a: Seeded) {
  return {
    jobs: await s.getJobs([a.job.id, a.waiting.id, a.requested.id]),
    page: await s.jobsPage({ title: null, offset: 0, limit: 50 }),
    targets: await s.targetsOf(a.job.id),
    options: await s.targetOptions(a.job.id, 'es'),
    subtitles: await s.subtitlesOf(a.job.id),
    deliveries: await s.deliveriesOf(a.job.id),
    note: await s.getDelivery('note:1'),
    event: await s.hasEvent('Ev1'),
    session: await s.getReviewSession(a.sessionId),
    intents: await s.renderIntents(),
    glossaries: await s.glossaries(),
    settings: await s.channelSettings('C1'),
    offer: await s.termbaseOffer(`o-${a.tag}`),
    grant: await s.modalGrant(`V-${a.tag}`),
    redubs: await s.redubChanges(a.de.id),
    qa: await s.channelQa('C1'),
    formats: await s.channelFormats('C1'),
    approvals: await s.approvalsOf([a.es.id, a.de.id]),
    changes: await s.changeRequestsOf([a.es.id, a.de.id]),
    approvers: await s.channelApprovers('C1'),
    assignments: await s.assignmentsOf([a.es.id]),
    sums: await s.stageSums(),
    requests: await s.dueRequests(LATER * 10, 10),
    lipsyncDone: await s.fullLipsyncDone(`q-${a.tag}`),
    autopilot: await s.channelAutopilot('C1'),
    autopilotUsed: await s.autopilotUsed('C1', 0),
    comments: await s.commentsOf(a.de.id),
    numbers: [...(await s.segmentNumbers(a.de.id, []))],
    editor: await s.lastEditorOf(a.de.id),
    step: await s.getStep(`Fx-${a.tag}`),
    stepApprovers: await s.stepApprovers(a.job.id),
    tracked: await s.trackedTargets(50),
  };
}

type Case = (theirs: Store, mine: Seeded) => Promise<unknown>;

/** Each method of THEIRS's store, given MINE's ids and the names both tenants use. */
const CASES: Record<keyof Store, Case> = {
  recordEvent: (s) => s.recordEvent('Ev1', 9),
  hasEvent: (s) => s.hasEvent('Ev1'),
  createJob: (s) => s.createJob(newJob(), 9),
  getJob: (s, m) => s.getJob(m.job.id),
  getJobs: (s, m) => s.getJobs([m.job.id, m.waiting.id]),
  jobByTrigger: (s) => s.jobByTrigger('msg:C1:1.0'),
  jobByThread: (s) => s.jobByThread('C1', '1.0'),
  recentJobs: (s) => s.recentJobs('U1', 10),
  jobsOfPerson: (s) => s.jobsOfPerson('U2', 10),
  jobsPage: (s) => s.jobsPage({ title: 'video', offset: 0, limit: 50 }),
  setJobThread: (s, m) => s.setJobThread(m.requested.id, '9.9'),
  startJob: (s, m) => s.startJob(m.waiting.id, { dstLangs: ['fr'], srcLang: null, numSpeakers: null }, 9),
  cancelJob: (s, m) => s.cancelJob(m.waiting.id),
  stopJob: (s, m) => s.stopJob(m.job.id, 'U9'),
  claimJobsToStart: (s) => s.claimJobsToStart('theirs', LATER, 100, 50),
  releaseJob: (s, m) => s.releaseJob(m.job.id, 'mine', LATER * 10, true),
  acceptRequest: (s, m) => s.acceptRequest(m.requested.id),
  refuseRequest: (s, m) => s.refuseRequest(m.requested.id),
  setJobMedia: (s, m) => s.setJobMedia(m.waiting.id, 'm9'),
  setJobMediaReady: (s, m) => s.setJobMediaReady(m.waiting.id, { seconds: 9 }),
  retitleJob: (s, m) => s.retitleJob(m.job.id, 'renamed', m.job.title),
  setPicking: (s, m) => s.setPicking(m.waiting.id, { dstLangs: ['fr'] }, { srcLang: 'fr', numSpeakers: 9 }),
  setJobMediaError: (s, m) => s.setJobMediaError(m.waiting.id, 'refused'),
  setJobRunning: (s, m) => s.setJobRunning(m.job.id),
  adoptProject: (s) => s.adoptProject(newJob({ triggerKey: 'cmd:track:p' }), 'es', 'p9', 9),
  targetsOf: (s, m) => s.targetsOf(m.job.id),
  getTarget: (s, m) => s.getTarget(m.es.id),
  targetOfProject: (s, m) => s.targetOfProject(`p-${m.tag}`),
  markCreateIntent: (s, m) => s.markCreateIntent(m.es.id, 9),
  setTargetProject: (s, m) => s.setTargetProject(m.es.id, 'p9', 9),
  claimDueTargets: (s) => s.claimDueTargets('theirs', LATER, 100, 50),
  recordPoll: (s, m) =>
    s.recordPoll(
      m.es.id,
      { status: 'failed', changed: true, terminal: true, nextPollAt: 9, intervalMs: 9 },
      9,
      [{ key: 'status:9', jobId: m.job.id, kind: 'status', inThread: true, payload: {} }],
    ),
  recordPolls: (s, m) =>
    s.recordPolls(
      [m.es, m.de].map((t) => ({
        targetId: t.id,
        result: { status: 'failed', changed: true, terminal: true, nextPollAt: 9, intervalMs: 9 },
        deliveries: [{ key: 'status:9', jobId: m.job.id, kind: 'status', inThread: true, payload: {} }],
        from: t.status,
      })),
      'mine',
      9,
    ),
  retryTarget: (s, m) => s.retryTarget(m.de.id, 9, 'U9'),
  resumeTarget: (s, m) => s.resumeTarget(m.de.id, 'dubbing', 9),
  setTargetOptions: (s, m) => s.setTargetOptions(m.job.id, 'es', { glossaryId: 'g9', transcriptId: 't9' }),
  targetOptions: (s, m) => s.targetOptions(m.job.id, 'es'),
  addSubtitle: (s, m) => s.addSubtitle(m.job.id, { name: 'a.srt', side: 'dst', lang: 'fr', text: 'x' }),
  subtitlesOf: (s, m) => s.subtitlesOf(m.job.id),

  enqueue: (s) => s.enqueue({ ...message('theirs', 'note:1'), payload: { changed: true } }, 9),
  claimWrites: (s) => s.claimWrites('theirs', LATER, 100, 50),
  dueIn: (s) => s.dueIn('C1', LATER, 50),
  markSending: (s) => s.markSending(['card:1', 'note:1'], 9),
  recordUploads: (s) => s.recordUploads('card:1', ['F9']),
  completeDelivery: (s) => s.completeDelivery('card:1', 1, '9.9', 9),
  deferDelivery: (s) => s.deferDelivery('note:1', LATER * 10, { uncertain: true, failed: true }),
  releaseChannels: (s) => s.releaseChannels('mine', [{ channel: 'C1', nextWriteAt: LATER * 10 }]),
  getDelivery: (s) => s.getDelivery('card:1'),
  deliveriesOf: (s, m) => s.deliveriesOf(m.job.id),
  deliveredRenders: (s, m) => s.deliveredRenders(m.es.id),

  createReviewSession: (s) =>
    s.createReviewSession({ targetId: 't9', projectId: 'p9', userId: 'U9', baseline: [], createdAt: 9 }),
  getReviewSession: (s, m) => s.getReviewSession(m.sessionId),
  updateReviewSession: (s, m) => s.updateReviewSession(m.sessionId, { page: 9, viewId: 'V9' }),
  closeReviewSession: (s, m) => s.closeReviewSession(m.sessionId),
  recordRenderIntent: (s, m) => s.recordRenderIntent(m.de.id, 'U9', 9),
  clearRenderIntent: (s, m) => s.clearRenderIntent(m.de.id),
  renderIntents: (s) => s.renderIntents(),

  requestImport: (s) =>
    s.requestImport(
      {
        key: 'glossary:C1:7.0',
        channel: 'C1',
        threadTs: null,
        url: 'https://files.example/9',
        fileName: 'x.csv',
        name: 'Brand',
        srcLang: null,
        dstLang: null,
        userId: 'U9',
        makeDefault: true,
      },
      9,
    ),
  claimImports: (s) => s.claimImports('theirs', LATER, 100, 50),
  finishImport: (s) => s.finishImport('glossary:C1:5.0', message('theirs', 'report:9'), 9),
  deferImport: (s) => s.deferImport('glossary:C1:5.0', LATER * 10),
  // Its id is new (an offer's id is random): the id is unique across tenants.
  offerTermbase: (s, m) =>
    s.offerTermbase(
      {
        id: `o-new-${m.tag}`,
        importKey: 'glossary:C1:6.0',
        channel: 'C1',
        threadTs: null,
        userId: 'U9',
        fileName: 'x.csv',
        name: 'x',
        makeDefault: true,
        file: 'x',
        languages: ['fr'],
        source: 0,
        chosen: null,
        createdAt: 9,
      },
      message('theirs', 'termbase:9'),
      9,
    ),
  termbaseOffer: (s, m) => s.termbaseOffer(`o-${m.tag}`),
  expireTermbaseOffers: (s) => s.expireTermbaseOffers(LATER),
  setTermbaseSource: (s, m) => s.setTermbaseSource(`o-${m.tag}`, 1, message('theirs', 'source:9'), 9),
  chooseTermbase: (s, m) =>
    s.chooseTermbase(
      `o-${m.tag}`,
      { source: 0, pairIds: ['1>0'] },
      {
        key: 'glossary:C1:6.0',
        channel: 'C1',
        threadTs: null,
        url: 'https://files.example/9',
        fileName: 'x.csv',
        name: 'x',
        srcLang: null,
        dstLang: null,
        userId: 'U9',
        makeDefault: false,
      },
      message('theirs', 'chosen:9'),
      9,
    ),
  saveGlossary: (s, m) =>
    s.saveGlossary({
      id: `g-${m.tag}`,
      name: 'Renamed',
      srcLang: 'en',
      dstLang: 'fr',
      version: 9,
      channel: 'C1',
      createdBy: 'U9',
      updatedAt: 9,
    }),
  glossaries: (s) => s.glossaries(),
  getGlossary: (s, m) => s.getGlossary(`g-${m.tag}`),
  findGlossary: (s) => s.findGlossary('Brand'),
  deleteGlossary: (s, m) => s.deleteGlossary(`g-${m.tag}`),
  channelSettings: (s) => s.channelSettings('C1'),
  saveChannelSettings: (s) =>
    s.saveChannelSettings({
      channel: 'C1',
      dstLangs: ['fr'],
      glossaryIds: [],
      updatedBy: 'U9',
      updatedAt: 9,
    }),
  channelSettingsBy: (s) => s.channelSettingsBy('U1'),

  createLipsync: (s) =>
    s.createLipsync(
      { targetId: 't9', jobId: 'j9', projectId: 'p9', userId: 'U9', multipleFaces: true, free: true },
      9,
    ),
  fullLipsyncDone: (s, m) => s.fullLipsyncDone(`q-${m.tag}`),
  claimDueLipsyncs: (s) => s.claimDueLipsyncs('theirs', LATER, 100, 50),
  updateLipsync: (s, m) => s.updateLipsync(m.lipsyncId, { state: 'done', progress: 1 }),

  saveModalGrant: (s, m) =>
    s.saveModalGrant({
      viewId: `V-${m.tag}`,
      opener: 'U9',
      channel: 'C9',
      threadTs: null,
      callbackId: 'x',
      subject: 'x',
      createdAt: 9,
    }),
  updateModalGrant: (s, m) => s.updateModalGrant(`V-${m.tag}`, { callbackId: 'x', subject: 'x' }),
  modalGrant: (s, m) => s.modalGrant(`V-${m.tag}`),
  pruneModalGrants: (s) => s.pruneModalGrants(LATER),

  recordRedubChanges: (s, m) => s.recordRedubChanges(m.de.id, [{ kind: 'voice', ref: '9' }], 9),
  redubChanges: (s, m) => s.redubChanges(m.de.id),
  clearRedubChanges: (s, m) => s.clearRedubChanges(m.de.id, LATER),

  channelQa: (s) => s.channelQa('C1'),
  saveChannelQa: (s) =>
    s.saveChannelQa({ channel: 'C1', enabled: false, preset: 'netflix', updatedBy: 'U9', updatedAt: 9 }),
  channelFormats: (s) => s.channelFormats('C1'),
  saveChannelFormats: (s) =>
    s.saveChannelFormats({ channel: 'C1', formats: ['vtt'], updatedBy: 'U9', updatedAt: 9 }),

  recordApproval: (s, m) => s.recordApproval({ targetId: m.es.id, attempt: 9, userId: 'U9', at: 9 }),
  recordChangeRequest: (s, m) =>
    s.recordChangeRequest({ targetId: m.de.id, attempt: 1, userId: 'U9', reason: 'x', at: 9 }),
  changeRequestsOf: (s, m) => s.changeRequestsOf([m.es.id, m.de.id]),
  approvalsOf: (s, m) => s.approvalsOf([m.es.id, m.de.id]),
  unapprovedIn: (s) => s.unapprovedIn('C1', 50),

  channelApprovers: (s) => s.channelApprovers('C1'),
  saveChannelApprovers: (s) =>
    s.saveChannelApprovers({ channel: 'C1', userIds: ['U9'], updatedBy: 'U9', updatedAt: 9 }),
  channelsApprovedBy: (s) => s.channelsApprovedBy('U1'),

  recordAssignment: (s, m) =>
    s.recordAssignment(
      {
        id: 'as9',
        targetId: m.es.id,
        jobId: m.job.id,
        assignee: 'U9',
        assignedBy: 'U9',
        at: 9,
        threadLink: 'x',
      },
      [message('theirs', 'assigned:9')],
      9,
    ),
  assignmentsOf: (s, m) => s.assignmentsOf([m.es.id]),
  assignedTo: (s) => s.assignedTo('U2', 50),

  addStageSums: (s) => s.addStageSums([sums('uploading')]),
  stageSums: (s) => s.stageSums(),

  // Its id is new (a request's id is random): the id is unique across tenants.
  deferRequest: (s, m) => s.deferRequest(`r-new-${m.tag}`, { tag: 'theirs' }, 9),
  dueRequests: (s) => s.dueRequests(LATER, 50),
  claimRequest: (s, m) => s.claimRequest(`r-${m.tag}`, LATER, LATER * 10),
  retryRequest: (s, m) => s.retryRequest(`r-${m.tag}`, LATER * 10),
  finishRequest: (s, m) => s.finishRequest(`r-${m.tag}`),

  channelAutopilot: (s) => s.channelAutopilot('C1'),
  saveChannelAutopilot: (s) =>
    s.saveChannelAutopilot({ ...autopilot, capMinutes: 1, updatedBy: 'U9', updatedAt: 9 }),
  autopilotUsed: (s) => s.autopilotUsed('C1', 0),
  startJobCharged: (s, m) =>
    s.startJobCharged(
      m.waiting.id,
      { dstLangs: ['fr'], srcLang: null, numSpeakers: null },
      9,
      'U9',
      { channel: 'C1', periodStart: 0, minutes: 1, cap: null },
      { mode: 'start', state: 'started', minutes: 1 },
    ),
  markAutopilot: (s, m) => s.markAutopilot(m.job.id, { mode: 'start', state: 'capped', used: 99 }),

  segmentNumbers: (s, m) => s.segmentNumbers(m.de.id, ['1', '2', '3']),
  addComment: (s, m) =>
    s.addComment({
      id: `c-${m.tag}-again`,
      targetId: m.de.id,
      segmentId: '1',
      number: 1,
      userId: 'U9',
      text: 'theirs',
      render: 1,
      at: 9,
      resolvedIn: null,
      resolvedBy: null,
    }),
  commentsOf: (s, m) => s.commentsOf(m.de.id),
  resolveComments: (s, m) => s.resolveComments(m.de.id, ['1', '2'], 9),
  closeComments: (s, m) => s.closeComments(m.de.id, [`c-${m.tag}`], 'U9', 9),
  reopenJob: (s, m) => s.reopenJob(m.job.id),
  recordEditor: (s, m) => s.recordEditor(m.de.id, 'U9', 99),
  lastEditorOf: (s, m) => s.lastEditorOf(m.de.id),
  recordStep: (s, m) => s.recordStep(step(m.tag, m.job.id), 9),
  getStep: (s, m) => s.getStep(`Fx-${m.tag}`),
  claimDueSteps: (s) => s.claimDueSteps('theirs', LATER, 100, 50),
  markStepCompleting: (s, m) => s.markStepCompleting(`Fx-${m.tag}`),
  deferStep: (s, m) => s.deferStep(`Fx-${m.tag}`, 'seed', 99, true),
  stepApprovers: (s, m) => s.stepApprovers(m.job.id),
  endStep: (s, m) => s.endStep(`Fx-${m.tag}`, 9),
  claimSweep: (s) => s.claimSweep('theirs', LATER, 100, 1),
  releaseSweep: (s) => s.releaseSweep('seed'),
  trackedTargets: (s) => s.trackedTargets(50),
  claimTargets: (s, m) => s.claimTargets([m.es.id, m.de.id], 'theirs', LATER, 100),
  markSeen: (s, m) => s.markSeen([m.es.id, m.de.id], 1, LATER),

  renewLeases: async (s, m) => {
    await s.renewLeases('jobs', [m.job.id, m.waiting.id, m.requested.id], 'mine', LATER * 10, 10);
    await s.renewLeases('targets', [m.es.id], 'mine', LATER * 10, 10);
    await s.renewLeases('channels', ['C1'], 'mine', LATER * 10, 10);
    await s.renewLeases('lipsyncs', [m.lipsyncId], 'mine', LATER * 10, 10);
    await s.renewLeases('glossary_imports', ['glossary:C1:5.0'], 'mine', LATER * 10, 10);
  },
};

/** What a tenant's claims take: the leased work the other tenant's calls must leave alone. */
async function claimAll(s: Store, owner: string, now: number) {
  return {
    jobs: (await s.claimJobsToStart(owner, now, 100, 50)).map((j) => j.id).sort(),
    targets: (await s.claimDueTargets(owner, now, 100, 50)).map((t) => t.id),
    channels: (await s.claimWrites(owner, now, 100, 50)).map((c) => c.channel),
    lipsyncs: (await s.claimDueLipsyncs(owner, now, 100, 50)).map((l) => l.id),
    imports: (await s.claimImports(owner, now, 100, 50)).map((i) => i.key),
    steps: (await s.claimDueSteps(owner, now, 100, 50)).map((w) => w.executionId),
    sweep: await s.claimSweep(owner, now, 100, 1),
  };
}

/** MINE's ids before it had rows: made up, of the shape of the real ones, and its own tag (masked alike). */
function placeholder(): Seeded {
  const id = (n: number) => n.toString(16).padStart(16, '0');
  const job = { id: id(1), title: 'video before' } as Job;
  return {
    tag: 'before',
    job,
    waiting: { ...job, id: id(2) },
    requested: { ...job, id: id(3) },
    es: { id: id(4) } as Target,
    de: { id: id(5) } as Target,
    sessionId: id(6),
    lipsyncId: id(7),
  };
}

/** Each case's answer on a tenant of its own, record ids masked; a refusal is its message. */
async function answers(stores: Stores, round: string, m: Seeded): Promise<Record<string, string>> {
  const seen: Record<string, string> = {};
  for (const [name, call] of Object.entries(CASES)) {
    const result = await call(stores.tenant(`T0${round}-${name}`), m).catch((error: unknown) => ({
      refused: String(error),
    }));
    const plain = result instanceof Map ? [...result.values()] : result;
    seen[name] = (JSON.stringify(plain) ?? 'nothing')
      .replace(/\b[0-9a-f]{16}\b/g, 'id')
      .replaceAll(m.tag, 'tag');
  }
  return seen;
}

export function describeTenantIsolation(stores: () => Stores): void {
  it('has a case for every method of a tenant’s store', () => {
    const methods = Object.entries(stores().tenant(MINE))
      .filter(([, value]) => typeof value === 'function')
      .map(([name]) => name)
      .sort();
    expect(methods).toEqual(Object.keys(CASES).sort());
  });

  it('keeps two tenants with the same channels, people and keys apart in every method', async () => {
    const mine = stores().tenant(MINE);
    const theirs = stores().tenant(THEIRS);
    const alone = await answers(stores(), 'BEFORE', placeholder());
    const m = await seed(mine, 'mine');
    await seed(theirs, 'theirs');
    // MINE's work is leased (until 110) while THEIRS's store is used.
    const held = await claimAll(mine, 'mine', 10);
    expect(held.jobs).toHaveLength(3);
    expect(held.targets).toEqual([m.es.id]);
    expect(held.channels).toEqual(['C1']);
    expect(held.lipsyncs).toEqual([m.lipsyncId]);
    expect(held.imports).toEqual(['glossary:C1:5.0']);
    const before = await snapshot(mine, m);
    expect(before.page).toHaveLength(3);

    // Every method answers as it did before MINE had rows, given MINE's ids and names.
    expect(await answers(stores(), 'AFTER', m)).toEqual(alone);
    // And on THEIRS, whose rows have MINE's channels, people and keys (a call may refuse).
    for (const call of Object.values(CASES)) await call(theirs, m).catch(() => undefined);

    expect(await snapshot(mine, m)).toEqual(before);
    // Nothing of MINE's was released, renewed or pushed back: its leases expire as taken, and all of it is
    // claimed again, by anyone, once they have.
    expect(await claimAll(mine, 'again', 111)).toEqual(held);
  });
}
