import { describe, expect, it } from 'vitest';
import { firstTitle, readableLink, titleOnceReady, videoLength } from './video.ts';

const link = (url: string) => ({ kind: 'link' as const, link: url });
const file = {
  kind: 'file' as const,
  fileId: 'F1',
  name: 'talk.mp4',
  size: 1,
  mimetype: 'video/mp4',
  url: 'u',
};

describe('the video as the card names it', () => {
  it('reads a link as its host and path, keeping the query only where the path names nothing', () => {
    expect(readableLink('https://www.youtube.com/watch?v=launch-keynote-2025')).toBe(
      'youtube.com/watch?v=launch-keynote-2025',
    );
    expect(readableLink('https://vimeo.com/launch%20keynote/')).toBe('vimeo.com/launch keynote');
    expect(readableLink('https://cdn.example.com/videos/a.mp4?token=secret')).toBe(
      'cdn.example.com/videos/a.mp4',
    );
  });

  it('cuts a long link between words, with an ellipsis', () => {
    const long = `https://example.com/${'quarterly-all-hands-'.repeat(6)}final`;
    const title = readableLink(long);
    expect([...title].length).toBeLessThanOrEqual(60);
    expect(title).toMatch(/^example\.com\/quarterly-all-hands-.*-hands…$/);
  });

  it('starts from Slack’s titles: a file’s title, else its name; a link’s preview title, else the link', () => {
    expect(firstTitle(file, { fileTitle: 'Onboarding, step 3' })).toBe('Onboarding, step 3');
    expect(firstTitle(file, { fileTitle: '  ' })).toBe('talk.mp4');
    expect(firstTitle(link('https://vimeo.com/1'), { unfurlTitle: 'Product launch keynote' })).toBe(
      'Product launch keynote',
    );
    expect(firstTitle(link('https://vimeo.com/1'), {})).toBe('vimeo.com/1');
  });

  it('takes the service’s name for a link’s media only when it says more than the link', () => {
    const source = link('https://vimeo.com/1');
    expect(titleOnceReady('vimeo.com/1', source, 'Product launch keynote')).toBe('Product launch keynote');
    expect(titleOnceReady('vimeo.com/1', source, 'https://vimeo.com/1')).toBe('vimeo.com/1');
    expect(titleOnceReady('vimeo.com/1', source, 'vimeo.com/other')).toBe('vimeo.com/1');
    expect(titleOnceReady('vimeo.com/1', source, null)).toBe('vimeo.com/1');
    // An older job titled by the link's earlier form gets the readable one.
    expect(titleOnceReady('vimeo.com/1', link('https://www.vimeo.com/1'), null)).toBe('vimeo.com/1');
    // A title Slack gave stays.
    expect(titleOnceReady('From the preview', source, 'Other name')).toBe('From the preview');
    expect(titleOnceReady('Onboarding', file, 'talk.mp4')).toBe('Onboarding');
  });

  it('writes a length as people read it', () => {
    expect(videoLength(754)).toBe('12:34');
    expect(videoLength(59.6)).toBe('1:00');
    expect(videoLength(3723)).toBe('1:02:03');
    expect(videoLength(0)).toBe('0:00');
  });
});
