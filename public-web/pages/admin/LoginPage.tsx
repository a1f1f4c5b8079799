// Placeholder: replaced by the page's owner.
export default function LoginPage() {
  return <h1>Administrator Login</h1>;
}
