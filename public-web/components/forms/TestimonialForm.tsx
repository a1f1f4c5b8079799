import { Field } from "../ui/Field";
import { SubmitButton, useVisitorForm, VisitorFormFrame } from "./FormParts";
import { msg, useT } from "../../lib/i18n";
import { useForm } from "./useForm";
import { api } from "../../lib/api";
import "../../styles/forms.css";

const EMPTY = { firstName: "", lastName: "", childName: "", testimonial: "", email: "", website: "" };
const SENT = { title: msg("Testimonial Submitted"), message: msg("Thank you for sharing your story. Your testimonial will be reviewed and posted soon.") };

/** "Share Your Story": submit is disabled only while sending; errors show on leaving a field and on submit. */
export default function TestimonialForm({ labelledBy }: { labelledBy?: string }) {
  const form = useForm("testimonial", EMPTY, "blur");
  const t = useT();
  const { pending, frame } = useVisitorForm("testimonial", form, "share-your-story", {
    send: (values) => api.post("/api/testimonials", values),
    success: SENT,
    failure: { title: msg("Submission Error"), fallback: msg("Failed to submit testimonial. Please try again.") },
    refresh: "/api/testimonials",
  });

  return (
    <VisitorFormFrame {...frame} labelledBy={labelledBy} actions={<SubmitButton pending={pending}>{t("Share Your Story")}</SubmitButton>}>
      <div className="visitor-form__row">
        <Field label={t("First Name")} required error={form.errors.firstName}>
          <input type="text" autoComplete="given-name" {...form.text("firstName")} />
        </Field>
        <Field label={t("Last Name")} required error={form.errors.lastName}>
          <input type="text" autoComplete="family-name" {...form.text("lastName")} />
        </Field>
      </div>
      <Field label={t("Child's Name")} optional error={form.errors.childName}>
        <input type="text" autoComplete="off" {...form.text("childName")} />
      </Field>
      <Field label={t("Your Testimonial")} required error={form.errors.testimonial} hint={t("Write as much or as little as you wish.")}>
        <textarea className="visitor-form__story" rows={8} {...form.text("testimonial")} />
      </Field>
      <Field
        label={t("Email")}
        optional
        error={form.errors.email}
        hint={t("We use it only to let you know when your story has been posted. It is never shown.")}
      >
        <input type="email" autoComplete="email" {...form.text("email")} />
      </Field>
    </VisitorFormFrame>
  );
}
