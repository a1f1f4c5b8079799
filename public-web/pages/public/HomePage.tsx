// Placeholder: replaced by the page's owner.
export default function HomePage() {
  return <h1>Home</h1>;
}
