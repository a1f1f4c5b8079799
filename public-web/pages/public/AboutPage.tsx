// Placeholder: replaced by the page's owner.
export default function AboutPage() {
  return <h1>About Us</h1>;
}
