// Slack's Block Kit limits over a whole message or view, for the builders' tests: the fake Slack's own check
// (@dubkit/slack-sandbox), the same one its web client runs on everything it draws, so that the two cannot
// drift apart.
export { blockProblems, viewProblems } from '@dubkit/slack-sandbox';
