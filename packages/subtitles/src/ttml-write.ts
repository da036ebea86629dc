// TTML out of the cue model, in two profiles: IMSC 1.1 Text (W3C; Netflix, DASH) and EBU-TT-D (EBU Tech 3380).
//
// Both: the TTML namespaces, `xml:lang` on <tt> (required; "" when the language is unknown, as TTML allows),
// `ttp:timeBase="media"`, `ttp:cellResolution`, styles by reference only (EBU-TT-D forbids inline styling),
// text only inside <span> (EBU-TT-D allows no text directly in <p>), a bottom and a top region inside the
// root container, every <p> naming its region (bottom unless the cue is top) and carrying an xml:id. Each distinct
// anchor gets a region of its own (`a1`, `a2`...), the area whose displayAlign edge holds the anchor point and
// whose width is the anchor's (else as wide as the frame allows around the point), and a cue anchored by its left
// or right edge a `tts:textAlign` style.
// IMSC 1.1 adds `ttp:contentProfiles` and speakers as `ttm:agent`; EBU-TT-D declares its profile in
// `ebuttm:conformsToStandard` and writes no speakers (its schema has no `ttm:agent`).
// Times: `HH:MM:SS.mmm`; with a frame rate, IMSC writes frames (`HH:MM:SS:FF` for whole rates, `Nf` for 23.976
// and 29.97, exact in the media time base IMSC requires) and EBU-TT-D, which has no frames, the snapped time.

import { escapeXml } from './escape.ts';
import { type FrameRate, frameAt, msAtFrame, rateOf } from './frame-rate.ts';
import type { CueAnchor, Span, Subtitles, WritableSubtitles } from './model.ts';
import { cuesToWrite, writtenLines } from './model.ts';
import { quantize } from './quantize.ts';

export type TtmlProfile = 'imsc' | 'ebu-tt-d';

export interface TtmlOptions {
  frameRate?: FrameRate;
}

const PAD2: readonly string[] = Array.from({ length: 100 }, (_, n) => String(n).padStart(2, '0'));
const PAD3: readonly string[] = Array.from({ length: 1000 }, (_, n) => String(n).padStart(3, '0'));

function clock(ms: number): string {
  const seconds = Math.floor(ms / 1000);
  const hours = Math.floor(seconds / 3600);
  return `${hours < 100 ? PAD2[hours] : hours}:${PAD2[Math.floor(seconds / 60) % 60]}:${PAD2[seconds % 60]}.${PAD3[ms % 1000]}`;
}

function frames(frame: number, rate: FrameRate): string {
  const { base, numerator, denominator } = rateOf(rate);
  if (denominator !== 1) return `${frame}f`;
  const seconds = Math.floor(frame / numerator);
  const hours = Math.floor(seconds / 3600);
  return `${hours < 100 ? PAD2[hours] : hours}:${PAD2[Math.floor(seconds / 60) % 60]}:${PAD2[seconds % 60]}:${PAD2[frame % base]}`;
}

/** Style ids by italic/bold/underline/strike bits (underline and strike share one textDecoration: `us` has both). */
const STYLE_IDS: readonly string[] = Array.from({ length: 16 }, (_, bits) => {
  const decoration = bits & 12 ? ['', 'u', 's', 'us'][bits >> 2] : '';
  return [bits & 2 ? 'b' : '', bits & 1 ? 'i' : '', decoration].filter((id) => id !== '').join(' ');
});

function styleRef(part: Span): string {
  return STYLE_IDS[
    (part.italic ? 1 : 0) | (part.bold ? 2 : 0) | (part.underline ? 4 : 0) | (part.strike ? 8 : 0)
  ]!;
}

const DISPLAY_ALIGN = { top: 'before', middle: 'center', bottom: 'after' } as const;
// Ten-thousandths: an anchor in hundredths halved (a centred region's left edge) stays exact.
const size = (n: number) => `${Math.round(n * 10000) / 10000}%`;

/**
 * The region that puts text at the anchor: no wider than the frame allows around the point (text cannot show
 * beyond it), at least 1% each way so that it has an area.
 */
function anchorRegion(id: string, anchor: CueAnchor): string {
  const { x, y } = anchor;
  const room =
    anchor.horizontal === 'left' ? 100 - x : anchor.horizontal === 'right' ? x : 2 * Math.min(x, 100 - x);
  const width = Math.max(1, Math.min(anchor.width ?? room, room));
  const left = anchor.horizontal === 'left' ? x : anchor.horizontal === 'right' ? x - width : x - width / 2;
  const height = Math.max(
    1,
    anchor.vertical === 'top' ? 100 - y : anchor.vertical === 'bottom' ? y : 2 * Math.min(y, 100 - y),
  );
  const top = anchor.vertical === 'top' ? y : anchor.vertical === 'bottom' ? y - height : y - height / 2;
  return `      <region xml:id="${id}" tts:origin="${size(left)} ${size(top)}" tts:extent="${size(width)} ${size(height)}" tts:displayAlign="${DISPLAY_ALIGN[anchor.vertical]}"/>\n`;
}

const anchorKey = (a: CueAnchor) => `${a.x} ${a.y} ${a.vertical} ${a.horizontal} ${a.width ?? ''}`;

