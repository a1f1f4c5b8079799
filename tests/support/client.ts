import { Worker } from "node:worker_threads";
import { routeFor } from "../../shared/schemas/routes";

/**
 * A small HTTP client with a cookie jar, for talking to the real server as a
 * browser would (same-origin requests) or as the desktop app does.
 */
export class Client {
  private cookies = new Map<string, string>();

  constructor(
    readonly baseUrl: string,
    private readonly defaultHeaders: Record<string, string> = {},
  ) {}

  private init(method: string, body: unknown, headers: Record<string, string>): RequestInit {
    return {
      method,
      headers: {
        ...this.defaultHeaders,
        ...(body !== undefined ? { "Content-Type": "application/json" } : {}),
        ...(this.cookies.size ? { Cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ") } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === "string" || body instanceof Uint8Array ? (body as BodyInit) : JSON.stringify(body),
      redirect: "manual",
    };
  }

  async request(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Response> {
    const res = await fetch(this.baseUrl + path, this.init(method, body, headers));
    await checkAnswer(method, path, res);
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const eq = pair!.indexOf("=");
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      if (value === "" || /expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return res;
  }

  /**
   * Sends a request from a thread of its own (cookies are sent, not updated), so that measuring this thread's CPU
   * while the server in this process answers counts the server's work alone, not the client's encoding and sending.
   */
  async fromAnotherThread(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<{ status: number; text: string }> {
    const worker = new Worker(
      `const { parentPort, workerData } = require("node:worker_threads");
       fetch(workerData.url, workerData.init).then(async (res) => parentPort.postMessage({ status: res.status, text: await res.text() }));`,
      { eval: true, workerData: { url: this.baseUrl + path, init: this.init(method, body, headers) } },
    );
    try {
      return await new Promise((resolve, reject) => {
        worker.once("message", resolve);
        worker.once("error", reject);
      });
    } finally {
      await worker.terminate();
    }
  }

  get = (path: string, headers?: Record<string, string>) => this.request("GET", path, undefined, headers);
  post = (path: string, body?: unknown, headers?: Record<string, string>) => this.request("POST", path, body ?? {}, headers);
  put = (path: string, body?: unknown, headers?: Record<string, string>) => this.request("PUT", path, body ?? {}, headers);
  delete = (path: string, headers?: Record<string, string>) => this.request("DELETE", path, undefined, headers);

  /** Signs in and fails loudly when it does not work. */
  async login(username: string, password: string): Promise<void> {
    const res = await this.post("/api/login", { username, password });
    if (res.status !== 200) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  }

  /** The Cookie header this client sends, for a request made by other means (a raw socket). */
  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  clearCookies(): void {
    this.cookies.clear();
  }
}

/** Reads a JSON body, failing with the text when it is not JSON. */
export async function json<T = any>(res: Response): Promise<T> {
  const text = await res.text();
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new Error(`expected JSON, got ${res.status}: ${text.slice(0, 200)}`);
  }
}

/**
 * Holds every successful JSON answer of the API to the contract in shared/schemas/routes.ts: an answer
 * whose route is not in the table, or that its schema refuses, fails the test that received it.
 */
export async function checkAnswer(method: string, path: string, res: Response): Promise<void> {
  if (!res.ok || method === "HEAD" || !path.startsWith("/api/") || !/^application\/json\b/.test(res.headers.get("Content-Type") ?? "")) return;
  const route = routeFor(method, path);
  if (!route) throw new Error(`${method} ${path} answered ${res.status} with JSON, but shared/schemas/routes.ts has no such route`);
  if (!route.output) throw new Error(`${method} ${path} answered JSON, but shared/schemas/routes.ts says its answer is not JSON`);
  const text = await res.clone().text();
  const checked = route.output.safeParse(text ? JSON.parse(text) : undefined);
  if (!checked.success) {
    const issues = checked.error.issues.slice(0, 3).map((issue) => `${issue.path.join(".") || "(answer)"}: ${issue.message}`);
    throw new Error(`${method} ${path} answered ${res.status} with JSON its schema refuses: ${issues.join("; ")}`);
  }
}

/**
 * Every item of an admin list, newest first, paged through as the clients do (each list answers one page at
 * a time): both statuses of a moderated list (testimonials, memorial-flowers, memorial-comments).
 */
export async function adminItems<T = any>(client: Client, path: string): Promise<T[]> {
  const moderated = /^\/api\/admin\/(testimonials|memorial-flowers|memorial-comments)$/.test(path);
  const items: (T & { id: number })[] = [];
  for (const status of moderated ? ["pending", "approved"] : [null]) {
    for (let page = 1; page <= 1000; page += 1) {
      const query = new URLSearchParams({ ...(status ? { status } : {}), page: String(page), pageSize: "100" });
      const res = await client.get(`${path}?${query}`);
      if (!res.ok) throw new Error(`GET ${path}?${query} answered ${res.status}: ${await res.text()}`);
      const answer = await json<{ items: (T & { id: number })[]; total: number }>(res);
      items.push(...answer.items);
      if (answer.items.length < 100) break;
    }
  }
  return moderated ? items.sort((a, b) => b.id - a.id) : items;
}
