import { agUi } from "./agUi";
import type { Dialect } from "./types";

export interface Route {
  method: "POST";
  /** Matched against the path; named groups become `params` (`scenario` picks a scenario). */
  pattern: RegExp;
  dialect: Dialect;
}

/** Dialects by URL. The first matching route wins. */
export const routes: Route[] = [
  { method: "POST", pattern: /^\/$/, dialect: agUi },
  { method: "POST", pattern: /^\/(?<scenario>[a-z-]+)\/?$/, dialect: agUi },
];

export { RequestError, type Dialect, type EventWriter, type RequestInfo } from "./types";
