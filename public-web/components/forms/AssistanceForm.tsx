import { Field } from "../ui/Field";
import { SubmitButton, useVisitorForm, VisitorFormFrame } from "./FormParts";
import { msg, useT } from "../../lib/i18n";
import { useForm } from "./useForm";
import { api } from "../../lib/api";
import "../../styles/forms.css";

const EMPTY = { firstName: "", lastName: "", email: "", phoneNumber: "", comments: "", website: "" };
const SENT = { title: msg("Request Submitted"), message: msg("We have received your assistance request and will contact you shortly.") };

/** Home's assistance request: all fields required, messages shown on leaving a field and on submit. */
export default function AssistanceForm() {
  const form = useForm("assistance", EMPTY, "blur");
  const t = useT();
  const { pending, frame } = useVisitorForm("assistance", form, "request-assistance", {
    send: (values) => api.post("/api/assistance-requests", values),
    success: SENT,
    failure: { title: msg("Error"), fallback: msg("Failed to submit assistance request. Please try again.") },
    refresh: "/api/assistance-requests",
  });

  return (
    <div id="request-assistance">
      <VisitorFormFrame {...frame} label={t("Request assistance")} actions={<SubmitButton pending={pending}>{t("Request Assistance")}</SubmitButton>}>
        <div className="visitor-form__row">
          <Field label={t("First Name")} required error={form.errors.firstName}>
            <input type="text" autoComplete="given-name" {...form.text("firstName")} />
          </Field>
          <Field label={t("Last Name")} required error={form.errors.lastName}>
            <input type="text" autoComplete="family-name" {...form.text("lastName")} />
          </Field>
        </div>
        <div className="visitor-form__row">
          <Field label={t("Email")} required error={form.errors.email}>
            <input type="email" autoComplete="email" {...form.text("email")} />
          </Field>
          <Field label={t("Phone Number")} required error={form.errors.phoneNumber}>
            <input type="tel" autoComplete="tel" {...form.text("phoneNumber")} />
          </Field>
        </div>
        <Field
          label={t("Comments")}
          required
          error={form.errors.comments}
          hint={t("Tell us a little about what you need; share only what you are comfortable sharing.")}
        >
          <textarea className="visitor-form__comments" rows={5} {...form.text("comments")} />
        </Field>
      </VisitorFormFrame>
    </div>
  );
}
