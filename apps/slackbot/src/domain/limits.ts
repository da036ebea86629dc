// Limits the service and the app set on a request, checked wherever a request is read.

/** The most speakers a project can be told it has. */
export const MAX_SPEAKERS = 10;
