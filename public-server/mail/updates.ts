import type { UpdateEmailInput } from "../../shared/schemas/adminTools";
import type { Services } from "../context";
import { unsubscribeToken, unsubscribeUrl, UNSUBSCRIBE_PATH } from "../family/unsubscribe";
import { DEFAULT_LOCALE, isLocale, type Locale } from "../../shared/i18n/locale";
import { pathFor } from "../../shared/i18n/content";
import type { SiteConfig } from "../../shared/schemas/site";
import { monthlyUpdateMessage, type UpdateText } from "./messages";
import { enqueue } from "./outbox";
import { mailFor } from "./worker";
import { updateRecipientCounts, updateRecipients } from "../queries/memorialFlowers";

/*
 * The monthly update, sent by the server itself to each address on the
 * updates list, through the outbox. Each message names its address's first
 * flower in its dedupe key ("monthly-update:<flower id>:<created at>:<send
 * key>"): the send key is made once per composed update, so a retry or a
 * second click queues nothing more, and the key is all the worker needs to
 * add the one-click unsubscribe headers (RFC 8058) as it sends.
 */

const localeOf = (value: string): Locale => (isLocale(value) ? value : DEFAULT_LOCALE);

/** How many addresses an update would go to now, and how many of them read Spanish. */
export async function updateRecipientCount(s: Services): Promise<{ all: number; spanish: number }> {
  return s.db.read((db) => updateRecipientCounts(db));
}

/** The link in the text of a family's update: the unsubscribe page in their language. */
const stopLink = (s: Services, site: SiteConfig, token: string, locale: Locale) =>
  unsubscribeUrl(s.config.publicUrl, token, pathFor(site, locale, UNSUBSCRIBE_PATH));

/**
 * The update as a family would read it (with a placeholder for their own link), and how many
 * addresses it would go to; and as a Spanish family would read it, when there are some or a
 * Spanish version is written.
 */
export async function previewUpdate(
  s: Services,
  update: UpdateText,
): Promise<{ text: string; recipients: number; spanish: { text: string; recipients: number } | null }> {
  const site = s.site.get();
  const count = await updateRecipientCount(s);
  const example = (language: Locale) => monthlyUpdateMessage(site, update, { parentName: null, language }, stopLink(s, site, "…", language)).text;
  return {
    text: example("en"),
    recipients: count.all,
    spanish: count.spanish || update.spanish ? { text: example("es"), recipients: count.spanish } : null,
  };
}

/** Queues the update for every address on the list, once per send key. Answers how many were queued now. */
export async function queueUpdate(s: Services, update: UpdateEmailInput, unsubscribeKey: string): Promise<number> {
  const site = s.site.get();
  const queued = await s.db.transaction(async (tx) => {
    const rows = await updateRecipients(tx);
    let added = 0;
    for (const r of rows) {
      const { createdAt } = r;
      const language = localeOf(r.language);
      const link = stopLink(s, site, unsubscribeToken(unsubscribeKey, r.id, createdAt), language);
      const content = monthlyUpdateMessage(site, update, { parentName: r.parentName, language }, link);
      const dedupeKey = `monthly-update:${r.id}:${createdAt}:${update.sendKey}`;
      if (await enqueue(tx, { kind: "monthly-update", dedupeKey, to: [r.email], ...content })) added++;
    }
    return added;
  });
  if (queued) mailFor(s).wake();
  return queued;
}