function head(profile: TtmlProfile, agents: Map<string, string>, regions: string): string {
  const metadata =
    profile === 'ebu-tt-d'
      ? '    <metadata>\n      <ebuttm:documentMetadata>\n        <ebuttm:conformsToStandard>urn:ebu:tt:distribution:2014-01</ebuttm:conformsToStandard>\n      </ebuttm:documentMetadata>\n    </metadata>\n'
      : agents.size === 0
        ? ''
        : `    <metadata>\n${[...agents]
            .map(
              ([name, id]) =>
                `      <ttm:agent xml:id="${id}" type="character">\n        <ttm:name type="full">${escapeXml(name)}</ttm:name>\n      </ttm:agent>\n`,
            )
            .join('')}    </metadata>\n`;
  return `  <head>
${metadata}    <styling>
      <style xml:id="base" tts:fontFamily="proportionalSansSerif" tts:fontSize="100%" tts:lineHeight="125%" tts:textAlign="center" tts:color="#FFFFFF"/>
      <style xml:id="i" tts:fontStyle="italic"/>
      <style xml:id="b" tts:fontWeight="bold"/>
      <style xml:id="u" tts:textDecoration="underline"/>
      <style xml:id="s" tts:textDecoration="lineThrough"/>
      <style xml:id="us" tts:textDecoration="underline lineThrough"/>
      <style xml:id="left" tts:textAlign="left"/>
      <style xml:id="right" tts:textAlign="right"/>
    </styling>
    <layout>
      <region xml:id="bottom" tts:origin="10% 10%" tts:extent="80% 80%" tts:displayAlign="after"/>
      <region xml:id="top" tts:origin="10% 10%" tts:extent="80% 80%" tts:displayAlign="before"/>
${regions}    </layout>
  </head>
`;
}

/** Writes the cues as an IMSC 1.1 Text Profile or EBU-TT-D document. */
export function writeTtml(subtitles: Subtitles, profile: TtmlProfile, options: TtmlOptions = {}): string {
  return ttmlOfWritable({ ...subtitles, cues: cuesToWrite(subtitles.cues, false) }, profile, options);
}

/** writeTtml of cues already as cuesToWrite gives them (see WritableSubtitles). */
export function ttmlOfWritable(
  subtitles: WritableSubtitles,
  profile: TtmlProfile,
  options: TtmlOptions = {},
): string {
  const { frameRate } = options;
  const imsc = profile === 'imsc';
  const { cues } = subtitles;
  const useFrames = imsc && frameRate !== undefined;
  const agents = new Map<string, string>();
  // Region ids by anchor, each distinct anchor once.
  const anchorRegions = new Map<string, string>();
  let regions = '';
  for (const cue of cues) {
    if (!cue.anchor) continue;
    const key = anchorKey(cue.anchor);
    if (anchorRegions.has(key)) continue;
    const id = `a${anchorRegions.size + 1}`;
    anchorRegions.set(key, id);
    regions += anchorRegion(id, cue.anchor);
  }
  if (imsc) {
    for (const cue of cues) {
      if (cue.speaker !== undefined && !agents.has(cue.speaker))
        agents.set(cue.speaker, `speaker${agents.size + 1}`);
    }
  }
  const namespaces = [
    'xmlns="http://www.w3.org/ns/ttml"',
    'xmlns:ttp="http://www.w3.org/ns/ttml#parameter"',
    'xmlns:tts="http://www.w3.org/ns/ttml#styling"',
    imsc ? 'xmlns:ttm="http://www.w3.org/ns/ttml#metadata"' : 'xmlns:ebuttm="urn:ebu:tt:metadata"',
  ];
  const parameters = ['ttp:timeBase="media"', `ttp:cellResolution="${imsc ? '32 15' : '50 30'}"`];
  if (imsc) parameters.push('ttp:contentProfiles="http://www.w3.org/ns/ttml/profile/imsc1.1/text"');
  if (useFrames) {
    const { base, denominator } = rateOf(frameRate);
    parameters.push(`ttp:frameRate="${base}"`);
    if (denominator !== 1) parameters.push('ttp:frameRateMultiplier="1000 1001"');
  }
  // One string appended to: V8 keeps it as a rope and flattens it once, which beats per-cue strings joined.
  let out = `<?xml version="1.0" encoding="UTF-8"?>\n<tt ${namespaces.join(' ')} xml:lang="${escapeXml(subtitles.lang ?? '')}" ${parameters.join(' ')}>\n${head(profile, agents, regions)}  <body style="base">\n    <div>\n`;
  const steps = frameRate === undefined ? undefined : quantize(cues, (ms) => frameAt(ms, frameRate));
  for (let n = 0; n < cues.length; n++) {
    const cue = cues[n]!;
    let begin: string;
    let end: string;
    if (steps === undefined || frameRate === undefined) {
      begin = clock(cue.startMs);
      end = clock(cue.endMs);
    } else {
      const { start: startFrame, end: endFrame } = steps[n]!;
      begin = useFrames ? frames(startFrame, frameRate) : clock(msAtFrame(startFrame, frameRate));
      end = useFrames ? frames(endFrame, frameRate) : clock(msAtFrame(endFrame, frameRate));
    }
    const agent = cue.speaker === undefined ? undefined : agents.get(cue.speaker);
    const { anchor } = cue;
    const region = anchor ? anchorRegions.get(anchorKey(anchor)) : cue.position === 'top' ? 'top' : 'bottom';
    const align = anchor && anchor.horizontal !== 'center' ? ` style="${anchor.horizontal}"` : '';
    out += `      <p xml:id="c${n + 1}" begin="${begin}" end="${end}" region="${region}"${align}${agent ? ` ttm:agent="${agent}"` : ''}>`;
    const lines = writtenLines(cue);
    for (let l = 0; l < lines.length; l++) {
      if (l > 0) out += '<br/>';
      for (const part of lines[l]!) {
        const style = styleRef(part);
        out += `${style === '' ? '<span>' : `<span style="${style}">`}${escapeXml(part.text)}</span>`;
      }
    }
    out += '</p>\n';
  }
  return `${out}    </div>\n  </body>\n</tt>\n`;
}
