// Placeholder: replaced by the page's owner.
export default function GardenPage() {
  return <h1>Garden of Remembrance</h1>;
}
