/**
 * Waits for an event the test can observe: polls `check` every few
 * milliseconds until it holds, and fails after `timeoutMs` saying what it
 * waited for. Tests wait on this, never for a fixed time.
 */
export async function until(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}
