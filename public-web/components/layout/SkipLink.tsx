import { useT } from "../../lib/i18n";

/** The first stop of the Tab key: jumps past the header to the page's main content. */
export function SkipLink() {
  const t = useT();
  return (
    <a className="skip-link" href="#main">
      {t("Skip to main content")}
    </a>
  );
}
