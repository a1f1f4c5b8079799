import { HONEYPOT_FIELD } from "../../../shared/constants";
import { useT } from "../../lib/i18n";

/**
 * A field people never see or reach; automated senders fill it in, and the
 * server then quietly keeps nothing. Hidden from sight, from the keyboard and
 * from assistive technology.
 */
export function Honeypot({ value, onChange }: { value: string; onChange(value: string): void }) {
  const t = useT();
  return (
    <div className="form-honeypot" aria-hidden="true">
      <label>
        {t("Leave this empty")}
        <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" value={value} onChange={(e) => onChange(e.target.value)} />
      </label>
    </div>
  );
}
