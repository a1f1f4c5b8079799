// Placeholder: replaced by the page's owner.
export default function SupportPage() {
  return <h1>Finding Support</h1>;
}
