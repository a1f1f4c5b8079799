import { Fragment, type ReactNode } from "react";
import { Link } from "react-router-dom";
import { longDate } from "../../../shared/i18n/content";
import { rich, useLocale, useT } from "../../lib/i18n";
import { useSite } from "../../lib/site";
import { EmailLink, MailingAddress } from "./Contact";
import "../../styles/content.css";

/**
 * A paragraph of a legal page: a sentence whose {organisation}, {email}, {privacy}, {terms} and {days}
 * are filled in; one shown only when the site does what it describes; or the mailing address.
 */
type LegalParagraph = string | { text: string; when: "remembranceNotes" | "assistanceRetention" } | "address";

/** A legal page (the terms, the privacy policy) in one language. */
export interface LegalText {
  title: string;
  /** "Effective date: {date}". */
  effective: string;
  sections: { title?: string; paragraphs: LegalParagraph[] }[];
}

/** The day the terms and the privacy policy took effect (a calendar day: shown in UTC, so no time zone moves it). */
const EFFECTIVE = new Date(Date.UTC(2025, 4, 26));

/** The terms or the privacy policy, in the page's language. */
export function LegalDocument({ words }: { words: LegalText }) {
  const site = useSite();
  const locale = useLocale();
  const t = useT();
  const values: Record<string, ReactNode> = {
    email: <EmailLink />,
    privacy: <Link to="/privacy-policy">{t("Privacy Policy")}</Link>,
    terms: <Link to="/terms-of-service">{t("Terms of Service")}</Link>,
  };
  // Plain words go into the sentence itself, so it stays one piece of text (the server's HTML would
  // otherwise split it with comments around each value, and a search of the page would not find it).
  const sentence = (text: string) => text.replaceAll("{organisation}", site.organisationName).replaceAll("{days}", String(site.assistanceRetentionDays ?? ""));
  const shown = (p: LegalParagraph) =>
    typeof p !== "object" || (p.when === "remembranceNotes" ? Boolean(site.remembranceNotes) : Boolean(site.assistanceRetentionDays));
  return (
    <article className="container section">
      <div className="prose">
        <h1>{words.title}</h1>
        <p className="effective-date">{words.effective.replace("{date}", longDate(EFFECTIVE, locale, "UTC"))}</p>
        {words.sections.map((section, i) => (
          <Fragment key={i}>
            {section.title ? <h2>{section.title}</h2> : null}
            {section.paragraphs
              .filter(shown)
              .map((p, j) => (p === "address" ? <MailingAddress key={j} /> : <p key={j}>{rich(sentence(typeof p === "string" ? p : p.text), values)}</p>))}
          </Fragment>
        ))}
      </div>
    </article>
  );
}
