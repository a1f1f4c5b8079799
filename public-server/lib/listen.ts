import net from "node:net";
import type { Server } from "node:http";

/**
 * How many listening sockets share the port on Linux. Node (libuv 1.45 and later) accepts one
 * connection per listening socket per turn of the event loop, and under a crowd a turn serves every
 * connection already accepted, so it takes tens to hundreds of milliseconds: with one socket, a
 * burst of 300 new connections waited up to 20 s to be accepted while the first ones were served
 * over and over. The kernel spreads new connections over the sockets, and each is accepted on the
 * next turn, so a burst is taken in a few turns (docs/PERFORMANCE.md has the figures).
 */
export const LISTENING_SOCKETS = 64;

/** The port is held by another program: what `listen` rejects with, so the caller can say it in a sentence. */
export class PortInUse extends Error {
  readonly code = "EADDRINUSE";
}

/**
 * Listens with `server` on `port` and `host`, through `count` sockets where the system can share a port
 * between sockets (Linux), one elsewhere, and resolves once every socket listens. A second socket's
 * connections are served by `server` like its own. The extra sockets are returned so a stop closes them too.
 *
 * Sockets that share a port would also share it with another program doing the same: a second copy of this
 * server started by mistake on the port would then get half the visitors, without an error. So the port is
 * first taken alone, without sharing, which fails if anything listens there; then let go and taken shared.
 */
export async function listenSpread(server: Server, port: number, host: string, count = LISTENING_SOCKETS): Promise<net.Server[]> {
  const shared = process.platform === "linux" && port !== 0 && count > 1;
  if (!shared) {
    await listenOn(server, { port, host });
    return [];
  }
  const probe = net.createServer();
  await listenOn(probe, { port, host });
  await new Promise<void>((resolve) => probe.close(() => resolve()));

  await listenOn(server, { port, host, reusePort: true });
  const extras: net.Server[] = [];
  try {
    for (let i = 1; i < count; i++) {
      const extra = net.createServer((socket) => server.emit("connection", socket));
      extras.push(extra);
      await listenOn(extra, { port, host, reusePort: true });
    }
  } catch (err) {
    for (const extra of extras) extra.close();
    server.close();
    throw err;
  }
  return extras;
}

function listenOn(server: net.Server, options: net.ListenOptions): Promise<void> {
  return new Promise((resolve, reject) => {
    const failed = (err: NodeJS.ErrnoException) => {
      server.off("listening", listening);
      reject(err.code === "EADDRINUSE" ? new PortInUse(err.message) : err);
    };
    const listening = () => {
      server.off("error", failed);
      resolve();
    };
    server.once("error", failed);
    server.once("listening", listening);
    server.listen(options);
  });
}
