/** A quiet loading indicator with its text read aloud (and shown). */
export function Spinner({ label = "Loading..." }: { label?: string }) {
  return (
    <div className="spinner" role="status">
      <span className="spinner__circle" aria-hidden="true" />
      <span className="spinner__label">{label}</span>
    </div>
  );
}
