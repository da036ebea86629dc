// Limits the service and the app set on a request, checked wherever a request is read.

/** The most speakers a project can be told it has. */
export const MAX_SPEAKERS = 10;

/** Slack's own limit on a message's text; what is past it is not read (a payload may claim more). */
export const MAX_MESSAGE_CHARS = 40_000;
