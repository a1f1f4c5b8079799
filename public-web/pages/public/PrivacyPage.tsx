import { Link } from "react-router-dom";
import { EmailLink, MailingAddress } from "../../components/content/Contact";
import { useSite } from "../../lib/site";
import "../../styles/content.css";

/** Privacy Policy: effective May 26, 2025, eleven sections including children under 13. */
export default function PrivacyPage() {
  const site = useSite();
  return (
    <article className="container section">
      <div className="prose">
        <h1>Privacy Policy</h1>
        <p className="effective-date">Effective date: May 26, 2025</p>
        <p>
          {site.organisationName} respects your privacy, especially at a time of loss. This policy explains what information we collect through this website,
          how we use it and the choices you have.
        </p>

        <h2>1. Information We Collect</h2>
        <p>
          We collect the information you choose to give us: your name, email address and phone number when you request assistance; your name, email and your
          baby's name and date of loss when you add a memorial flower; your first and last name and your story when you share a testimonial; and your name when
          you leave a comment. We also keep basic technical records, such as the time of a request, to keep the website working and safe.
        </p>

        <h2>2. How We Use Your Information</h2>
        <p>
          We use your information to respond to you, to provide the support you asked for, to publish the memorial details or testimonial you submitted once
          they are reviewed, to send the monthly updates you asked for, and to protect the website from misuse. Your email address and your own name are never
          shown on the public memorial.
        </p>
        <p>
          When you add a memorial flower, our emails to you carry a private link to manage it, without an account: you can withdraw the memorial, turn comments
          off, show only the first letter of the surname, stop or start the monthly updates, or delete everything about it. If you asked for the monthly
          updates, you are on our list until you leave it with that link, with one click on &ldquo;Unsubscribe&rdquo; in any of the updates, or by writing to
          us. A withdrawn memorial can be brought back for 30 days; after that it is deleted, from our backups too.
        </p>
        {site.remembranceNotes ? (
          <p>
            If you ask for a gentle note on the dates you choose (your baby&rsquo;s anniversary, the due date, or a day of remembrance), we keep those dates as
            a month and a day, and your time zone, with the memorial. We send nothing until you confirm by email, then one short note on the morning of each
            date, never more than one in 14 days, and never a request for donations. Every note lets you stop them with one click, or pause them until next
            year. We keep your choice until you stop the notes, withdraw the memorial or delete it; withdrawing or deleting the memorial stops them at once. Our
            volunteers see only how many families receive notes, never who.
          </p>
        ) : null}
        {site.assistanceRetentionDays ? (
          <p>{`We keep a request for assistance for ${site.assistanceRetentionDays} days after you send it, long enough to help you and to follow up, and then we delete it, along with our team's copy of it.`}</p>
        ) : null}

        <h2>3. Cookies and Analytics</h2>
        <p>
          Visitors do not need cookies to browse. Our administrators' sign-in uses one essential cookie to keep their session. When a form is sent from a
          browser without JavaScript, one short-lived cookie holding only a random number lets the next page thank you once; it ends within ten minutes. Opening
          your private link to manage a memorial sets one cookie, sent only to that page, which ends within half an hour. We do not use advertising cookies, and
          we do not sell or track your browsing for marketing.
        </p>

        <h2>4. Third-Party Services</h2>
        <p>
          Donations are processed by an outside donation platform, which handles your payment details under its own privacy policy. We may use trusted service
          providers, such as an email service, only to operate the website and our apostolate.
        </p>

        <h2>5. Sharing Your Information</h2>
        <p>
          We do not sell, rent or trade your personal information. We share it only when you ask us to, with volunteers who help your family, with providers who
          act on our behalf, or when the law requires it.
        </p>

        <h2>6. Security</h2>
        <p>
          We take reasonable steps to protect your information from loss, misuse and unauthorised access, and only authorised volunteers can reach it. No
          website can be perfectly secure, so please share only what you are comfortable sharing.
        </p>

        <h2>7. Children Under 13</h2>
        <p>
          This website is meant for adults. We do not knowingly collect personal information from children under 13. If you believe a child has sent us
          information, please contact us and we will delete it.
        </p>

        <h2>8. Links to Other Sites</h2>
        <p>Our pages link to other organisations. Their privacy practices are their own, and we encourage you to read their policies when you visit them.</p>

        <h2>9. Mailing Address</h2>
        <p>You can write to us by post at:</p>
        <MailingAddress />

        <h2>10. Changes to This Policy</h2>
        <p>
          We may update this policy from time to time. The effective date at the top shows when it last changed, and important changes will be noted on this
          page.
        </p>

        <h2>11. Contact Us</h2>
        <p>
          If you have questions about your privacy, or you would like us to correct or delete your information, please email <EmailLink />. See also our{" "}
          <Link to="/terms-of-service">Terms of Service</Link>.
        </p>
      </div>
    </article>
  );
}
