// Placeholder: replaced by the page's owner.
export default function SupportDonationPage() {
  return <h1>Support Our Mission</h1>;
}
