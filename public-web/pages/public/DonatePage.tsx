// Placeholder: replaced by the page's owner.
export default function DonatePage() {
  return <h1>Donate</h1>;
}
