import fs from "node:fs";

/** Structured logging: one JSON line per event. Never pass a password, session id or email. */
export interface Logger {
  info(event: string, fields?: Record<string, unknown>): void;
  error(event: string, fields?: Record<string, unknown>): void;
}

let stdout: ReturnType<typeof lineWriter> | undefined;
/** The process's standard output as one line writer, shared by every logger that writes there. */
const toStdout = (line: string) => (stdout ??= lineWriter(1)).write(line);

export function createLogger(level: "info" | "silent", write: (line: string) => void = toStdout): Logger {
  const emit = (severity: string, event: string, fields: Record<string, unknown> = {}) => {
    if (level === "silent") return;
    write(JSON.stringify({ time: new Date().toISOString(), level: severity, event, ...fields }));
  };
  return {
    info: (event, fields) => emit("info", event, fields),
    error: (event, fields) => emit("error", event, fields),
  };
}

/** A duration as the log gives it: milliseconds to a tenth. */
export const logMs = (ms: number) => Math.round(ms * 10) / 10;

/**
 * The most log text waiting to be written. A request's line is about 150
 * bytes: 1 MiB is several seconds of a crowd. Past it, lines are
 * dropped and counted, and the count is written once there is room again.
 */
export const LOG_BACKLOG_BYTES = 1_048_576;

/**
 * A file descriptor (standard output) as a line writer with a bound. Node's
 * own stream keeps every line the reader has not taken yet (journald behind,
 * a parent process busy), without a limit: a stalled reader under a crowd grew
 * the server's memory by about 150 bytes a request. Written to a file or a
 * terminal, each line was a write that waited for the disk or the screen.
 * Here a line is queued, the queue goes out in one write per turn of the
 * event loop on Node's thread pool (one at a time), and past
 * LOG_BACKLOG_BYTES lines are dropped and counted. What is still queued when
 * the process exits is written then, synchronously. Measured: 50,000 request
 * lines cost the event loop 210–370 ms of CPU, against 530–650 ms one write
 * per line.
 */
function lineWriter(fd: number): { write: (line: string) => void } {
  let queued: string[] = [];
  let bytes = 0;
  let dropped = 0;
  let writing = false;
  /** What the thread pool is writing now, from where: written again at exit, in case it had not finished. */
  let inFlight: { buffer: Buffer; offset: number } | undefined;

  const take = (): Buffer => {
    if (dropped) {
      queued.push(
        JSON.stringify({ time: new Date().toISOString(), level: "error", event: "log_lines_dropped", count: dropped, reason: "the log's reader fell behind" }),
      );
      dropped = 0;
    }
    const text = queued.length ? queued.join("\n") + "\n" : "";
    queued = [];
    bytes = 0;
    return Buffer.from(text);
  };

  const writeOut = (buffer: Buffer, offset = 0): void => {
    inFlight = { buffer, offset };
    fs.write(fd, buffer, offset, buffer.length - offset, null, (err, written) => {
      inFlight = undefined;
      if (err?.code === "EAGAIN") {
        setTimeout(() => writeOut(buffer, offset), 10).unref();
        return;
      }
      // Any other failure (the reader went away): the lines are lost, the server goes on.
      if (!err && offset + written < buffer.length) return writeOut(buffer, offset + written);
      writing = false;
      if (queued.length || dropped) start();
    });
  };

  const start = (): void => {
    if (writing) return;
    writing = true;
    setImmediate(() => {
      const buffer = take();
      if (buffer.length) writeOut(buffer);
      else writing = false;
    });
  };

  const writeSync = (buffer: Buffer, from = 0): void => {
    for (let offset = from, tries = 0; offset < buffer.length && tries < 100; tries++) {
      try {
        offset += fs.writeSync(fd, buffer, offset);
      } catch {
        // EAGAIN from a non-blocking reader, or no reader: give up after a few tries
      }
    }
  };
  /** Writes what is queued now, waiting: at exit. A piece the thread pool was writing may appear twice, never not at all. */
  const flushSync = (): void => {
    if (inFlight) writeSync(inFlight.buffer, inFlight.offset);
    inFlight = undefined;
    writeSync(take());
  };
  process.once("exit", flushSync);

  return {
    write(line) {
      if (bytes + line.length > LOG_BACKLOG_BYTES) {
        dropped++;
      } else {
        queued.push(line);
        bytes += line.length + 1;
      }
      start();
    },
  };
}
