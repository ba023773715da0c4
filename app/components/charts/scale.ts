// Pure helpers shared by the charts: no DOM, so they run the same on the server and in the browser.

/**
 * Maps a value from `domain` onto `range` in a straight line (range may run backwards, as SVG's y does),
 * to a tenth of a unit: finer than any screen shows, and each coordinate stays a few characters long in
 * the page's markup rather than seventeen.
 */
export function linearScale(domain: [number, number], range: [number, number]): (value: number) => number {
  const [d0, d1] = domain;
  const [r0, r1] = range;
  const span = d1 - d0;
  // A domain with no width (all values equal) has no slope: every value sits at the range's start.
  if (span === 0 || !Number.isFinite(span)) return () => r0;
  return (value) => tenth(r0 + ((value - d0) / span) * (r1 - r0));
}

/** A drawing coordinate or length to a tenth of a unit. */
export function tenth(value: number): number {
  return Math.round(value * 10) / 10;
}

// Steps people read at a glance: 1, 2, 2.5 or 5 times a power of ten.
const NICE_STEPS = [1, 2, 2.5, 5, 10];

/**
 * Round tick values from 0 up to at least `max`, about `count` steps apart: 0, 250000, 500000… for a
 * `max` of 900000. A `max` of 0 (or anything not a positive number) gives [0, 1], so a chart of zeros
 * still has an axis to draw against.
 */
export function niceTicks(max: number, count = 4): number[] {
  if (!(max > 0) || !Number.isFinite(max)) return [0, 1];
  const rough = max / Math.max(1, Math.round(count));
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = power * (NICE_STEPS.find((nice) => nice * power >= rough) ?? 10);
  // Too small a number for floating point to step through: draw the plain unit axis.
  if (!(step > 0)) return [0, 1];
  const ticks: number[] = [];
  for (let index = 0; ticks.length === 0 || ticks[ticks.length - 1] < max; index++) {
    // toPrecision drops floating-point dust (0.30000000000000004) that would show in labels.
    ticks.push(Number((index * step).toPrecision(12)));
  }
  return ticks;
}

/**
 * Categorical colours, used in order. Each has a contrast of at least 3:1 against white (WCAG 1.4.11,
 * graphics), checked by scale.test.ts, and neighbours differ in hue as well as lightness.
 */
export const CHART_COLOURS = [
  "#1d4ed8", // blue
  "#c2410c", // orange
  "#047857", // green
  "#7e22ce", // purple
  "#be123c", // red
  "#0e7490", // teal
  "#a16207", // ochre
  "#475569", // slate
] as const;

/** The colour of the series at `index`, starting again from the first after the last. */
export function chartColour(index: number): string {
  return CHART_COLOURS[index % CHART_COLOURS.length];
}
