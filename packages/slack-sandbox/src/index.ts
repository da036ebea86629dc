// @dubkit/slack-sandbox: Slack on 127.0.0.1 for the Slack app's tests, demo and bench.

export { blockProblems, messageProblems, SLACK_LIMITS, viewProblems } from './block-limits.ts';
export type {
  Ephemeral,
  FakeSlackOptions,
  RandomSlackFaults,
  RecordedCall,
  SlackFaults,
  SlackFile,
  SlackMessage,
  SlackOutage,
  SlackUser,
  StoredView,
  ViewChange,
} from './fake-slack.ts';
export { FakeSlack } from './fake-slack.ts';
export { HttpTransport } from './http-transport.ts';
export type {
  OAuthAppOptions,
  SandboxInstallation,
  SandboxOrg,
  SandboxWorkspace,
  TokenCheck,
  TokenGrant,
} from './installs.ts';
export { botUserIdOf, SandboxInstalls } from './installs.ts';
export { byKind, keyOf } from './message-keys.ts';
export type { SlackLimits } from './rate-limits.ts';
export { RateLimits } from './rate-limits.ts';
export { mrkdwnToText, renderMessage } from './render-thread.ts';
export { SlackDriver } from './slack-driver.ts';
export type {
  Ack,
  ConnectionRecord,
  DisconnectReason,
  Envelope,
  EnvelopeType,
  SentEnvelope,
} from './socket-mode.ts';
export { SocketModeServer } from './socket-mode.ts';
export { SocketModeTransport } from './socket-mode-transport.ts';
export type { SlackMode, Stage, StageOptions, StartedApp } from './stage.ts';
export { APP_TOKEN, BOT_TOKEN, SERVICE_TOKEN, SIGNING_SECRET, setStage } from './stage.ts';
export type { DriverResponse, Retry, SlackTransport } from './transport.ts';
export { waitFor } from './wait-for.ts';
export type {
  ChannelInfo,
  Shortcut,
  StepInput,
  UserInfo,
  WebClientOptions,
  WebWorkspace,
  WorkflowStep,
} from './web/web-client.ts';
export { WebClient } from './web/web-client.ts';
export type { StepExecution, StepState } from './workflows.ts';
export { functionExecutedEvent, runWorkflowStep, Workflows } from './workflows.ts';
