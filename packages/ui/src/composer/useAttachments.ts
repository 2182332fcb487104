import {
  type AttachmentKind,
  type PendingAttachment,
  useAgentClient,
  useCapabilities,
  useComposerDraft,
  useComposerRuntime,
  useLatest,
} from "@tandem/react";
import { type ClipboardEvent, type Dispatch, type DragEvent, type SetStateAction, useCallback, useEffect, useRef, useState } from "react";
import { useLabels } from "../labels/labels.js";
import type { AttachmentOptions, SetAttachments } from "./attachmentTypes.js";
import { loadedFiles, loadFiles } from "./lazyFiles.js";
import { acceptAttribute, offeredCategories } from "./offered.js";

export type { AttachmentOptions, PendingAttachment, SetAttachments } from "./attachmentTypes.js";

type DropHandler = (event: DragEvent<HTMLElement>) => void;

/** The composer's pending files and what to do with them: add, remove, and paste and drop handlers. */
export interface UseAttachments {
  items: readonly PendingAttachment[];
  /** Adds what it can; each refused file is said in `notice`, and the others are still added. */
  add: (files: Iterable<File>) => void;
  /** Removes an attachment (aborting its upload). */
  remove: (id: string) => void;
  /** Some file can be attached: the agent takes at least one kind the app accepts. */
  canAttach: boolean;
  /** The file input's `accept`, when it can be said. */
  accept: string | undefined;
  /** Why files were refused, an upload failed, or pending files cannot be sent; null when all is well. */
  notice: string | null;
  /** Files are being dragged over the drop target. */
  dragging: boolean;
  /** Paste (clipboard files) and drop handlers, for the element that takes files. */
  handlers: {
    /** Adds the pasted files; the text is pasted too when the clipboard has some. */
    onPaste: (event: ClipboardEvent<HTMLElement>) => void;
    onDragEnter: DropHandler;
    onDragOver: DropHandler;
    onDragLeave: DropHandler;
    onDrop: DropHandler;
  };
}

/** What useComposer needs besides the public surface: stable setters for send and restore. */
export interface AttachmentsState extends UseAttachments {
  set: SetAttachments;
  say: Dispatch<SetStateAction<string | null>>;
  /** Nothing is uploading or unsupported, and no file picked, pasted or dropped waits for the file handling to load. */
  ready: boolean;
}

const MB = 1024 * 1024;
const selectAttachments = (s: { attachments: readonly PendingAttachment[] }) => s.attachments;
let lastId = 0;

const hasFiles = (event: DragEvent<HTMLElement>) => Array.from(event.dataTransfer?.types ?? []).includes("Files");

/**
 * The composer's files: kept in the draft of the provider's `ComposerRuntime` (so they come back
 * with a failed message), with the picker's limits, uploads, drag state and notices here.
 */
export function useAttachments(options: AttachmentOptions | false = {}): AttachmentsState {
  const labels = useLabels();
  const client = useAgentClient();
  const capabilities = useCapabilities();
  const on = options !== false;
  const { maxFileSize = 10 * MB, maxFiles = 10, accept } = on ? options : {};
  const upload = useLatest(on ? options.upload : undefined);
  const [carried, setCarried] = useState<readonly AttachmentKind[]>([]);
  const composer = useComposerRuntime();
  const stored = useComposerDraft(selectAttachments);
  const set = useCallback<SetAttachments>((next) => composer.setAttachments(next), [composer]);
  const [said, say] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  /** Files picked, pasted or dropped that wait for the file handling to load: the message waits for them. */
  const [held, setHeld] = useState(0);
  const depth = useRef(0);
  const uploads = useRef(new Map<string, AbortController>());

  useEffect(() => {
    if (!on) return;
    let live = true;
    client.attachmentKinds.then(
      (kinds) => live && setCarried(kinds),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [client, on]);

  useEffect(() => {
    const running = uploads.current;
    return () => {
      // The draft outlives the composer: a file whose upload is cut off here leaves it.
      const cut = new Set(running.keys());
      for (const controller of running.values()) controller.abort();
      if (cut.size > 0) composer.setAttachments((s) => s.filter((i) => !cut.has(i.id)));
    };
  }, [composer]);

  const offered = offeredCategories(on ? carried : [], capabilities, accept);
  // Files are only ever added once the file handling has loaded.
  const files = stored.length > 0 ? loadedFiles() : undefined;
  const items = files
    ? stored.map((item) => (files.accepts(item.file, offered, accept) ? item : { ...item, state: "unsupported" as const }))
    : stored;
  const unsupported = items.filter((item) => item.state === "unsupported");
  const notice =
    [
      files &&
        unsupported.length > 0 &&
        labels.attachmentsNotSupported(files.describeCategories(unsupported.map((i) => files.categoryOf(i.file)))),
      said,
    ]
      .filter(Boolean)
      .join(" ") || null;

  const present = useRef(0);
  present.current = stored.length;
  const add = (incoming: Iterable<File>) => {
    const picked = Array.from(incoming);
    if (picked.length === 0) return;
    const take = ({ sortFiles, startUpload }: NonNullable<typeof files>) => {
      const { taken, refused } = sortFiles(picked, { offered, accept, maxFileSize, maxFiles, present: present.current, labels });
      const send = upload.current;
      const added = taken.map((file): PendingAttachment => ({ id: `attachment-${++lastId}`, file, state: send ? "uploading" : "ready" }));
      present.current += added.length;
      say(refused.join(" ") || null);
      set((s) => [...s, ...added]);
      if (send) for (const item of added) startUpload(item, send, { set, say, uploads: uploads.current, labels });
    };
    // The first files wait for the file handling to load (the picked files are held meanwhile,
    // and Send with them: the message they were added to must not go out without them).
    const ready = loadedFiles();
    if (ready) {
      take(ready);
      return;
    }
    setHeld((n) => n + 1);
    loadFiles()
      .then(take, () => say(labels.attachmentsNotLoaded))
      .finally(() => setHeld((n) => n - 1));
  };

  const remove = useCallback(
    (id: string) => {
      uploads.current.get(id)?.abort();
      set((s) => s.filter((i) => i.id !== id));
    },
    [set],
  );

  const endDrag = () => {
    depth.current = 0;
    setDragging(false);
  };

  return {
    items,
    add,
    remove,
    canAttach: offered.size > 0,
    accept: acceptAttribute(offered, accept),
    notice,
    dragging,
    handlers: {
      onPaste: (event) => {
        const files = Array.from(event.clipboardData?.files ?? []);
        if (files.length === 0) return;
        // Files copied along with text (a spreadsheet's cells) keep their text too.
        if (!event.clipboardData.getData("text/plain")) event.preventDefault();
        add(files);
      },
      onDragEnter: (event) => {
        if (!hasFiles(event)) return;
        event.preventDefault();
        loadFiles().catch(() => undefined);
        depth.current += 1;
        setDragging(offered.size > 0);
      },
      onDragOver: (event) => {
        if (!hasFiles(event)) return;
        // Without this the browser would open the file in place of the page.
        event.preventDefault();
        event.dataTransfer.dropEffect = "copy";
      },
      onDragLeave: (event) => {
        // Leaving the form for one of its own children counts too: only the last leave ends the drag.
        if (hasFiles(event) && --depth.current <= 0) endDrag();
      },
      onDrop: (event) => {
        if (!hasFiles(event)) return;
        event.preventDefault();
        endDrag();
        add(Array.from(event.dataTransfer.files));
      },
    },
    set,
    say,
    ready: held === 0 && !items.some((i) => i.state !== "ready"),
  };
}
