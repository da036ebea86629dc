// One tenant's graph: everything that acts for one installed workspace or org — its store view (every query
// bound to its key), its Slack client (its bot token, the newest after a refresh, refused once it is removed),
// its dubbing account, the features' services and handlers made from them (its own registry, which the gate
// picks for its payloads) and its loops (deliverer, tracker, starter, lip-sync, imports, kept requests). Each
// tenant's loops poll only its rows and its account, which is also the simplest fair share between tenants.
// Single-workspace mode is the one-tenant case; OAuth mode makes one per installed tenant (tenants.ts).
import type { WebClient } from '@slack/web-api';
import type { Logger } from 'pino';
import { Access } from './access/access.ts';
import { Membership } from './access/membership.ts';
import { forgetOnMembershipEvents } from './access/membership-events.ts';
import type { TenantGate } from './access/middleware.ts';
import { grantingInteractions } from './access/modals.ts';
import { Registry } from './access/registry.ts';
import { type Replay, replayKeptRequests } from './access/replay.ts';
import type { Config } from './config.ts';
import { minutesLeft } from './domain/credits.ts';
import { noAccountService } from './dubbing/no-account.ts';
import type { DubbingService } from './dubbing/service.ts';
import { creditCheck } from './features/account/credit-check.ts';
import { registerAccount } from './features/account/register.ts';
import { AccountService } from './features/account/service.ts';
import { registerApproval } from './features/approval/register.ts';
import { ApprovalService } from './features/approval/service.ts';
import { registerAssign } from './features/assign/register.ts';
import { AssignService } from './features/assign/service.ts';
import { AutopilotStarter } from './features/autopilot/start.ts';
import { registerComments } from './features/comments/register.ts';
import { CommentService } from './features/comments/service.ts';
import { registerDub } from './features/dub/register.ts';
import { JobService } from './features/dub/service.ts';
import { ImportRunner } from './features/glossary/imports.ts';
import { registerGlossary } from './features/glossary/register.ts';
import { GlossaryService } from './features/glossary/service.ts';
import { registerHome } from './features/home/register.ts';
import { HomeService } from './features/home/service.ts';
import type { InstallServices } from './features/install/start.ts';
import { registerLipsync } from './features/lipsync/register.ts';
import { LipsyncRunner } from './features/lipsync/runner.ts';
import { LipsyncService } from './features/lipsync/service.ts';
import { messageParts } from './features/message-parts.ts';
import { registerOtherFormats } from './features/other-formats/register.ts';
import { OtherFormatsService } from './features/other-formats/service.ts';
import { registerQa } from './features/qa/register.ts';
import { LocalizationQa } from './features/qa/service.ts';
import { registerLineComment } from './features/review/line-comment-listeners.ts';
import { registerReview } from './features/review/register.ts';
import { Renders } from './features/review/renders.ts';
import { ReviewService } from './features/review/service.ts';
import { SourceFixService } from './features/review/source-fix.ts';
import { registerSourceFix } from './features/review/source-fix-listeners.ts';
import { Voices } from './features/review/voices.ts';
import { registerSettings } from './features/settings/register.ts';
import { SettingsService } from './features/settings/service.ts';
import { SubtitleService } from './features/subtitles/service.ts';
import { registerWorkflow } from './features/workflow/register.ts';
import { StepRunner } from './features/workflow/runner.ts';
import { StepService } from './features/workflow/step.ts';
import { JobStarter } from './jobs/start.ts';
import { Tracker } from './jobs/track.ts';
import { Deliverer } from './outbox/deliverer.ts';
import { Loop } from './runtime/loop.ts';
import { Doorbell } from './runtime/wakeups.ts';
import { downloadSlackFile } from './slack/files.ts';
import { webStepCompletion } from './slack/functions.ts';
import { webInteractions } from './slack/interactions.ts';
import { webUserGroups } from './slack/usergroups.ts';
import type { Store, Stores } from './store/store.ts';
import { ThreadDrawer } from './thread/drawer.ts';

