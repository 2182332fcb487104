// Loads every default part <Chat> loads on first use before a test file runs (a setup file of the
// ui project): tests of what a part does see it in the render that asks for it. What `preloadChat`
// does, less the Markdown renderer, which Markdown's own tests load (some with a module mocked).
import { preloadDefaultParts } from "../chat/defaultParts.js";
import { preloadFiles } from "../composer/lazyFiles.js";

await Promise.all([preloadDefaultParts(), preloadFiles()]);
