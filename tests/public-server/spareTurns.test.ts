import { describe, expect, it } from "vitest";
import { SpareTurns } from "../../public-server/lib/spareTurns";

/** Holds the thread for `ms`, as a render or a query does. */
function busy(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

/**
 * The longest gap between two runs of a 1 ms timer while `jobs` jobs arrive together (as the requests read
 * in one turn do) and each runs `job`: how long a cached answer would wait behind them.
 */
async function longestGap(jobs: number, job: () => Promise<void>): Promise<number> {
  let last = performance.now();
  let longest = 0;
  let running = true;
  const tick = () => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
    if (running) setTimeout(tick, 1);
  };
  setTimeout(tick, 1);
  await new Promise((resolve) => setTimeout(resolve, 5));
  await Promise.all(Array.from({ length: jobs }, () => new Promise<void>((resolve) => setImmediate(() => void job().then(resolve)))));
  await new Promise((resolve) => setTimeout(resolve, 5));
  running = false;
  return longest;
}

describe("the loop's spare turns", () => {
  it("let other work in between: 30 jobs of 4 ms hold the loop about a budget at a time, not all at once", async () => {
    const turns = new SpareTurns(8);
    const without = await longestGap(30, async () => busy(4));
    // Asked once just before: the budget follows the turns from here, not the time since it was last used
    // (as much of which it may take, up to 100 ms, as other work had the loop all that time).
    await turns.wait();
    const within = await longestGap(30, async () => {
      await turns.wait();
      busy(4);
    });
    console.log(`30 jobs of 4 ms: the loop held at most ${without.toFixed(0)} ms at once without spare turns, ${within.toFixed(0)} ms with them`);
    expect(without).toBeGreaterThan(100);
    expect(within).toBeLessThan(40);
  });

  it("start the work in the order it was asked for", async () => {
    const turns = new SpareTurns(2);
    const order: number[] = [];
    await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        await turns.wait();
        order.push(i);
        busy(1);
      }),
    );
    expect(order).toEqual(Array.from({ length: 20 }, (_, i) => i));
  });

  it("give it as much of each turn as the other work took, when that fills the turns, not only the minimum", async () => {
    // Other work (cached answers) takes 40 ms of every turn; then 60 jobs of 2 ms wait for spare turns.
    const turns = new SpareTurns(8);
    let turnsSeen = 0;
    let hogging = true;
    const hog = () => {
      turnsSeen++;
      busy(40);
      if (hogging) setTimeout(hog, 0);
    };
    setTimeout(hog, 0);
    for (let i = 0; i < 3; i++) await turns.wait().then(turn);
    const before = turnsSeen;
    await Promise.all(
      Array.from({ length: 60 }, async () => {
        await turns.wait();
        busy(2);
      }),
    );
    hogging = false;
    const taken = turnsSeen - before;
    console.log(`60 jobs of 2 ms beside 40 ms of other work a turn: done in ${taken} turns (8 ms a turn would take 15)`);
    // With 40 ms of each turn, about 20 jobs a turn.
    expect(taken).toBeLessThanOrEqual(10);
  });
});
