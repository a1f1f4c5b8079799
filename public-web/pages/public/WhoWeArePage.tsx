// Placeholder: replaced by the page's owner.
export default function WhoWeArePage() {
  return <h1>Who We Are</h1>;
}
