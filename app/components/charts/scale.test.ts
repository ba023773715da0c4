import { CHART_COLOURS, linearScale, niceTicks } from "./scale";

// WCAG 2's relative luminance and contrast ratio.
function luminance(hex: string) {
  const [r, g, b] = [1, 3, 5].map((at) => {
    const channel = parseInt(hex.slice(at, at + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string) {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

describe("CHART_COLOURS", () => {
  it("has eight distinct colours", () => {
    expect(new Set(CHART_COLOURS).size).toBe(8);
  });

  it.each(CHART_COLOURS)("%s stands out from white by at least 3:1 (WCAG 1.4.11)", (colour) => {
    expect(contrast(colour, "#ffffff")).toBeGreaterThanOrEqual(3);
  });

  it("computes contrast as WCAG does", () => {
    expect(contrast("#000000", "#ffffff")).toBeCloseTo(21);
    expect(contrast("#767676", "#ffffff")).toBeCloseTo(4.54, 2);
  });
});

describe("linearScale", () => {
  it("maps the domain's ends onto the range's, backwards too", () => {
    const y = linearScale([0, 100], [200, 0]);
    expect(y(0)).toBe(200);
    expect(y(100)).toBe(0);
    expect(y(25)).toBe(150);
  });

  it("places to a tenth of a unit", () => {
    const x = linearScale([0, 3], [0, 100]);
    expect(x(1)).toBe(33.3);
    expect(x(2)).toBe(66.7);
  });

  it("puts every value at the range's start when the domain has no width", () => {
    expect(linearScale([5, 5], [10, 20])(5)).toBe(10);
  });
});

describe("niceTicks", () => {
  it("steps in round numbers from 0 up to at least the maximum", () => {
    expect(niceTicks(900_000)).toEqual([0, 250_000, 500_000, 750_000, 1_000_000]);
    expect(niceTicks(1_000_000)).toEqual([0, 250_000, 500_000, 750_000, 1_000_000]);
    expect(niceTicks(1)).toEqual([0, 0.25, 0.5, 0.75, 1]);
    expect(niceTicks(1.3)).toEqual([0, 0.5, 1, 1.5]);
    expect(niceTicks(7)).toEqual([0, 2, 4, 6, 8]);
  });

  it("gives a unit axis for nothing to show", () => {
    expect(niceTicks(0)).toEqual([0, 1]);
    expect(niceTicks(-5)).toEqual([0, 1]);
    expect(niceTicks(Number.NaN)).toEqual([0, 1]);
    expect(niceTicks(Number.POSITIVE_INFINITY)).toEqual([0, 1]);
  });

  it("has no floating-point dust in its values", () => {
    for (const tick of niceTicks(0.9, 3)) expect(String(tick).length).toBeLessThan(6);
  });
});
