import { LegalDocument } from "../../components/content/LegalDocument";
import { useLocale } from "../../lib/i18n";
import { TERMS } from "./words/terms";

/** Terms of Service, effective May 26, 2025. */
export default function TermsPage() {
  return <LegalDocument words={TERMS[useLocale()]} />;
}
