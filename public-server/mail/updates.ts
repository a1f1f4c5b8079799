import type { UpdateEmailInput } from "../../shared/schemas/adminTools";
import type { Services } from "../context";
import { unsubscribeToken, unsubscribeUrl } from "../family/unsubscribe";
import { monthlyUpdateMessage } from "./messages";
import { enqueue } from "./outbox";
import { mailFor } from "./worker";

/*
 * The monthly update, sent by the server itself to each address on the
 * updates list, through the outbox. Each message names its address's first
 * flower in its dedupe key ("monthly-update:<flower id>:<created at>:<send
 * key>"): the send key is made once per composed update, so a retry or a
 * second click queues nothing more, and the key is all the worker needs to
 * add the one-click unsubscribe headers (RFC 8058) as it sends.
 */

interface Recipient {
  id: number;
  email: string;
  parentName: string | null;
  createdAt: string;
}

/**
 * One line per address on the list (compared without case): its first flower on the list, with that
 * flower's name and creation time (SQLite takes the bare columns from the row min() chose).
 */
const RECIPIENTS = `SELECT min(id) AS id, trim(email) AS email, parent_name AS parentName, created_at AS createdAt
  FROM memorial_flowers WHERE email_updates = 1 AND email IS NOT NULL AND trim(email) <> '' GROUP BY lower(trim(email))`;

/** How many addresses an update would go to now. */
export async function updateRecipientCount(s: Services): Promise<number> {
  return s.db.read((db) => (db.prepare(`SELECT count(*) AS n FROM (${RECIPIENTS})`).get() as { n: number }).n);
}

/** The update as a family would read it (with a placeholder for their own link), and how many addresses it would go to. */
export async function previewUpdate(s: Services, update: Pick<UpdateEmailInput, "subject" | "text">): Promise<{ text: string; recipients: number }> {
  const recipients = await updateRecipientCount(s);
  const example = monthlyUpdateMessage(s.site.get(), update, { parentName: null }, unsubscribeUrl(s.config.publicUrl, "…"));
  return { text: example.text, recipients };
}

/** Queues the update for every address on the list, once per send key. Answers how many were queued now. */
export async function queueUpdate(s: Services, update: UpdateEmailInput, unsubscribeKey: string): Promise<number> {
  const queued = await s.db.transaction(async (tx) => {
    const rows: Recipient[] = await tx.query(`${RECIPIENTS} ORDER BY min(id)`);
    let added = 0;
    for (const r of rows) {
      const { createdAt } = r;
      const link = unsubscribeUrl(s.config.publicUrl, unsubscribeToken(unsubscribeKey, r.id, createdAt));
      const content = monthlyUpdateMessage(s.site.get(), update, r, link);
      const dedupeKey = `monthly-update:${r.id}:${createdAt}:${update.sendKey}`;
      if (await enqueue(tx, { kind: "monthly-update", dedupeKey, to: [r.email], ...content })) added++;
    }
    return added;
  });
  if (queued) mailFor(s).wake();
  return queued;
}
