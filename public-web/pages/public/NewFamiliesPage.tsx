// Placeholder: replaced by the page's owner.
export default function NewFamiliesPage() {
  return <h1>New Families</h1>;
}
