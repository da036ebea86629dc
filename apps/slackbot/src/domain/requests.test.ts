import { describe, expect, it } from 'vitest';
import {
  checkChoice,
  checkSharedFile,
  checkVideoLink,
  findLink,
  parseDubCommand,
  titleFor,
} from './requests.ts';

describe('parseDubCommand', () => {
  it('reads a link with languages, source and speakers', () => {
    expect(parseDubCommand('https://youtu.be/abc to es,DE-de from en speakers 2')).toEqual({
      ok: true,
      value: {
        kind: 'dub',
        link: 'https://youtu.be/abc',
        dstLangs: ['es', 'de-de'],
        srcLang: 'en',
        numSpeakers: 2,
      },
    });
  });

  it('accepts a Slack-formatted link and no languages (the picker then asks)', () => {
    expect(parseDubCommand('<https://vimeo.com/1|vimeo.com/1>')).toMatchObject({
      ok: true,
      value: { link: 'https://vimeo.com/1', dstLangs: [] },
    });
  });

  it('gives help for an empty command or "help"', () => {
    expect(parseDubCommand('')).toEqual({ ok: true, value: { kind: 'help' } });
    expect(parseDubCommand('HELP')).toEqual({ ok: true, value: { kind: 'help' } });
  });

  it('says exactly what is wrong', () => {
    expect(parseDubCommand('not-a-link to es')).toEqual({
      ok: false,
      problem: '"not-a-link" is not a link.',
    });
    expect(parseDubCommand('ftp://x/y.mp4')).toMatchObject({ problem: /not a web link/ });
    expect(parseDubCommand('https://x.com/a.pdf to es')).toMatchObject({
      problem: /does not look like a video.*pdf/,
    });
    expect(parseDubCommand('https://x.com/v to es,xx')).toMatchObject({
      problem: /"xx" is not a language code/,
    });
    expect(parseDubCommand('https://x.com/v from en-zz-1')).toMatchObject({ problem: /not a language code/ });
    expect(parseDubCommand('https://x.com/v speakers 0')).toMatchObject({ problem: /from 1 to 10/ });
    expect(parseDubCommand('https://x.com/v please hurry')).toMatchObject({
      problem: /I don't know "please"; .* or name the languages/,
    });
    expect(parseDubCommand('https://x.com/v to')).toMatchObject({ problem: /"to" needs a value/ });
  });
});

describe('parseDubCommand with languages in words', () => {
  it('ticks exactly the languages named, in order, without starting, and the source they name', () => {
    expect(parseDubCommand('https://x.com/v in Japanese and Brazilian Portuguese')).toEqual({
      ok: true,
      value: {
        kind: 'dub',
        link: 'https://x.com/v',
        dstLangs: [],
        preselect: ['ja', 'pt-br'],
        srcLang: null,
        numSpeakers: null,
      },
    });
    expect(parseDubCommand('https://x.com/v speakers 2 from English into Deutsch, Mandarin')).toMatchObject({
      ok: true,
      value: { dstLangs: [], preselect: ['de', 'zh'], srcLang: 'en', numSpeakers: 2 },
    });
    expect(parseDubCommand('https://x.com/v to Spanish (Mexico)')).toMatchObject({
      ok: true,
      value: { dstLangs: [], preselect: ['es-mx'] },
    });
    expect(parseDubCommand('https://x.com/v into es')).toMatchObject({ value: { preselect: ['es'] } });
  });

  it('ignores unknown words, and asks about an unclear or unavailable language', () => {
    expect(parseDubCommand('https://x.com/v in Klingon and French please')).toMatchObject({
      value: { preselect: ['fr'] },
    });
    const cantonese = parseDubCommand('https://x.com/v in Cantonese and Korean');
    expect(cantonese).toMatchObject({
      value: { preselect: ['ko'], question: 'Cantonese is not among the languages I dub into.' },
    });
  });
});

describe('message contents', () => {
  it('finds the first web link, skipping mentions', () => {
    expect(findLink('<@U1> dub <https://youtu.be/x|youtu.be/x> please')).toBe('https://youtu.be/x');
    expect(findLink('<@U1> <#C1|general> nothing here')).toBeUndefined();
  });

  it('checks shared files by type and size', () => {
    const file = {
      id: 'F1',
      name: 'talk.mp4',
      mimetype: 'video/mp4',
      size: 10,
      url_private_download: 'https://files.slack.com/x',
    };
    expect(checkSharedFile(file, 100)).toMatchObject({
      ok: true,
      value: { kind: 'file', name: 'talk.mp4', size: 10 },
    });
    expect(checkSharedFile({ ...file, mimetype: 'application/pdf', name: 'a.pdf' }, 100)).toMatchObject({
      problem: 'a.pdf is not a video or audio file (application/pdf).',
    });
    expect(checkSharedFile({ ...file, size: 3 * 1024 ** 2 }, 1024 ** 2)).toMatchObject({
      problem: 'talk.mp4 is 3.0 MB; the limit is 1.0 MB.',
    });
  });

  it('checks a picker choice like any input', () => {
    expect(checkChoice({ dstLangs: [], srcLang: null, numSpeakers: null })).toMatchObject({ ok: false });
    expect(checkChoice({ dstLangs: ['es', '<script>'], srcLang: null, numSpeakers: null })).toMatchObject({
      ok: false,
    });
    expect(checkChoice({ dstLangs: ['ES'], srcLang: 'en', numSpeakers: 11 })).toMatchObject({ ok: false });
    expect(checkChoice({ dstLangs: ['ES'], srcLang: 'en', numSpeakers: 2 })).toEqual({
      ok: true,
      value: { dstLangs: ['es'], srcLang: 'en', numSpeakers: 2 },
    });
    expect(checkVideoLink('https://example.com/watch?v=1')).toMatchObject({ ok: true });
  });

  it('refuses a search engine’s results page or redirect at once, and takes a video site’s search-like paths', () => {
    const google = checkVideoLink('https://www.google.com/search?q=launch+keynote+video&tbm=vid');
    expect(google).toEqual({
      ok: false,
      problem:
        'That is a link to search results on google.com, not to a video: open the video and share its own link, or upload the file here.',
    });
    for (const link of [
      'https://www.google.co.uk/url?q=https://vimeo.com/1&sa=D',
      'https://www.bing.com/search?q=keynote',
      'https://duckduckgo.com/?q=keynote',
      'https://search.yahoo.com/search?p=keynote',
      'https://yandex.ru/search/?text=keynote',
    ]) {
      expect(checkVideoLink(link)).toMatchObject({
        ok: false,
        problem: expect.stringMatching(/^That is a link to search results on /),
      });
    }
    for (const link of [
      'https://www.youtube.com/results?search_query=keynote',
      'https://vimeo.com/search?q=keynote',
      'https://video.google.com.example.org/search?q=x',
      'https://www.google.com/',
      'https://storage.googleapis.com/bucket/keynote.mp4',
      'https://drive.google.com/file/d/abc/view',
    ]) {
      expect(checkVideoLink(link)).toMatchObject({ ok: true });
    }
  });

  it('titles a job by file name or link', () => {
    expect(titleFor({ kind: 'link', link: 'https://example.com/talks/keynote.mp4' })).toBe(
      'example.com/keynote.mp4',
    );
    expect(titleFor({ kind: 'link', link: 'https://www.youtube.com/watch?v=abc' })).toBe(
      'www.youtube.com/watch?v=abc',
    );
  });
});
