import { URGENT_RESPONSE_TARGET } from "../../../shared/constants";

/** SPEC §1: urgent needs are answered within an hour, and people should phone rather than rely on the form. */
export function UrgentPhoneNote() {
  return (
    <p className="visitor-form__urgent">
      If your need is urgent, please phone us rather than relying on this form or on email. We answer urgent calls {URGENT_RESPONSE_TARGET}.
    </p>
  );
}
