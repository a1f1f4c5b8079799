import { useId } from "react";
import { FLOWERS, type FlowerType } from "../../../shared/flowers";
import { FlowerImage } from "../flowers/FlowerImage";
import { Field } from "../ui/Field";
import { SubmitButton, useVisitorForm, VisitorFormFrame } from "./FormParts";
import { browserTimeZone, NO_REMEMBRANCE, RemembranceChoice } from "./RemembranceChoice";
import { msg, useT } from "../../lib/i18n";
import { useForm } from "./useForm";
import { api } from "../../lib/api";
import "../../styles/forms.css";

const EMPTY = {
  parentName: "",
  email: "",
  babyFirstName: "",
  babyMiddleName: "",
  babyLastName: "",
  lossDate: "",
  flowerType: "" as FlowerType | "",
  emailUpdates: false as boolean,
  ...NO_REMEMBRANCE,
  website: "",
};

const SENT = {
  title: msg("Memorial Flower Submitted"),
  message: msg("Your memorial flower has been submitted for review. You will receive an email confirmation when it's added to the garden."),
};

const REQUIRED = ["parentName", "email", "babyFirstName", "babyLastName", "flowerType"] as const;

/**
 * The memorial flower submission form. Submit stays disabled until
 * the five required fields hold text; a failed submit keeps every value.
 */
export default function FlowerForm() {
  const form = useForm("flower", EMPTY, "blur");
  const t = useT();
  const headingId = useId();
  const flowerErrorId = useId();
  const complete = REQUIRED.every((key) => String(form.values[key]).trim() !== "");

  const { pending, frame } = useVisitorForm("flower", form, "add-flower", {
    // Sent only once the schema passed (trySubmit), so a flower is chosen.
    send: (values) => api.post("/api/memorial-flowers", { ...values, flowerType: values.flowerType as FlowerType, timeZone: browserTimeZone() }),
    canSubmit: complete,
    success: SENT,
    failure: { title: msg("Submission Error"), fallback: msg("Failed to submit memorial flower. Please try again.") },
    refresh: "/api/memorial-flowers",
  });

  const flowerError = form.errors.flowerType;
  return (
    <section id="add-flower" className="garden-section flower-form" aria-labelledby={headingId}>
      <h2 id={headingId}>{t("Add a Memorial Flower")}</h2>
      <p>
        {t(
          'Choose a flower for your baby and it will be planted in the garden once a volunteer has looked it over. Fields marked "required" are needed; everything else is up to you.',
        )}
      </p>
      <VisitorFormFrame
        {...frame}
        labelledBy={headingId}
        hidden={form.values.remembranceNotes ? <input type="hidden" name="timeZone" value="" /> : undefined}
        actions={
          <SubmitButton pending={pending} incomplete={!complete}>
            {t("Submit Memorial Flower")}
          </SubmitButton>
        }
      >
        <div className="visitor-form__row">
          <Field label={t("Your Name")} required error={form.errors.parentName}>
            <input type="text" autoComplete="name" {...form.text("parentName")} />
          </Field>
          <Field
            label={t("Email Address")}
            required
            error={form.errors.email}
            hint={t("Used only to tell you when your flower is in the garden; never shown.")}
          >
            <input type="email" autoComplete="email" {...form.text("email")} />
          </Field>
        </div>
        <div className="visitor-form__row visitor-form__row--three">
          <Field label={t("Baby's First Name")} required error={form.errors.babyFirstName}>
            <input type="text" autoComplete="off" {...form.text("babyFirstName")} />
          </Field>
          <Field label={t("Baby's Middle Name")} optional error={form.errors.babyMiddleName}>
            <input type="text" autoComplete="off" {...form.text("babyMiddleName")} />
          </Field>
          <Field label={t("Baby's Last Name")} required error={form.errors.babyLastName} hint={t("Enter first initial if you prefer privacy")}>
            <input type="text" autoComplete="off" {...form.text("babyLastName")} />
          </Field>
        </div>
        <Field
          label={t("Date of Loss")}
          optional
          error={form.errors.lossDate}
          hint={t("Write it any way that feels right: a date, a month and year, a season, or leave it empty.")}
        >
          <input type="text" autoComplete="off" {...form.text("lossDate")} />
        </Field>

        <fieldset
          className="flower-choice"
          role="radiogroup"
          aria-invalid={flowerError ? true : undefined}
          aria-describedby={flowerError ? flowerErrorId : undefined}
        >
          <legend className="field__label">
            {t("Flower Selection")}
            <span className="field__required">{` ${t("(required)")}`}</span>
          </legend>
          <div className="flower-choice__grid">
            {FLOWERS.map((flower, i) => (
              <label key={flower.type} className="flower-choice__option">
                <input
                  // eslint-disable-next-line jsx-a11y/no-autofocus -- only on the page a failed plain post returns, where the person must choose
                  autoFocus={i === 0 && form.opensFocused("flowerType")}
                  type="radio"
                  name="flowerType"
                  value={flower.type}
                  checked={form.values.flowerType === flower.type}
                  onChange={() => form.setValue("flowerType", flower.type)}
                  required
                />
                <FlowerImage type={flower.type} size="icon" decorative />
                <span className="flower-choice__text">
                  <span className="flower-choice__name">{t(flower.label)}</span>
                  <span className="flower-choice__meaning">{t(flower.meaning)}</span>
                </span>
              </label>
            ))}
          </div>
          {flowerError ? (
            <p id={flowerErrorId} className="field__error" role="alert">
              {flowerError}
            </p>
          ) : null}
        </fieldset>

        <div className="visitor-form__check">
          <input
            id={`${headingId}-updates`}
            type="checkbox"
            name="emailUpdates"
            checked={Boolean(form.values.emailUpdates)}
            onChange={(e) => form.setValue("emailUpdates", e.target.checked)}
            aria-describedby={`${headingId}-updates-hint`}
          />
          <label htmlFor={`${headingId}-updates`}>{t("Send me occasional updates from the garden by email")}</label>
          <p id={`${headingId}-updates-hint`} className="field__hint">
            {t("Sent approximately once monthly. You can stop them at any time.")}
          </p>
        </div>

        <RemembranceChoice values={form.values} errors={form.errors} set={form.setValue} select={form.text} />

        <p className="visitor-form__consent">
          {t(
            "By submitting this form, you consent to publishing your baby's information (names, date of loss and chosen flower) on the public memorial in the Garden of Remembrance. Your own name and email address are never shown.",
          )}
        </p>
      </VisitorFormFrame>
    </section>
  );
}
