import { create } from "zustand";
import type { SessionUserDto } from "../../shared/schemas/session";
import { api, ApiError } from "../lib/api";

/** Session: loading, then signed in (user) or signed out (null). */
interface SessionState {
  status: "loading" | "ready";
  user: SessionUserDto | null;
  /** Asks the server who is signed in; a 401 means signed out, silently. */
  refresh(): Promise<void>;
  login(username: string, password: string): Promise<SessionUserDto>;
  logout(): Promise<void>;
  /** Ends every session of this account (other browsers, the desktop app) and this one. */
  logoutEverywhere(): Promise<void>;
}

export const useSession = create<SessionState>()((set) => ({
  status: "loading",
  user: null,
  async refresh() {
    try {
      const user = await api.get("/api/user");
      set({ user, status: "ready" });
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) set({ user: null, status: "ready" });
      else {
        set({ status: "ready" });
        throw error;
      }
    }
  },
  async login(username, password) {
    const user = await api.post("/api/login", { username, password });
    set({ user, status: "ready" });
    return user;
  },
  async logout() {
    await api.post("/api/logout");
    set({ user: null, status: "ready" });
  },
  async logoutEverywhere() {
    await api.post("/api/logout-everywhere");
    set({ user: null, status: "ready" });
  },
}));
