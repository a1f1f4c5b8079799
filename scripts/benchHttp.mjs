// A lean HTTP/1.1 client for the benchmarks' crowds: one keep-alive connection, one request at a time,
// over a bare socket. The crowd runs on the same two cores as the server, so what its clients spend is
// taken from the server: fetch spent about 2.8 ms of CPU a request (streams, decompression, header
// objects), which capped any measurement near 350 requests a second whatever the server did. This client
// sends what a browser sends (Accept-Encoding included, so the server does the same work) and reads the
// answer's status, headers and length; it keeps the body only when asked, and never decompresses it.
//
// Plain JavaScript so the benchmarks' worker threads can import it without a compiler.
import net from "node:net";

const CRLF_CRLF = Buffer.from("\r\n\r\n");

/** @typedef {{ status: number, headers: Record<string, string>, length: number, body: Buffer | null }} Answer */

export class Connection {
  /** @param {string} url the server's origin, http://host:port */
  constructor(url) {
    const { hostname, port } = new URL(url);
    this.host = hostname;
    this.port = Number(port);
    this.hostHeader = `${hostname}:${port}`;
    /** @type {net.Socket | null} */
    this.socket = null;
    this.pending = null;
  }

  /**
   * Sends one request and resolves with its answer once the whole body has arrived. Rejects when the
   * connection fails; the next request then opens a new one.
   * @param {string} method
   * @param {string} path
   * @param {{ headers?: Record<string, string>, body?: string | Buffer, keepBody?: boolean }} [options]
   * @returns {Promise<Answer>}
   */
  request(method, path, { headers = {}, body, keepBody = false } = {}) {
    if (this.pending) return Promise.reject(new Error("one request at a time on a connection"));
    const socket = this.socket ?? this.open();
    let head = `${method} ${path} HTTP/1.1\r\nHost: ${this.hostHeader}\r\nAccept: */*\r\nAccept-Encoding: gzip, deflate, br\r\nAccept-Language: en-US,en;q=0.9\r\n`;
    for (const name in headers) head += `${name}: ${headers[name]}\r\n`;
    const payload = body === undefined ? null : typeof body === "string" ? Buffer.from(body) : body;
    if (payload) head += `Content-Length: ${payload.length}\r\n`;
    head += "\r\n";
    return new Promise((resolve, reject) => {
      this.pending = { resolve, reject, keepBody, method, buffer: null, answer: null, need: -1, chunked: false, chunks: [], got: 0 };
      // Corked, the head and the body leave in one write without being copied into one buffer first: a
      // megabyte's copy per request was, for the worst-requests step, a client's largest cost.
      socket.cork();
      socket.write(head);
      if (payload) socket.write(payload);
      socket.uncork();
    });
  }

  close() {
    this.socket?.destroy();
    this.socket = null;
  }

  open() {
    const socket = net.connect(this.port, this.host);
    socket.setNoDelay(true);
    socket.on("data", (data) => this.receive(data));
    const fail = (err) => {
      // A connection this client closed itself (after an answer that asked for it) has nothing pending.
      if (this.socket !== socket) return;
      this.socket = null;
      const pending = this.pending;
      this.pending = null;
      // A server that ends a connection after an answer without a length ends that answer.
      if (pending?.answer && pending.need === -2) return this.finish(pending);
      pending?.reject(err ?? new Error("connection closed"));
    };
    socket.on("error", fail);
    socket.on("close", () => fail(null));
    this.socket = socket;
    return socket;
  }

