interface AccessDeniedProps {
  username: string;
  role: string;
  onLogout?(): void;
}

/** What a signed-in person without the admin role sees at /admin. */
export function AccessDenied({ username, role, onLogout }: AccessDeniedProps) {
  return (
    <div className="admin-denied">
      <h1>Access Denied</h1>
      <p>This area is restricted to administrators only. You do not have the required permissions to access this page.</p>
      <p className="admin-denied__who">
        Signed in as <strong>{username}</strong> with the role <strong>{role}</strong>.
      </p>
      {onLogout ? (
        <button type="button" className="btn btn--secondary" onClick={onLogout}>
          Logout
        </button>
      ) : null}
    </div>
  );
}
