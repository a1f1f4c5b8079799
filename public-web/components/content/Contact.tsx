import type { ReactNode } from "react";
import { useT } from "../../lib/i18n";
import { telHref, useSite } from "../../lib/site";

/** A phone number as a tap-to-call link. */
export function PhoneLink({ number, className, children }: { number: string; className?: string; children?: ReactNode }) {
  return (
    <a href={telHref(number)} className={className}>
      {children ?? number}
    </a>
  );
}

/** The info email as a mailto link. */
export function EmailLink({ className }: { className?: string }) {
  const { email } = useSite();
  return (
    <a href={`mailto:${email}`} className={className}>
      {email}
    </a>
  );
}

/** "(555) 010-2400 or (555) 010-2401": every configured phone as links, in a sentence. */
export function PhoneList() {
  const { phones } = useSite();
  const t = useT();
  return (
    <>
      {phones.map((p, i) => (
        <span key={p.number}>
          {i > 0 ? (i === phones.length - 1 ? ` ${t("or")} ` : ", ") : null}
          <PhoneLink number={p.number} />
        </span>
      ))}
    </>
  );
}

/** The mailing address, one line each. */
export function MailingAddress() {
  const { mailingAddress } = useSite();
  return (
    <address className="address">
      {mailingAddress.map((line, i) => (
        <span key={i}>
          {line}
          {i < mailingAddress.length - 1 ? <br /> : null}
        </span>
      ))}
    </address>
  );
}

/** The primary phone and the info email as a short block; `children` adds lines below them. */
export function ContactBlock({ children }: { children?: ReactNode }) {
  const { phones } = useSite();
  const phone = phones[0]!;
  const t = useT();
  return (
    <div className="contact-block">
      <p>
        {t("Phone:")} <PhoneLink number={phone.number} />
      </p>
      <p>
        {t("Email:")} <EmailLink />
      </p>
      {children}
    </div>
  );
}
