// A small SVG scatter plot written by hand (no dependency): each series a point at its p95 and a hollow one at
// its p99, joined, over a shaded goal region.

export interface PlotPoint {
  label: string;
  x: number;
  p95: number;
  p99: number;
  color: string;
}

export interface PlotOptions {
  title: string;
  xLabel: string;
  yLabel: string;
  /** The goal: x at most goalX and y (the p95) at most goalY. */
  goalX: number;
  goalY: number;
}

const WIDTH = 640;
const HEIGHT = 420;
const MARGIN = { left: 64, right: 24, top: 48, bottom: 56 };

const xmlText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Round steps for an axis from 0 to about `max`: 1, 2 or 5 times a power of ten. */
function ticks(max: number): number[] {
  const raw = max / 5;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw) ?? raw;
  return Array.from({ length: Math.ceil(max / step) + 1 }, (_, i) => Number((i * step).toPrecision(6)));
}

export function scatterSvg(points: PlotPoint[], options: PlotOptions): string {
  const xTicks = ticks(Math.max(options.goalX, ...points.map((p) => p.x)) * 1.15);
  const yTicks = ticks(Math.max(options.goalY, ...points.map((p) => p.p99)) * 1.1);
  const xMax = xTicks.at(-1)!;
  const yMax = yTicks.at(-1)!;
  const plotW = WIDTH - MARGIN.left - MARGIN.right;
  const plotH = HEIGHT - MARGIN.top - MARGIN.bottom;
  // Tenths of a pixel are as fine as a screen shows.
  const round = (v: number) => Math.round(v * 10) / 10;
  const sx = (x: number) => round(MARGIN.left + (x / xMax) * plotW);
  const sy = (y: number) => round(MARGIN.top + plotH - (y / yMax) * plotH);
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}" font-family="sans-serif" font-size="12">`,
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="#fff"/>`,
    `<text x="${WIDTH / 2}" y="24" text-anchor="middle" font-size="15">${xmlText(options.title)}</text>`,
    `<rect x="${sx(0)}" y="${sy(options.goalY)}" width="${round(sx(options.goalX) - sx(0))}" height="${round(sy(0) - sy(options.goalY))}" fill="#e6f4ea"/>`,
    `<text x="${sx(0) + 6}" y="${sy(options.goalY) + 16}" fill="#2e7d32">goal</text>`,
  ];
  for (const x of xTicks) {
    parts.push(
      `<line x1="${sx(x)}" y1="${sy(0)}" x2="${sx(x)}" y2="${sy(yMax)}" stroke="#eee"/>`,
      `<text x="${sx(x)}" y="${sy(0) + 18}" text-anchor="middle">${x}</text>`,
    );
  }
  for (const y of yTicks) {
    parts.push(
      `<line x1="${sx(0)}" y1="${sy(y)}" x2="${sx(xMax)}" y2="${sy(y)}" stroke="#eee"/>`,
      `<text x="${sx(0) - 8}" y="${sy(y) + 4}" text-anchor="end">${y}</text>`,
    );
  }
  parts.push(
    `<line x1="${sx(0)}" y1="${sy(0)}" x2="${sx(xMax)}" y2="${sy(0)}" stroke="#333"/>`,
    `<line x1="${sx(0)}" y1="${sy(0)}" x2="${sx(0)}" y2="${sy(yMax)}" stroke="#333"/>`,
    `<text x="${MARGIN.left + plotW / 2}" y="${HEIGHT - 14}" text-anchor="middle">${xmlText(options.xLabel)}</text>`,
    `<text transform="translate(18 ${MARGIN.top + plotH / 2}) rotate(-90)" text-anchor="middle">${xmlText(options.yLabel)}</text>`,
  );
  for (const p of points) {
    parts.push(
      `<line x1="${sx(p.x)}" y1="${sy(p.p95)}" x2="${sx(p.x)}" y2="${sy(p.p99)}" stroke="${p.color}" stroke-width="2"/>`,
      `<circle cx="${sx(p.x)}" cy="${sy(p.p95)}" r="6" fill="${p.color}"/>`,
      `<circle cx="${sx(p.x)}" cy="${sy(p.p99)}" r="5" fill="#fff" stroke="${p.color}" stroke-width="2"/>`,
      `<text x="${sx(p.x) + 10}" y="${sy(p.p95) + 4}" fill="${p.color}">${xmlText(p.label)}</text>`,
    );
  }
  parts.push(
    `<text x="${WIDTH - MARGIN.right}" y="${MARGIN.top - 8}" text-anchor="end" fill="#555">● p95  ○ p99</text>`,
    '</svg>',
  );
  return `${parts.join('\n')}\n`;
}
