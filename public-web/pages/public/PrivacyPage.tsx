import { LegalDocument } from "../../components/content/LegalDocument";
import { useLocale } from "../../lib/i18n";
import { PRIVACY } from "./words/privacy";

/** Privacy Policy: effective May 26, 2025, eleven sections including children under 13. */
export default function PrivacyPage() {
  return <LegalDocument words={PRIVACY[useLocale()]} />;
}