/** What every tenant's graph shares: the deployment's settings, database and replica. */
export interface SharedParts {
  config: Config;
  logger: Logger;
  stores: Stores;
  /** This replica's name, on every lease its loops take. */
  owner: string;
  now: () => number;
  /** OAuth mode: the uninstall notices and `/dub connect`, registered in every tenant's registry. */
  installs?: Pick<InstallServices, 'register'>;
  /** Runs a kept request again through the app (its gate picks the tenant again). */
  replay: (body: unknown, replay: Replay) => Promise<void>;
  /** A Slack write given up on (the metrics count it). */
  onGaveUp: (code: string) => void;
}

/** What one tenant acts with. */
export interface TenantParts {
  key: string;
  /** Its Slack client: every call made with its newest bot token, refused (TenantGone) once removed. */
  slack: WebClient;
  /** Its bot token now (file downloads carry it). */
  botToken: () => Promise<string>;
  /** Its dubbing account's service; undefined while it has none (OAuth mode without a default account). */
  dubbing: DubbingService | undefined;
}

export interface TenantGraph {
  key: string;
  store: Store;
  service: DubbingService;
  /** The dubbing account it was made with (undefined: none); made again when the tenant's account is another. */
  account: DubbingService | undefined;
  drawer: ThreadDrawer;
  tracker: Tracker;
  deliverer: Deliverer;
  registry: Registry;
  /** Its side of the access gate. */
  gate: TenantGate;
  /** Starts its loops and follows up the renders asked for before a restart. */
  start(): void;
  /** Stops its loops (what they hold is released by their stop). */
  stop(): Promise<void>;
}

