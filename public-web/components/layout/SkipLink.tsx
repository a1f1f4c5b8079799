/** The first stop of the Tab key: jumps past the header to the page's main content. */
export function SkipLink() {
  return (
    <a className="skip-link" href="#main">
      Skip to main content
    </a>
  );
}
