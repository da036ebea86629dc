// The dubbing service of a workspace that has no account (OAuth mode with no default account, until an admin
// connects one): the workspace still gets its graph, so its Home, settings and `/dub connect` work, and every
// call that needs the service rejects with NoAccountError, whose message tells the person who can connect one.
// Statuses are described without the service (core's helper), as the thread's drawings need no account.
import { describeStatus } from '@dubkit/core';
import { type DubbingService, NoAccountError } from './service.ts';

const refused = (): Promise<never> => Promise.reject(new NoAccountError());

export function noAccountService(): DubbingService {
  return {
    uploadFile: refused,
    uploadLink: refused,
    createFileMedia: refused,
    createLinkMedia: refused,
    mediaReady: refused,
    createProject: refused,
    findProjects: refused,
    getProject: refused,
    getSegments: refused,
    describeStatus(status) {
      const info = describeStatus(status);
      return {
        label: info.label,
        progress: info.progress ?? 0,
        terminal: info.terminal,
        failed: info.failed,
      };
    },
    mediaDuration: refused,
    patchSegments: refused,
    patchSourceTexts: refused,
    deleteSegment: refused,
    addSegments: refused,
    generate: refused,
    updateSpeakers: refused,
    voices: refused,
    credits: refused,
    listProjects: refused,
    createGlossary: refused,
    updateGlossary: refused,
    getGlossary: refused,
    deleteGlossary: refused,
    checkFace: refused,
    lipsync: refused,
    startLipsync: refused,
    createTranscript: refused,
  };
}
