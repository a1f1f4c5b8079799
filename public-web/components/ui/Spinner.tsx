import { useT } from "../../lib/i18n";

/** A quiet loading indicator with its text read aloud (and shown). */
export function Spinner({ label }: { label?: string }) {
  const t = useT();
  return (
    <div className="spinner" role="status">
      <span className="spinner__circle" aria-hidden="true" />
      <span className="spinner__label">{label ?? t("Loading...")}</span>
    </div>
  );
}
