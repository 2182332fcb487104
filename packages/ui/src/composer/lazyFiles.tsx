import { loadOnce } from "@tandem/core";
import { LazyUserFilePart } from "../chat/lazyParts.js";
import { lazyPart } from "../util/lazyPart.js";
import type { AttachmentChipsProps } from "./AttachmentChips.js";

// What handles files is loaded when the first one is picked, pasted or dropped (or as the user
// reaches for the attach button or drags files over the composer): a chat whose users never
// attach a file does not load it. The attach button, paste and drop stay in the first load.

type Files = typeof import("./attachments.js");

/** The files' chips in the composer's list (loaded with the file handling, see `loadFiles`). */
export const LazyAttachmentChips = lazyPart<AttachmentChipsProps, never>(() =>
  import("./AttachmentChips.js").then((m) => m.AttachmentChips),
);

/** The file handling once loaded, else undefined. */
export const loadedFiles = (): Files | undefined => loadFiles.loaded();

/** Loads the file handling, the chips, and how a sent file shows in the transcript; after a failure, the next call tries again. */
export const loadFiles = loadOnce(() =>
  Promise.all([import("./attachments.js"), LazyAttachmentChips.preload(), LazyUserFilePart.preload()]).then(([files]) => files),
);