  /** @param {Buffer} data */
  receive(data) {
    const p = this.pending;
    if (!p) return; // nothing asked: a server's late bytes are dropped with the connection
    if (!p.answer) {
      p.buffer = p.buffer ? Buffer.concat([p.buffer, data]) : data;
      const end = p.buffer.indexOf(CRLF_CRLF);
      if (end < 0) return;
      const lines = p.buffer.toString("latin1", 0, end).split("\r\n");
      const status = Number(lines[0].slice(9, 12));
      /** @type {Record<string, string>} */
      const headers = {};
      for (let i = 1; i < lines.length; i++) {
        const colon = lines[i].indexOf(":");
        const name = lines[i].slice(0, colon).toLowerCase();
        const value = lines[i].slice(colon + 1).trim();
        headers[name] = name in headers ? `${headers[name]}, ${value}` : value;
      }
      p.answer = { status, headers, length: 0, body: null };
      if (p.method === "HEAD" || status === 204 || status === 304) p.need = 0;
      else if (headers["content-length"] !== undefined) p.need = Number(headers["content-length"]);
      else if (/chunked/i.test(headers["transfer-encoding"] ?? "")) p.chunked = true;
      else p.need = -2; // until the server closes
      data = p.buffer.subarray(end + 4);
      p.buffer = null;
    }
    if (p.chunked) return this.receiveChunked(p, data);
    if (data.length) this.take(p, data);
    if (p.need >= 0 && p.got >= p.need) this.finish(p);
  }

  receiveChunked(p, data) {
    p.buffer = p.buffer ? Buffer.concat([p.buffer, data]) : data;
    for (;;) {
      const line = p.buffer.indexOf("\r\n");
      if (line < 0) return;
      const size = parseInt(p.buffer.toString("latin1", 0, line), 16);
      if (size === 0) {
        // The last chunk, then trailers (none from this server) and an empty line.
        if (p.buffer.indexOf(CRLF_CRLF, line) < 0) return;
        return this.finish(p);
      }
      if (p.buffer.length < line + 2 + size + 2) return;
      this.take(p, p.buffer.subarray(line + 2, line + 2 + size));
      p.buffer = p.buffer.subarray(line + 2 + size + 2);
    }
  }

  take(p, data) {
    p.got += data.length;
    if (p.keepBody) p.chunks.push(data);
  }

  finish(p) {
    this.pending = null;
    const answer = p.answer;
    answer.length = p.got;
    if (p.keepBody) answer.body = Buffer.concat(p.chunks);
    if (/close/i.test(answer.headers.connection ?? "") || p.need === -2) this.close();
    p.resolve(answer);
  }
}

/**
 * @typedef {() => [string, string, { headers?: Record<string, string>, body?: string | Buffer }?]} Kind
 *   the next request of a kind: method, path and options, as Connection.request takes them
 */

/**
 * The benchmarks' side-by-side clients: each kind of request asked in loops of its own, `connections`
 * connections each and one request at a time on each, so that one kind waiting does not keep the others
 * from being asked or measured. Each answer (or failure) is told to `seen` with its time in ms. With
 * `ready`, every connection first asks once, untimed (a new thread's first requests are the client's cost:
 * its connections, its code compiled), then `ready` is awaited before the loops begin.
 * @param {string} url
 * @param {Record<string, Kind>} kinds
 * @param {{ connections?: number, pauseMs?: number, running: () => boolean, ready?: () => unknown,
 *   seen: (kind: string, ms: number, answer: Answer | null, error: (Error & { code?: string }) | null) => void }} options
 */
export async function askSideBySide(url, kinds, { connections = 1, pauseMs = 0, running, ready, seen }) {
  const loops = Object.keys(kinds).flatMap((kind) => Array.from({ length: connections }, () => ({ kind, connection: new Connection(url) })));
  const ask = ({ kind, connection }) => connection.request(...kinds[kind]());
  if (ready) {
    await Promise.all(loops.map((loop) => ask(loop).catch(() => null)));
    await ready();
  }
  await Promise.all(
    loops.map(async (loop) => {
      while (running()) {
        const started = performance.now();
        let answer = null;
        let error = null;
        try {
          answer = await ask(loop);
        } catch (err) {
          error = err;
        }
        seen(loop.kind, performance.now() - started, answer, error);
        if (pauseMs) await new Promise((resolve) => setTimeout(resolve, pauseMs));
      }
      loop.connection.close();
    }),
  );
}
