import { createRequire } from "node:module";
import type * as Ws from "ws";

/**
 * The `ws` package's Node build, loaded with Node's own resolution. Bundlers and test runners that
 * resolve for a browser (a jsdom test that starts the mock agent, a Vite SSR build) would otherwise
 * pick `ws/browser.js`, which has no server and throws.
 * @internal the package's own wiring (its declaration would need `@types/ws` in every app)
 */
export const ws: typeof Ws = createRequire(import.meta.url)("ws");
