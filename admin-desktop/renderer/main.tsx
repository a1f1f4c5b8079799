import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./App";
import { startDesktopBridge } from "./desktop";
import "./styles.css";

// A file dropped outside the drop zone must not make the window open it (main also refuses the navigation).
for (const type of ["dragover", "drop"] as const) window.addEventListener(type, (e) => e.preventDefault());

startDesktopBridge();
createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
