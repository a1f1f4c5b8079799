// Placeholder: replaced by the page's owner.
export default function ShareTestimonialPage() {
  return <h1>Share Your Story</h1>;
}
