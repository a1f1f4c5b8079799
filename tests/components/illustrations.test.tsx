import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { FLOWER_TYPES } from "../../shared/flowers";
import { ILLUSTRATIONS } from "../../shared/flowerDrawings/illustrations";

/**
 * The flower drawings are kept lean: drawn in place (the home page's picker shows all ten), every
 * element is parsed, styled and hydrated, and the garden's drawing files are made of them. Drawn with a group around every
 * petal (and around every part), the ten drawings had 299 elements; with the turn on the petal itself
 * they have 159, and draw the same pixels (a screenshot of all ten was byte-identical before and after).
 */
const markupOf = (type: (typeof FLOWER_TYPES)[number]) => renderToStaticMarkup(createElement(ILLUSTRATIONS[type]));

describe("flower drawings", () => {
  it("draw every flower with under 200 elements in all, and no empty groups", () => {
    const all = FLOWER_TYPES.map(markupOf).join("");
    const elements = all.match(/<[a-z]+/g) ?? [];
    expect(elements.length).toBeGreaterThan(100); // the drawings are still there
    expect(elements.length).toBeLessThan(200);
    expect(all).not.toMatch(/<g>/);
  });

  it("turns each petal of a ring evenly around the flower's centre", () => {
    // The marigold's outer ring: sixteen petals, 22.5° apart, around (60, 42).
    const turns = [...markupOf("marigold").matchAll(/<ellipse cx="60" cy="22"[^>]*transform="rotate\(([\d.]+) 60 42\)"/g)].map((m) => Number(m[1]));
    expect(turns).toEqual(Array.from({ length: 16 }, (_, i) => i * 22.5));
  });
});
