import http from "node:http";
import net from "node:net";
import type { Server, ServerResponse } from "node:http";
import { loadConfig, proxyExposureWarning } from "./config";
import { createServer } from "./app";
import { listenSpread, PortInUse } from "./lib/listen";
import { siteUrlWarning } from "./lib/siteUrl";
import { dataFolderProblem } from "./lib/storageHealth";

/** After a stop signal, how long a kept-alive connection may stay silent before it is closed. */
const IDLE_GRACE_MS = 1_000;
/** The stop must be over well inside the 10 s most service managers give before SIGKILL. */
const STOP_DEADLINE_MS = 8_000;

/** Starts the server on PORT and stops it gently on SIGTERM or SIGINT. */
async function main(): Promise<void> {
  const config = loadConfig();
  const { app, services, quiesce, close } = await createServer(config).catch((err: unknown) => {
    // A read-only or full data folder is said in one sentence, not as SQLite's or the system's bare message.
    const sentence = dataFolderProblem(err, config.dataDir);
    throw sentence ? new Error(sentence) : err;
  });
  const siteUrl = siteUrlWarning(services.site.get().siteUrl, config.siteConfigPath);
  if (siteUrl) {
    services.log.error("site_url_unreachable", { message: siteUrl });
    process.stderr.write(`${siteUrl}\n`);
  }
  const exposed = proxyExposureWarning(config);
  if (exposed) services.log.error("proxy_exposed", { message: exposed });
  if (process.env.NODE_ENV !== "production") {
    services.log.info("not_production", {
      note: "NODE_ENV is not production: pages are rendered with React's development build, about five times slower. `npm start` and deploy/garden.service set it.",
    });
  }
  // Koa's handler answers its own errors (middlewares/errors.ts): nothing is left for its promise to report.
  const handle = app.callback();
  const server: Server = http.createServer((req, res) => void handle(req, res));
  server.keepAliveTimeout = 5_000;
  const extraSockets = await listenSpread(server, config.port, config.host).catch((err: NodeJS.ErrnoException) => {
    const message =
      err instanceof PortInUse
        ? `Port ${config.port} on ${config.host} is already in use, probably by another server, so this one did not start. Stop the other one first, or choose another PORT.`
        : `The server could not listen on ${config.host}:${config.port}: ${err.message}`;
    services.log.error("listen_failed", { message });
    process.stderr.write(`${message}\n`);
    // Only this server's own lock and database are let go: another server's lock is not this one's to touch.
    return close().then(
      () => process.exit(1),
      () => process.exit(1),
    );
  });
  services.log.info("listening", { url: `http://${config.host === "0.0.0.0" ? "localhost" : config.host}:${config.port}`, database: config.databasePath });

  // Every answer given while stopping says "Connection: close", so clients open no new request on a socket we are about to close.
  let stopping = false;
  const inFlight = new Set<ServerResponse>();
  server.on("request", (_req, res: ServerResponse) => {
    if (stopping) res.setHeader("Connection", "close");
    inFlight.add(res);
    res.once("close", () => inFlight.delete(res));
  });

  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    const started = Date.now();
    services.log.info("stopping", { signal });
    for (const res of inFlight) if (!res.headersSent) res.setHeader("Connection", "close");
    // No new email is started; the one in hand is finished and recorded while the requests drain.
    const background = quiesce();
    let idleSweep: NodeJS.Timeout | undefined;
    // Stop taking connections. (http.Server's own close() would also cut every idle keep-alive
    // socket at once, racing the request its client may be sending on it at that very moment.)
    // Each extra listening socket counts the connections it accepted (handed to `server`, but its own):
    // the process ends only once those have ended too, or their requests in flight would be cut off.
    const extrasClosed = extraSockets.map((extra) => new Promise<void>((resolve) => extra.close(() => resolve())));
    net.Server.prototype.close.call(server, async () => {
      await Promise.all(extrasClosed);
      clearInterval(idleSweep);
      void background
        .then(() => close())
        .then(
          () => {
            services.log.info("stopped", { ms: Date.now() - started });
            process.exit(0);
          },
          (err: unknown) => {
            services.log.error("stop_failed", { error: err instanceof Error ? err.message : String(err) });
            process.exit(1);
          },
        );
    });
    // A connection that stayed silent through the grace period is closed (it has no request in flight).
    setTimeout(() => {
      server.closeIdleConnections();
      idleSweep = setInterval(() => server.closeIdleConnections(), 100);
      idleSweep.unref();
    }, IDLE_GRACE_MS).unref();
    setTimeout(() => {
      services.log.error("forced_exit", { reason: `requests still running after ${STOP_DEADLINE_MS / 1000} s` });
      process.exit(1);
    }, STOP_DEADLINE_MS).unref();
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

main().catch((err) => {
  const message = err instanceof Error ? err.message : String(err);
  process.stderr.write(message.startsWith("The server cannot start") ? `${message}\n` : `The server could not start: ${message}\n`);
  process.exit(1);
});
