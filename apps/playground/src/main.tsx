import "@tandem/ui/styles.css";
import "./playground.css";
import { StrictMode, useEffect } from "react";
import { createRoot } from "react-dom/client";
import { PageFrame } from "./shell/PageFrame";
import { PAGES } from "./shell/pages";
import { navigate, useLocation } from "./shell/router";
import { readSettings } from "./shell/settings";

function App() {
  const location = useLocation();
  const slug = location.pathname.replace(/^\/|\/$/g, "");
  const page = PAGES.find((p) => p.path === slug);
  useEffect(() => {
    if (!page) navigate(`/${PAGES[0]!.path}${location.search}`, true);
  }, [page, location.search]);
  // On a narrow window the features are a row that scrolls sideways: the current one in view.
  useEffect(() => {
    if (page) document.querySelector('.pg-sidebar a[aria-current="page"]')?.scrollIntoView({ block: "nearest", inline: "nearest" });
  }, [page]);
  return (
    <div className="pg-app">
      <nav className="pg-sidebar" aria-label="Features">
        <p className="pg-brand">Tandem playground</p>
        <ul>
          {PAGES.map((p) => (
            <li key={p.path}>
              <a
                href={`/${p.path}${location.search}`}
                aria-current={p === page ? "page" : undefined}
                onClick={(event) => {
                  event.preventDefault();
                  navigate(`/${p.path}${location.search}`);
                }}
              >
                {p.title}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <main className="tandem pg-main">{page && <PageFrame page={page} settings={readSettings(location, page.path)} />}</main>
    </div>
  );
}

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
