import { Link } from "react-router-dom";
import { URGENT_RESPONSE_TARGET } from "../../../shared/constants";
import { Card, PageHero, Section } from "../../components/content/Blocks";
import { EmailLink, PhoneLink, PhoneList } from "../../components/content/Contact";
import { ExternalLink } from "../../components/content/ExternalLink";
import { rich, useT } from "../../lib/i18n";
import { useSite } from "../../lib/site";
import { MailIcon } from "../../components/ui/icons/MailIcon";
import { PhoneIcon } from "../../components/ui/icons/PhoneIcon";

/** New Families: registration by phone, the under-construction email/text form, peer group and the e-document. */
export default function NewFamiliesPage() {
  const site = useSite();
  const t = useT();
  return (
    <>
      <PageHero
        eyebrow={t("Start Here")}
        title={t("New Families")}
        lead={t(
          "We are so sorry for the loss of your baby. To receive our help, families are asked to register with us first. It takes only a few minutes, and a caring volunteer will guide you.",
        )}
      >
        <ul className="phone-links" aria-label={t("Call us to register")}>
          {site.phones.map((p) => (
            <li key={p.number}>
              <PhoneLink number={p.number} className="btn btn--accent">
                {t("Call {label}: {number}", { label: p.label, number: p.number })}
              </PhoneLink>
            </li>
          ))}
        </ul>
      </PageHero>

      <Section
        id="register"
        title={t("How to Register")}
        intro={t("Registration is required of every family we serve, so that we can understand your needs and respond quickly.")}
      >
        <div className="grid grid--2">
          <Card title={t("Register by Phone")} icon={<PhoneIcon />}>
            <p>
              {rich(
                t(
                  "The quickest way is to call us at {phones}. A volunteer will ask a few gentle questions about you and your baby and explain what happens next. Urgent needs are answered {target}.",
                ),
                { phones: <PhoneList />, target: t(URGENT_RESPONSE_TARGET) },
              )}
            </p>
          </Card>
          <Card title={t("Register by Email or Text")} icon={<MailIcon />}>
            <p>
              <span className="under-construction">{t("Under construction")}</span>
            </p>
            <p>
              {rich(
                t(
                  "Our online email and text registration form is still being built. Until it is ready, please call {phones} or write to {email} and we will reply as soon as we can.",
                ),
                { phones: <PhoneList />, email: <EmailLink /> },
              )}
            </p>
          </Card>
        </div>
      </Section>

      <Section id="peer-group" tone="soft" title={t("A Peer Group Who Understands")}>
        <div className="prose">
          <p>
            {t(
              "Our volunteers are ordinary people who have also lost a child. They know the silence that can follow a loss, and they offer a listening ear, prayer and practical help with arrangements. Many families tell us that simply speaking with someone who has walked this road brings a measure of peace.",
            )}
          </p>
          <p className="notice">
            {t(
              "Please note: our volunteers are not medical professionals, and nothing we share is medical advice. For questions about your health or your recovery, please speak with your doctor or midwife.",
            )}
          </p>
        </div>
      </Section>

      <Section id="after-registration" title={t("After You Register")}>
        <div className="prose">
          <p>
            {t(
              "Once you have registered, we send you a link to a short e-document that explains how our apostolate works: how we help with burial or cremation, who will be in touch, and the support that continues afterwards.",
            )}
            {site.eDocumentUrl ? (
              <> {rich(t("You can also {link}."), { link: <ExternalLink href={site.eDocumentUrl}>{t("read the e-document here")}</ExternalLink> })}</>
            ) : null}
          </p>
          <p>
            {rich(t("You may also wish to {burial} or {garden}."), {
              burial: <Link to="/burial-cremation">{t("learn about burial and cremation")}</Link>,
              garden: <Link to="/garden-of-remembrance">{t("plant a flower in our Garden of Remembrance")}</Link>,
            })}
          </p>
        </div>
      </Section>
    </>
  );
}
