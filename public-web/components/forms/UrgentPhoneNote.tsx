import { URGENT_RESPONSE_TARGET } from "../../../shared/constants";
import { telHref, useSite } from "../../lib/site";

/** SPEC §1: urgent needs are answered within an hour; people should phone rather than rely on the form or email. */
export function UrgentPhoneNote() {
  const { phones } = useSite();
  return (
    <p className="visitor-form__urgent">
      If your need is urgent, please phone us rather than relying on this form or on email
      {phones.length ? (
        <>
          {" "}
          at{" "}
          {phones.map((phone, i) => (
            <span key={phone.number}>
              {i > 0 ? (i === phones.length - 1 ? " or " : ", ") : null}
              <a href={telHref(phone.number)}>{phone.number}</a>
            </span>
          ))}
        </>
      ) : null}
      . We answer urgent calls {URGENT_RESPONSE_TARGET}.
    </p>
  );
}
