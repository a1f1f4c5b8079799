import { format, isValid, parseISO } from "date-fns";

/** Date display formats, for the web admin and the desktop app alike. */
export const DATE_FORMAT = "MMM d, yyyy";
export const DATE_TIME_FORMAT = "MMM d, yyyy 'at' h:mm a";

function toDate(value: string | number | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === "") return null;
  const date = value instanceof Date ? value : typeof value === "number" ? new Date(value) : parseISO(value);
  return isValid(date) ? date : null;
}

/** "Mar 5, 2025", or "Unknown date" when the value is missing or not a date (testimonial cards). */
export function formatDate(value: string | number | Date | null | undefined): string {
  const date = toDate(value);
  return date ? format(date, DATE_FORMAT) : "Unknown date";
}

/** "Mar 5, 2025 at 3:07 PM" (comment cards, activity, assistance); "Unknown date" when missing. */
export function formatDateTime(value: string | number | Date | null | undefined): string {
  const date = toDate(value);
  return date ? format(date, DATE_TIME_FORMAT) : "Unknown date";
}
