import { useEffect } from "react";
import { useSession } from "../../stores/session";

let asked: Promise<void> | null = null;

/** Asks the server once who is signed in (if nobody asked yet), and answers the session state. */
export function useAdminSession() {
  const status = useSession((s) => s.status);
  const user = useSession((s) => s.user);
  useEffect(() => {
    if (status === "loading" && !asked) {
      asked = useSession
        .getState()
        .refresh()
        .catch(() => undefined)
        .finally(() => {
          asked = null;
        });
    }
  }, [status]);
  return { status, user };
}
