import type { Server } from "node:http";
import { loadConfig, proxyExposureWarning } from "./config";
import { createServer } from "./app";

/** Starts the server on PORT and stops it gently on SIGTERM or SIGINT. */
async function main(): Promise<void> {
  const config = loadConfig();
  const { app, services, close } = await createServer(config);
  const exposed = proxyExposureWarning(config);
  if (exposed) services.log.error("proxy_exposed", { message: exposed });
  const server: Server = app.listen(config.port, config.host, () => {
    services.log.info("listening", { url: `http://${config.host === "0.0.0.0" ? "localhost" : config.host}:${config.port}`, database: config.databasePath });
  });
  server.keepAliveTimeout = 5_000;

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    services.log.info("stopping", { signal });
    // Stop taking connections, let requests in flight finish, then close the database.
    server.close(() => {
      close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
    server.closeIdleConnections();
    setTimeout(() => {
      services.log.error("forced_exit", { reason: "requests still running after 10 s" });
      process.exit(1);
    }, 10_000).unref();
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

main().catch((err) => {
  process.stderr.write(`The server could not start: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
