import { loadOnce } from "@tandem/core";
import { preloadPart } from "../parts/registry.js";

// What handles files is loaded when the first one is picked, pasted or dropped (or as the user
// reaches for the attach button or drags files over the composer): a chat whose users never
// attach a file does not load it. The attach button, paste and drop stay in the first load.

type Files = typeof import("./attachments.js");

/** The file handling once loaded, else undefined. */
export const loadedFiles = (): Files | undefined => loadFiles.loaded();

/** Loads the file handling, the chips, and how a sent file shows in the transcript; after a failure, the next call tries again. */
export const loadFiles = loadOnce(() =>
  Promise.all([import("./attachments.js"), preloadPart("AttachmentChips"), preloadPart("UserFilePart")]).then(([files]) => files),
);

/** Loads the file handling ahead of the first file (see `loadFiles`); settles when it is in. */
export const preloadFiles = (): Promise<void> => loadFiles().then(() => undefined);
