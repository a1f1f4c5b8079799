/**
 * A clock for the server's `now` option: real time plus an offset the test
 * moves forward. Short waits inside the server stay real; a window of minutes
 * passes in one call instead of a sleep.
 */
export function movableClock(): { now: () => Date; advance(ms: number): void } {
  let offset = 0;
  return {
    now: () => new Date(Date.now() + offset),
    advance: (ms) => {
      offset += ms;
    },
  };
}
