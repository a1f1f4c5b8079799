import { useEffect, useId, useState } from "react";
import { readableMonthDay } from "../../../shared/remembrance";
import { textIn } from "../../../shared/schemas/site";
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

/**
 * The browser's time zone, for the hidden field: empty until the page runs
 * its script (and without one), when the server uses the site's zone.
 */
export function useBrowserTimeZone(): string {
  const [zone, setZone] = useState("");
  useEffect(() => setZone(Intl.DateTimeFormat().resolvedOptions().timeZone ?? ""), []);
  return zone;
}

const DAYS = Array.from({ length: 31 }, (_, i) => String(i + 1));

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
  // The month names in the page's language, from Intl (a leap year, so February has its 29th).
  const months = Array.from({ length: 12 }, (_, i) => new Intl.DateTimeFormat(locale, { month: "long", timeZone: "UTC" }).format(Date.UTC(2000, i, 1)));
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
          {months.map((m, i) => (
            <option key={m} value={String(i + 1)}>
              {m}
            </option>
          ))}
        </select>
      </Field>
      <Field label={t("Day")} optional error={errors[`${prefix}Day`]}>
        <select {...select(`${prefix}Day`)}>
          <option value="">{t("Not chosen")}</option>
          {DAYS.map((d) => (
            <option key={d} value={d}>
              {d}
            </option>
          ))}
        </select>
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
          aria-describedby={`${id}-notes-hint${errors.remembranceNotes ? ` ${id}-notes-error` : ""}`}
          aria-invalid={errors.remembranceNotes ? true : undefined}
        />
        <label htmlFor={`${id}-notes`}>{t("Send me a gentle note on the dates I choose")}</label>
        <p id={`${id}-notes-hint`} className="field__hint">
          {t(
            "A short note with a prayer, on the morning of each date. We first email you to confirm, and send nothing until you do. Every note lets you stop them.",
          )}
        </p>
        {errors.remembranceNotes ? (
          <p id={`${id}-notes-error`} className="field__error" role="alert">
            {errors.remembranceNotes}
          </p>
        ) : null}
      </div>
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
                <label htmlFor={`${id}-day-${d.id}`}>{`${textIn(d.name, locale)}, ${readableMonthDay(d, locale)}`}</label>
              </div>
            ))}
          </fieldset>
        ) : null}
      </div>
    </div>
  );
}
