// Placeholder: replaced by the page's owner.
export default function DashboardPage() {
  return <h1>Admin Dashboard</h1>;
}
