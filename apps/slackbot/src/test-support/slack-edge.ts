// Slack's answers a service asks for beside its writes (a person's direct message channel, a thread's link), for
// unit tests that make the services themselves without the fake Slack: the channel is "D" and the person's id.
import type { Interactions } from '../slack/interactions.ts';

export const slackEdge: Pick<Interactions, 'openDirectMessage' | 'permalink'> = {
  openDirectMessage: async (userId) => `D${userId}`,
  permalink: async (channel, ts) => `https://slack.example/archives/${channel}/p${ts.replace('.', '')}`,
};
