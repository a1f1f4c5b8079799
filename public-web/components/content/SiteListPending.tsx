import { useT } from "../../lib/i18n";
import { Spinner } from "../ui/Spinner";

/** In place of a list of the site configuration while it is asked for (see useSiteLists), or if it could not be had. */
export function SiteListPending({ failed }: { failed: boolean }) {
  const t = useT();
  return failed ? <p className="notice">{t("We could not load this list just now. Please reload the page or try again in a little while.")}</p> : <Spinner />;
}
