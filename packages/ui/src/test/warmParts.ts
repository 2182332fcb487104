// Loads every part <Chat> loads on first use before a test file runs (a setup file of the ui
// project): tests of what a part does see it in the render that asks for it.
import * as parts from "../chat/lazyParts.js";
import { loadFiles } from "../composer/lazyFiles.js";

await Promise.all([...Object.values(parts).map((part) => part.preload()), loadFiles()]);