export function buildTenantGraph(shared: SharedParts, t: TenantParts): TenantGraph {
  const { config, owner, now } = shared;
  const logger = shared.logger.child({ tenant: t.key });
  const store = shared.stores.tenant(t.key);
  const slack = t.slack;
  // Without an account the graph is made all the same (Home, settings and `/dub connect` need none); what
  // needs the service is refused in words that say who can connect one.
  const service = t.dubbing ?? noAccountService();
  // The thread's shared messages, drawn one way: from the store, with each feature's part of them.
  const drawer = new ThreadDrawer({
    store,
    describe: (status) => service.describeStatus(status),
    parts: messageParts,
  });
  const interactions = webInteractions(slack);
  const extraHosts = config.slackApiUrl ? [new URL(config.slackApiUrl).host] : [];
  const downloadFile = async (url: string, maxBytes: number) => {
    const download = await downloadSlackFile(url, { botToken: await t.botToken(), maxBytes, extraHosts });
    return new Uint8Array(await new Response(download.body).arrayBuffer());
  };

  // The loops' doorbells: the services below ring them; the loops, made last, answer.
  const bells = {
    deliverer: new Doorbell(),
    tracker: new Doorbell(),
    lipsync: new Doorbell(),
    imports: new Doorbell(),
    steps: new Doorbell(),
  };
  const wakeDeliverer = bells.deliverer.ring;
  const wakeTracker = bells.tracker.ring;
  const wakeAll = () => {
    wakeDeliverer();
    wakeTracker();
    bells.lipsync.ring();
  };

  // The features' services. Who may act on what: what Slack signs, channel membership where it does not
  // (conversations.members, remembered briefly) and ADMIN_USER_IDS.
  const membership = new Membership({ membersOf: (channel) => interactions.membersOf(channel) });
  const access = new Access({
    store,
    membership,
    slack: interactions,
    admins: config.adminUserIds,
    logger: logger.child({ part: 'access' }),
  });
  const qa = new LocalizationQa({
    store,
    dubbing: service,
    onUnusable: (error, target) =>
      logger.warn(
        { err: error, target },
        'localization QA cannot check this translation; replying without it',
      ),
  });
  const glossaries = new GlossaryService({
    store,
    dubbing: service,
    downloadFile,
    wakeDeliverer,
    wakeImports: bells.imports.ring,
    logger: logger.child({ part: 'glossaries' }),
    isAdmin: (user) => access.isAdmin(user),
    now,
  });
  const subtitles = new SubtitleService({
    store,
    dubbing: service,
    downloadFile,
    wakeDeliverer,
    logger: logger.child({ part: 'subtitles' }),
    now,
  });
  const groups = webUserGroups(slack);
  const settings = new SettingsService({
    store,
    glossaries,
    now,
    isAdmin: (user) => access.isAdmin(user),
    groups,
    wakeDeliverer,
  });
  // The review of a dubbed language, its renders and its voices.
  const review = new ReviewService({ store, dubbing: service, wakeDeliverer, now });
  const renders = new Renders({ store, dubbing: service, wakeDeliverer, wakeTracker, drawer, now, groups });
  const voices = new Voices({ store, dubbing: service, wakeDeliverer, now });
  const approvals = new ApprovalService({
    store,
    dubbing: service,
    wakeDeliverer,
    drawer,
    now,
    groups,
    slack: interactions,
  });
  const sourceFix = new SourceFixService({ store, dubbing: service, wakeDeliverer, now });
  const comments = new CommentService({ store, dubbing: service, wakeDeliverer, drawer, now });
  const jobs: JobService = new JobService({
    store,
    wakeDeliverer,
    wakeTracker,
    picker: (job) => settings.pickerFor(job.channel),
    drawer,
    maxFileBytes: config.maxFileBytes,
    noAccount: t.dubbing === undefined,
    async minutesLeft() {
      try {
        return minutesLeft(await service.credits());
      } catch (error) {
        logger.warn({ err: error }, 'the credits could not be read for the job card');
        return undefined;
      }
    },
    slack: interactions,
    // The tracker learns how long each stage takes; it is made further down, before any question can come.
    timeLeft: (target, videoSeconds, at): number | undefined => tracker.timeLeft(target, videoSeconds, at),
    now,
  });

  // Each feature registers what it answers, each with its access rule; every modal opened is recorded as
  // its opener's, for the channel the request was checked against.
  const registry = new Registry();
  const granting = grantingInteractions(interactions, store, now);
  const listenerLog = logger.child({ part: 'listeners' });
  const featureDeps = { slack: granting, logger: listenerLog };
  forgetOnMembershipEvents(registry, membership);
  shared.installs?.register(registry, { key: t.key, slack, modals: store });
  registerDub(registry, {
    ...featureDeps,
    jobs,
    subtitles,
    comments,
    offeredGlossaries: (channel) => glossaries.offered(channel),
    importGlossary: (message) => glossaries.importDropped(message),
    async autopilotOf(channel) {
      const setting = await store.channelAutopilot(channel);
      return setting && setting.dstLangs.length > 0 ? setting : undefined;
    },
  });
  registerReview(registry, { ...featureDeps, review, renders, voices });
  registerSourceFix(registry, { ...featureDeps, review, sourceFix });
  registerLineComment(registry, { ...featureDeps, review, comments });
  registerQa(registry, { ...featureDeps, review, qa });
  registerApproval(registry, { ...featureDeps, approvals, qa });
  registerComments(registry, { ...featureDeps, comments });
  registerAssign(registry, {
    ...featureDeps,
    review,
    renders,
    voices,
    assign: new AssignService({
      store,
      dubbing: service,
      wakeDeliverer,
      drawer,
      now,
      slack: interactions,
      access,
    }),
  });
  registerLipsync(registry, {
    ...featureDeps,
    review,
    lipsync: new LipsyncService({ store, review, dubbing: service, wake: wakeAll, now }),
  });
  registerWorkflow(registry, {
    steps: new StepService({
      store,
      jobs,
      slack: interactions,
      maxFileBytes: config.maxFileBytes,
      wakeSteps: bells.steps.ring,
    }),
  });
  registerGlossary(registry, { ...featureDeps, glossaries });
  registerSettings(registry, { ...featureDeps, settings });
  registerOtherFormats(registry, {
    ...featureDeps,
    otherFormats: new OtherFormatsService({ store, wakeDeliverer, now }),
  });
  registerAccount(registry, {
    ...featureDeps,
    account: new AccountService({ store, dubbing: service, access, approvals, wake: wakeAll, drawer, now }),
    waitingIn: (channel) => approvals.waitingIn(channel),
  });
  registerHome(registry, {
    ...featureDeps,
    review,
    renders,
    voices,
    approvals,
    qa,
    home: new HomeService({
      store,
      dubbing: service,
      approvals,
      access,
      groups,
      slack: interactions,
      logger: logger.child({ part: 'home' }),
    }),
  });
  // The loops, which carry out what the store holds, answering their doorbells from now on.
  const deliverer = new Deliverer({
    store,
    slack,
    dubbing: service,
    qa,
    logger: logger.child({ part: 'deliverer' }),
    channelPaceMs: config.channelPaceMs,
    settleMs: config.slackWriteTimeoutMs + 2_000,
    owner,
    onGaveUp: shared.onGaveUp,
  });
  const autopilot = new AutopilotStarter({ store, jobs, now });
  const credits = creditCheck({ store, dubbing: service, logger: logger.child({ part: 'credits' }), now });
  const starter = new JobStarter({
    store,
    dubbing: service,
    logger: logger.child({ part: 'starter' }),
    drawer,
    botToken: t.botToken,
    maxFileBytes: config.maxFileBytes,
    extraSlackHosts: extraHosts,
    onDeliveries: wakeDeliverer,
    admit: (job) => jobs.admit(job),
    mediaChanged: (jobId) => jobs.redrawPicker(jobId),
    autopilot: (jobId) => autopilot.run(jobId),
    refuse: (job, why) => jobs.refuse(job, `The dub could not start: ${why}.`),
    async beforeProjects(job, targets) {
      // Glossary defaults first: the subtitles keep the glossary recorded for each language.
      await glossaries.applyDefaults(job, targets);
      await subtitles.prepare(job, targets);
    },
    minutesFit: credits,
  });
  const tracker: Tracker = new Tracker({
    store,
    dubbing: service,
    starter,
    polling: config.polling,
    ...(config.polling.sweepEveryMs ? { sweepEveryMs: config.polling.sweepEveryMs } : {}),
    logger: logger.child({ part: 'tracker' }),
    drawer,
    owner,
    onDeliveries: wakeDeliverer,
  });
  const lipsyncRunner = new LipsyncRunner({
    store,
    dubbing: service,
    logger: logger.child({ part: 'lipsync' }),
    drawer,
    owner,
    pollMs: config.polling.minMs,
    onDeliveries: wakeDeliverer,
  });
  const steps = new StepRunner({
    store,
    dubbing: service,
    slack: interactions,
    completion: webStepCompletion(slack),
    owner,
    logger: logger.child({ part: 'workflow-steps' }),
    wakeDeliverer,
  });
  const imports = new ImportRunner({ store, glossaries, owner, logger: logger.child({ part: 'imports' }) });
  // Requests kept while Slack could not say who is in a channel, run again through the app once it can.
  const keptRequests = new Loop(
    replayKeptRequests({
      store,
      run: shared.replay,
      logger: logger.child({ part: 'kept-requests' }),
    }),
    { idleMs: 2_000, logger: logger.child({ part: 'kept-requests' }), name: 'kept-requests' },
  );
  bells.deliverer.answeredBy(deliverer);
  bells.tracker.answeredBy(tracker);
  bells.lipsync.answeredBy(lipsyncRunner);
  bells.imports.answeredBy(imports);
  bells.steps.answeredBy(steps);
  return {
    key: t.key,
    store,
    service,
    account: t.dubbing,
    drawer,
    tracker,
    deliverer,
    registry,
    gate: { registry, access, store, slack: interactions },
    start() {
      deliverer.start();
      tracker.start();
      lipsyncRunner.start();
      imports.start();
      steps.start();
      keptRequests.start();
      renders.recoverRenders().catch((error: unknown) => {
        logger.warn({ err: error }, 'following up renders asked for before the restart failed');
      });
    },
    async stop() {
      await tracker.stop();
      await lipsyncRunner.stop();
      await imports.stop();
      await steps.stop();
      await keptRequests.stop();
      await deliverer.stop();
    },
  };
}
