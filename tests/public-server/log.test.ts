import { spawn } from "node:child_process";
import { describe, expect, it } from "vitest";
import { ROOT } from "../support/testServer";

/**
 * The server's log goes to standard output. When its reader (journald, a
 * parent process) fell behind, Node kept every line in memory, without a
 * bound. A process logging into a pipe or socket nobody reads for a second
 * must keep its event loop free, keep a bounded backlog (LOG_BACKLOG_BYTES),
 * and say how many lines it dropped once the reader is back.
 */

const LINES = 20_000;
const PAD = "x".repeat(100);

/** Logs LINES lines as fast as it can with the server's logger, then reports its event loop's longest hold on stderr. */
const CHILD = `
import { createLogger } from "./public-server/lib/log.ts";
const log = createLogger("info");
let longest = 0;
let last = performance.now();
const probe = setInterval(() => { const now = performance.now(); longest = Math.max(longest, now - last); last = now; }, 5);
let n = 0;
const burst = () => {
  for (let i = 0; i < 500 && n < ${LINES}; i++, n++) log.info("line", { n, pad: "${PAD}" });
  if (n < ${LINES}) setImmediate(burst);
  else setTimeout(() => { clearInterval(probe); process.stderr.write("longest " + Math.round(longest) + "\\n"); }, 1500);
};
burst();
`;

describe("the server's log", () => {
  // A pipe (a shell's |) and a socket (systemd's journal, a parent Node process).
  it.each(["pipe", "socket"])(
    "never holds the event loop for a slow reader on a %s, keeps a bounded backlog, and counts what it dropped",
    async (kind) => {
      const node = [process.execPath, "--import", "tsx", "--input-type=module", "-e", CHILD];
      // Nobody reads the log for its first second.
      const child =
        kind === "pipe"
          ? spawn("sh", ["-c", '"$@" | (sleep 1; cat)', "sh", ...node], { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] })
          : spawn(node[0]!, node.slice(1), { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] });
      let err = "";
      child.stderr.on("data", (d) => (err += d));
      if (kind === "socket") {
        child.stdout.pause();
        await new Promise((r) => setTimeout(r, 1000));
      }
      let out = "";
      child.stdout.on("data", (d) => (out += d));
      child.stdout.resume();
      const code = await new Promise((resolve) => child.on("exit", resolve));
      expect(code, err).toBe(0);

      const longest = Number(/longest (\d+)/.exec(err)?.[1]);
      const lines = out
        .trim()
        .split("\n")
        .map((l) => JSON.parse(l) as { event: string; n?: number; count?: number });
      const kept = lines.filter((l) => l.event === "line");
      const dropped = lines.filter((l) => l.event === "log_lines_dropped").reduce((sum, l) => sum + l.count!, 0);
      console.log(
        `${kind}: event loop's longest hold while logging ${LINES} lines nobody read for a second: ${longest} ms; ${kept.length} lines written, ${dropped} dropped and counted`,
      );
      expect(longest).toBeLessThan(200);
      expect(kept.length + dropped).toBe(LINES);
      expect(dropped).toBeGreaterThan(0);
      // In order, none twice.
      expect(kept.every((l, i) => i === 0 || l.n! > kept[i - 1]!.n!)).toBe(true);
    },
    30_000,
  );
});
