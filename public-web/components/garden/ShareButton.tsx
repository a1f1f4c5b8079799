import { ShareIcon } from "../ui/icons/ShareIcon";
import { pathInLocale } from "../../../shared/i18n/paths";
import { useLocale, useT } from "../../lib/i18n";
import { notify, notifyError } from "../../lib/toast";

/**
 * "Share": the phone's share sheet where there is one, otherwise the link is
 * copied. Hidden until the page is interactive (it needs JavaScript). On the
 * garden's cards it is a word beside "Comments", like it: a picture on every
 * card would cost the garden's first view its first round trip.
 */
export function ShareButton({ path, title, label, icon = true }: { path: string; title: string; label: string; icon?: boolean }) {
  const t = useT();
  const locale = useLocale();
  const share = async () => {
    const url = new URL(pathInLocale(path, locale), window.location.origin).href;
    if (typeof navigator.share === "function") {
      try {
        await navigator.share({ title, url });
        return;
      } catch (err) {
        if (err instanceof DOMException && err.name === "AbortError") return; // the person closed the sheet
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      notify(t("Link copied"), t("The link to this memorial is ready to paste into a message."));
    } catch {
      notifyError(t("Could not copy the link"), url);
    }
  };
  return (
    <button type="button" className="btn btn--outline share-button" onClick={() => void share()}>
      {icon && <ShareIcon />}
      {t("Share")}
      <span className="visually-hidden">{` ${label}`}</span>
    </button>
  );
}
