// Placeholder: replaced by the page's owner.
export default function SupportResourcesPage() {
  return <h1>Support & Resources</h1>;
}
