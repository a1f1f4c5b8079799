// Placeholder: replaced by the page's owner.
export default function BurialCremationPage() {
  return <h1>Burial & Cremation</h1>;
}
