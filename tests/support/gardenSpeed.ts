import type { Page } from "playwright-core";

/**
 * From a press on each letter of the garden's A–Z filter to its new results heading on screen, in
 * Chromium with the CPU slowed down 4× (a mid-range phone): the garden's view-change budget, measured
 * the same way by the browser test and by `npm run bench:garden`. One press first is not counted (the
 * browser's first use of the code paths), and each letter waits until the address has followed the
 * previous one, then `pauseMs`, as a person reading the new names would. Answers milliseconds per letter.
 */
export async function letterTimesAt4x(page: Page, letters: string[], pauseMs = 300): Promise<number[]> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  try {
    const times: number[] = [];
    for (const [i, letter] of ["A", ...letters].entries()) {
      const ms = await pressLetter(page, letter);
      if (i > 0) times.push(ms);
      await page.waitForURL((url) => url.searchParams.get("letter") === letter);
      await page.waitForTimeout(pauseMs);
    }
    return times;
  } finally {
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
    await cdp.detach();
  }
}

/** Clicks the letter's link and answers the milliseconds until the heading's text changed, seen on a frame. */
function pressLetter(page: Page, letter: string): Promise<number> {
  // A string, not a function: the TypeScript loader's helpers do not exist in the page.
  return page.evaluate(`(async () => {
    const heading = document.querySelector(".memorials__count");
    const before = heading.textContent;
    const link = [...document.querySelectorAll(".letter-filter__button")].find((a) => a.textContent === ${JSON.stringify(letter)});
    const t0 = performance.now();
    link.click();
    await new Promise((resolve) => {
      const check = () => (heading.textContent !== before ? resolve() : requestAnimationFrame(check));
      check();
    });
    return performance.now() - t0;
  })()`) as Promise<number>;
}

/** The median of some times. */
export function median(times: number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  return (sorted[(sorted.length - 1) >> 1]! + sorted[sorted.length >> 1]!) / 2;
}
