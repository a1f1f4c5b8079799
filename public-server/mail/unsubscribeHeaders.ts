import type { Services } from "../context";
import type { OutboxMessage } from "../entities/OutboxMessage";
import { unsubscribeToken, unsubscribeUrl } from "../family/unsubscribe";

const UPDATE_KEY = /^monthly-update:(\d+):(.+):[A-Za-z0-9_-]+$/;

/**
 * An update's one-click unsubscribe, added as it is sent (RFC 2369 and 8058):
 * the https address that stops the updates with a POST and no cookie, and a
 * mailto to the team when the site has an address. Other messages pass as they are.
 */
export function withUnsubscribe(s: Services, key: string, message: OutboxMessage): OutboxMessage {
  const match = message.kind === "monthly-update" ? UPDATE_KEY.exec(message.dedupeKey) : null;
  if (!match) return message;
  const web = `<${unsubscribeUrl(s.config.publicUrl, unsubscribeToken(key, Number(match[1]), match[2]!))}>`;
  const team = s.site.get().email.trim();
  const mailto = team ? `, <mailto:${encodeURI(team)}?subject=Unsubscribe>` : "";
  const stored = message.headers ? (JSON.parse(message.headers) as Record<string, string>) : {};
  return { ...message, headers: JSON.stringify({ ...stored, "List-Unsubscribe": `${web}${mailto}`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" }) };
}
