import { HONEYPOT_FIELD } from "../../../shared/constants";

/**
 * A field people never see or reach; automated senders fill it in, and the
 * server then quietly keeps nothing. Hidden from sight, from the keyboard and
 * from assistive technology.
 */
export function Honeypot({ value, onChange }: { value: string; onChange(value: string): void }) {
  return (
    <div className="form-honeypot" aria-hidden="true">
      <label>
        Leave this empty
        <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" value={value} onChange={(e) => onChange(e.target.value)} />
      </label>
    </div>
  );
}
