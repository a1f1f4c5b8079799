import { StrictMode, Suspense } from "react";
import { createRoot } from "react-dom/client";
import { createBrowserRouter, RouterProvider } from "react-router-dom";
import { ROUTES, lazyPage } from "./routes";

// Minimal client entry; the public-site engineer replaces it with hydration of server-rendered pages.
const router = createBrowserRouter(
  ROUTES.map((route) => {
    const Page = lazyPage(route);
    return { path: route.path, element: <Suspense fallback={null}><Page /></Suspense> };
  }),
);

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
