// Placeholder: replaced by the page's owner.
export default function PrivacyPage() {
  return <h1>Privacy Policy</h1>;
}
