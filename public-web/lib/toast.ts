import { createElement, isValidElement } from "react";
import toast, { type Toast } from "react-hot-toast/headless";
import { TOAST_DURATION_MS } from "../../shared/constants";

/** What a toast says: the product's title and message. */
export interface ToastContent {
  title: string;
  message?: string;
  variant: "success" | "destructive";
}

/** The toast's words; the Toaster wraps them in its card and reads the variant from these props. */
export function ToastText({ title, message }: ToastContent) {
  return createElement(
    "div",
    { className: "toast__text" },
    createElement("p", { className: "toast__title" }, title),
    message ? createElement("p", { className: "toast__message" }, message) : null,
  );
}

const show = (content: ToastContent) => toast.custom(createElement(ToastText, content), { duration: TOAST_DURATION_MS });

/** Shows a titled toast. Called from components, never from stores or the API layer. */
export const notify = (title: string, message?: string): string => show({ title, message, variant: "success" });

/** Shows a failure toast in the destructive style. */
export const notifyError = (title: string, message?: string): string => show({ title, message, variant: "destructive" });

/** The typed content of a toast made by notify or notifyError. */
export function toastContent(t: Toast): ToastContent {
  const m = t.message;
  if (isValidElement<ToastContent>(m) && m.type === ToastText) return m.props;
  return { title: typeof m === "string" ? m : "", variant: "success" };
}
