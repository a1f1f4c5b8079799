/**
 * The connection to the server: which server, who is signed in, whether the
 * server answers. Sign-in is needed to send and to download, never to open
 * the downloaded copy or the queue (they live on disk; see review.ts).
 */
import type { ConnectionProblem, ErrorCode, Result, SignedInUser, SignInInput } from "../ipc";
import { ApiClient, HttpError, NetworkError, type FetchLike, type ServerCheck } from "./api";
import { fail, ok } from "./results";
import { type SessionVault } from "./session";
import type { SettingsStore } from "./store/settings";
import { isLoopback, normaliseServerUrl } from "./urls";

export interface AccountHooks {
  fetch?: FetchLike | undefined;
  /** Called before each sign-in with the server's address (another server's ids name other items). */
  beforeSignIn(url: string): void;
  /** Called once an administrator signed in, with the server's spelling of their username. */
  afterSignIn(username: string): void;
  pushStatus(): void;
}

const NOT_ADMIN = "This account is not an administrator, so it cannot use the desktop app. Please sign in with an administrator account.";
const OFFLINE = "The server cannot be reached. Please check the connection and try again.";
const NOT_GARDEN =
  "This address answers, but not as a Garden of Remembrance server (it may be the parish website). Your password was not sent. Please check the server address.";
const CERTIFICATE =
  "This server's security certificate is not trusted by this computer, so the app cannot be sure it is the real server. Your password was not sent. Please ask whoever runs the server to renew or fix its certificate.";
const SERVER_DOWN =
  "The address answers, but the Garden of Remembrance server behind it is not running. Your password was not sent. Please try again later, or tell whoever runs the server.";
const PLAIN_HTTP =
  "This address starts with http://, so your password and the families' details would cross the network unencrypted. Sign in this way only on a network you trust, such as the parish office's.";
const SESSION_ENDED = "Your sign-in has ended. Please sign in again; nothing you decided is lost.";

export class Account {
  api: ApiClient | null = null;
  user: SignedInUser | null = null;
  online = false;
  /** Why the server's address is not usable now, when it answered something else than the server (or nothing). */
  problem: ConnectionProblem | null = null;
  /** Set when a sync stopped because the session ended: the window asks to sign in again. */
  needsSignIn = false;

  constructor(
    private readonly settings: SettingsStore,
    readonly vault: SessionVault,
    private readonly hooks: AccountHooks,
  ) {
    // The last server is known at once (for the health check), signed in or not.
    const known = settings.get().serverUrl;
    if (known) this.useServer(known);
  }

  /** At start: restores a remembered (encrypted) session and checks it with the server. */
  async restore(): Promise<void> {
    const saved = this.vault.load();
    if (!saved) return;
    const api = this.useServer(saved.serverUrl);
    api.importSession(saved.cookie);
    try {
      const me = await api.currentUser();
      this.user = { username: me.username, expectedImportCount: me.expectedImportCount };
      this.online = true;
    } catch (error) {
      if (error instanceof NetworkError) {
        // Offline at start: keep the session; the next call tells whether it is still valid.
        this.user = { username: saved.username };
      } else {
        this.vault.clear();
        api.clearSession();
      }
    }
  }

  async signIn(input: SignInInput): Promise<Result<{ username: string }>> {
    const address = normaliseServerUrl(input.serverUrl);
    if (!address.ok) return fail(address.error, "invalid-input");
    if (address.url.startsWith("http:") && !isLoopback(new URL(address.url).hostname) && !input.plainHttpConfirmed) return fail(PLAIN_HTTP, "plain-http");
    // Nothing of the volunteer's leaves the app before the address proves to be a Garden of Remembrance server.
    const check = await new ApiClient(address.url, this.hooks.fetch).identify();
    this.problem = check.kind === "garden" ? null : check.kind;
    if (check.kind !== "garden") {
      this.online = false;
      this.hooks.pushStatus();
      return refusal(check);
    }
    this.hooks.beforeSignIn(address.url);
    this.settings.update({ serverUrl: address.url });
    // A client of its own for every sign-in: a sync still under way keeps the cookies of the account it
    // sends for, so nothing it sends goes out under the account signing in now.
    const api = this.useServer(address.url, true);
    this.user = null;
    try {
      const user = await api.login(input.username, input.password);
      this.online = true;
      if (user.role !== "admin") {
        await api.logout().catch(() => undefined);
        this.hooks.pushStatus();
        return fail(NOT_ADMIN, "not-admin");
      }
      this.user = { username: user.username, expectedImportCount: user.expectedImportCount };
      this.needsSignIn = false;
      this.hooks.afterSignIn(user.username);
      const cookie = api.exportSession();
      if (input.remember && cookie) this.vault.save({ serverUrl: address.url, username: user.username, cookie });
      else this.vault.clear();
      this.hooks.pushStatus();
      return ok({ username: user.username });
    } catch (error) {
      return this.failure(error, "Sign-in failed.");
    }
  }

  async signOut(): Promise<void> {
    const api = this.api;
    this.vault.clear();
    this.user = null;
    this.needsSignIn = false;
    if (api) await api.logout().catch(() => api.clearSession());
  }

  /** The server's health, asked without a session, so the status bar is right before and after any sign-in. */
  async checkConnection(): Promise<{ online: boolean; changed: boolean }> {
    if (!this.api) return { online: false, changed: false };
    const was = { online: this.online, problem: this.problem };
    const check = await this.api.identify();
    this.online = check.kind === "garden";
    this.problem = check.kind === "garden" ? null : check.kind;
    if (was.online !== this.online || was.problem !== this.problem) this.hooks.pushStatus();
    return { online: this.online, changed: was.online !== this.online };
  }

  /** The client, when someone is signed in. */
  signedInApi(): ApiClient | null {
    return this.user && this.api?.hasSession ? this.api : null;
  }

  notSignedIn<T>(): Result<T> {
    return fail("Please sign in first.", "signed-out");
  }

  sessionEnded(): void {
    this.user = null;
    this.needsSignIn = true;
    this.vault.clear();
    this.api?.clearSession();
  }

  /** Maps a thrown error to a Result the window can show; unexpected errors become a plain sentence. */
  failure<T>(error: unknown, fallback: string): Result<T> {
    const result = this.describe<T>(error, fallback);
    // Whatever the answer, the status bar shows what was just learnt about the connection.
    this.hooks.pushStatus();
    return result;
  }

  private describe<T>(error: unknown, fallback: string): Result<T> {
    if (error instanceof NetworkError) {
      this.online = false;
      return fail(OFFLINE, "offline");
    }
    if (!(error instanceof HttpError)) return fail(fallback, "server");
    this.online = true;
    this.problem = null;
    if (error.status === 401 && this.user) {
      this.sessionEnded();
      return fail(SESSION_ENDED, "signed-out");
    }
    const code: ErrorCode = error.status === 401 ? "signed-out" : error.status === 403 ? "forbidden" : "server";
    return fail(error.message || fallback, code);
  }

  private useServer(url: string, fresh = false): ApiClient {
    if (fresh || this.api?.baseUrl !== url) {
      this.api = new ApiClient(url, this.hooks.fetch);
    }
    return this.api;
  }
}

/** The one sentence for an address that is not (or not now) a usable Garden of Remembrance server. */
function refusal(check: Exclude<ServerCheck, { kind: "garden" }>): Result<never> {
  if (check.kind === "not-garden") return fail(NOT_GARDEN, "not-garden");
  if (check.kind === "certificate") return fail(CERTIFICATE, "certificate");
  if (check.kind === "server-down") return fail(SERVER_DOWN, "server-down");
  return fail(OFFLINE, "offline");
}
