import toast from "react-hot-toast";
import { TOAST_DURATION_MS } from "../../shared/constants";

/** What a toast says: SPEC §8's title and message. */
export interface ToastContent {
  title: string;
  message?: string;
  variant: "success" | "destructive";
}

/** Shows a titled toast (SPEC §8). Called from components, never from stores or the API layer. */
export function notify(title: string, message?: string): string {
  return toast.custom(JSON.stringify({ title, message, variant: "success" } satisfies ToastContent), { duration: TOAST_DURATION_MS });
}

/** Shows a failure toast in the destructive style. */
export function notifyError(title: string, message?: string): string {
  return toast.custom(JSON.stringify({ title, message, variant: "destructive" } satisfies ToastContent), {
    duration: TOAST_DURATION_MS,
  });
}

export function parseToast(raw: unknown): ToastContent {
  try {
    return JSON.parse(String(raw)) as ToastContent;
  } catch {
    return { title: String(raw), variant: "success" };
  }
}
