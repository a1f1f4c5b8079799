import { useId } from "react";
import { useLocale, useT } from "../../lib/i18n";
import { useSite } from "../../lib/site";
import { Field } from "../ui/Field";

/** The fields of the notes' choice, as the flower form's values hold them. */
export interface RemembranceValues {
  remembranceNotes: boolean;
  anniversaryMonth: string;
  anniversaryDay: string;
  dueMonth: string;
  dueDay: string;
  remembranceDays: string;
}

export const NO_REMEMBRANCE: RemembranceValues = {
  remembranceNotes: false,
  anniversaryMonth: "",
  anniversaryDay: "",
  dueMonth: "",
  dueDay: "",
  remembranceDays: "",
};

interface Props {
  values: RemembranceValues;
  errors: Partial<Record<keyof RemembranceValues, string>>;
  set<K extends keyof RemembranceValues>(name: K, value: RemembranceValues[K]): void;
  select(name: "anniversaryMonth" | "anniversaryDay" | "dueMonth" | "dueDay"): Record<string, unknown>;
}

/** The browser's time zone, read as the form is sent (the site's zone is used without JavaScript). */
export const browserTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone ?? "";

/**
 * "15 October" / "15 de octubre". Written here rather than taken from shared/remembrance or the site
 * schema: those sit with the form's schemas (zod), and importing them made the garden page load and run
 * 25 KB of them before it answered a tap.
 */
function dayIn(locale: string, { month, day }: { month: number; day: number }): string {
  return locale === "en"
    ? `${day} ${monthsIn("en-GB")[month - 1]}`
    : new Intl.DateTimeFormat(locale, { month: "long", day: "numeric", timeZone: "UTC" }).format(Date.UTC(2000, month - 1, day));
}

/** The month names in a language, from Intl (a leap year, so February has its 29th): made once per language, when the dates are first shown. */
const monthNames = new Map<string, string[]>();
function monthsIn(locale: string): string[] {
  let names = monthNames.get(locale);
  if (!names) {
    const format = new Intl.DateTimeFormat(locale, { month: "long", timeZone: "UTC" });
    monthNames.set(locale, (names = Array.from({ length: 12 }, (_, i) => format.format(Date.UTC(2000, i, 1)))));
  }
  return names;
}

/**
 * "Send me a gentle note on the dates I choose": unticked unless the family
 * ticks it; the dates as a month and a day each, and the remembrance days the
 * team offers. Works before JavaScript: every field posts with the form (the
 * days as checkboxes of one name). Shown only where site.json offers notes.
 */
export function RemembranceChoice({ values, errors, set, select }: Props) {
  const site = useSite();
  const id = useId();
  const t = useT();
  const locale = useLocale();
  const offered = site.remembranceNotes;
  if (!offered) return null;
  const chosenDays = values.remembranceDays.split(",").filter(Boolean);
  const toggleDay = (day: string, on: boolean) => set("remembranceDays", (on ? [...chosenDays, day] : chosenDays.filter((d) => d !== day)).join(","));
  const pair = (legend: string, prefix: "anniversary" | "due") => (
    <fieldset className="notes-choice__pair">
      <legend className="field__label">{legend}</legend>
      <Field label={t("Month")} optional error={errors[`${prefix}Month`]}>
        <select {...select(`${prefix}Month`)}>
          <option value="">{t("Not chosen")}</option>
          {monthsIn(locale).map((m, i) => (
            <option key={m} value={String(i + 1)}>
              {m}
            </option>
          ))}
        </select>
      </Field>
      {/* The day typed as a number, not picked from 31 options: the garden page carries this form, and its first view must arrive in TCP's first round trip. */}
      <Field label={t("Day")} optional error={errors[`${prefix}Day`]}>
        <input type="text" inputMode="numeric" pattern="[0-9]*" maxLength={2} size={3} autoComplete="off" {...select(`${prefix}Day`)} />
      </Field>
    </fieldset>
  );
  return (
    <div className="notes-choice">
      <div className="visitor-form__check">
        <input
          id={`${id}-notes`}
          type="checkbox"
          name="remembranceNotes"
          checked={values.remembranceNotes}
          onChange={(e) => set("remembranceNotes", e.target.checked)}
          aria-describedby={
            [values.remembranceNotes ? `${id}-notes-hint` : "", errors.remembranceNotes ? `${id}-notes-error` : ""].join(" ").trim() || undefined
          }
          aria-invalid={errors.remembranceNotes ? true : undefined}
        />
        <label htmlFor={`${id}-notes`}>{t("Send me a gentle note on the dates I choose")}</label>
        {values.remembranceNotes ? (
          <p id={`${id}-notes-hint`} className="field__hint">
            {t(
              "A short note with a prayer, on the morning of each date. We first email you to confirm, and send nothing until you do. Every note lets you stop them.",
            )}
          </p>
        ) : null}
        {errors.remembranceNotes ? (
          <p id={`${id}-notes-error`} className="field__error" role="alert">
            {errors.remembranceNotes}
          </p>
        ) : null}
      </div>
      {/* The dates once the box is ticked (without JavaScript, on the form sent back asking for them): the garden page carries this form, and its first view must arrive in TCP's first round trip. */}
      {values.remembranceNotes ? (
        <div className="notes-choice__dates">
          {pair(t("The anniversary"), "anniversary")}
          {pair(t("The due date"), "due")}
          {offered.days.length ? (
            <fieldset className="notes-choice__days">
              <legend className="field__label">{t("Days of remembrance")}</legend>
              {offered.days.map((d) => (
                <div key={d.id} className="visitor-form__check">
                  <input
                    id={`${id}-day-${d.id}`}
                    type="checkbox"
                    name="remembranceDays"
                    value={d.id}
                    checked={chosenDays.includes(d.id)}
                    onChange={(e) => toggleDay(d.id, e.target.checked)}
                  />
                  <label htmlFor={`${id}-day-${d.id}`}>{`${typeof d.name === "string" ? d.name : (d.name[locale] ?? d.name.en)}, ${dayIn(locale, d)}`}</label>
                </div>
              ))}
            </fieldset>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
