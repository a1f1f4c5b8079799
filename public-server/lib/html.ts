const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/**
 * Escapes text for HTML or SVG element content and quoted attribute values. Numeric `&#39;` serves
 * both: HTML 4 mail readers do not know `&apos;`.
 */
export const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (c) => ENTITIES[c]!);

/**
 * A page of its own, without the site's script or style sheet, for an answer that refuses or fails (a
 * plain post over the limit, a form the server could not tell, the site itself failing): readable in
 * any browser, in the visitor's language, with the way back. The texts come translated; they are
 * escaped here. `code` is the request's id, for a volunteer to find in the log.
 */
export function smallPage(page: {
  lang: string;
  title: string;
  message: string;
  code?: string;
  codeSentence?: string;
  back: { href: string; label: string };
}): string {
  const code = page.code && page.codeSentence ? `<p>${escapeHtml(page.codeSentence)} <strong>${escapeHtml(page.code)}</strong></p>` : "";
  return `<!doctype html><html lang="${escapeHtml(page.lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(page.title)}</title></head>
<body><main>
<h1>${escapeHtml(page.title)}</h1><p>${escapeHtml(page.message)}</p>${code}<p><a href="${escapeHtml(page.back.href)}">${escapeHtml(page.back.label)}</a></p>
</main></body></html>`;
}
