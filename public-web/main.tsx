import { createRoot } from "react-dom/client";

// Placeholder until the public site lands: the server issue needs only a page to serve.
const root = document.getElementById("root");
if (root) createRoot(root).render(<main><h1>Garden of Remembrance</h1><p>The website is being built.</p></main>);
