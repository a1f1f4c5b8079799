/** Structured logging: one JSON line per event. Never pass a password, session id or email. */
export interface Logger {
  info(event: string, fields?: Record<string, unknown>): void;
  error(event: string, fields?: Record<string, unknown>): void;
}

export function createLogger(level: "info" | "silent", write: (line: string) => void = (l) => process.stdout.write(l + "\n")): Logger {
  const emit = (severity: string, event: string, fields: Record<string, unknown> = {}) => {
    if (level === "silent") return;
    write(JSON.stringify({ time: new Date().toISOString(), level: severity, event, ...fields }));
  };
  return {
    info: (event, fields) => emit("info", event, fields),
    error: (event, fields) => emit("error", event, fields),
  };
}
