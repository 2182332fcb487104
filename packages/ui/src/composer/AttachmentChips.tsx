import { type RefObject, useEffect, useRef, useState } from "react";
import { useLabels } from "../labels/labels.js";
import { formatSize } from "../util/formatSize.js";
import { categoryOf } from "./attachments.js";
import type { PendingAttachment } from "./attachmentTypes.js";

/** An image's preview URL while the chip is shown; revoked when it goes (removed, sent, unmounted). */
function usePreview(file: File): string | undefined {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (categoryOf(file) !== "image" || typeof URL.createObjectURL !== "function") return;
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url;
}

interface ChipProps {
  item: PendingAttachment;
  onRemove: () => void;
  buttonRef: (button: HTMLButtonElement | null) => void;
}

function AttachmentChip({ item, onRemove, buttonRef }: ChipProps) {
  const labels = useLabels();
  const preview = usePreview(item.file);
  const { name, size } = item.file;
  return (
    <li data-testid="attachment" data-state={item.state} className="tandem-attachment">
      {preview && <img className="tandem-attachment__preview" src={preview} alt="" />}
      <span className="tandem-attachment__name">{name}</span>
      <span className="tandem-attachment__meta">{item.state === "uploading" ? labels.uploading : formatSize(size)}</span>
      <button ref={buttonRef} type="button" className="tandem-attachment__remove" title={labels.removeAttachment(name)} onClick={onRemove}>
        <span aria-hidden="true">×</span>
        <span className="tandem-visually-hidden">{labels.removeAttachment(name)}</span>
      </button>
    </li>
  );
}

/** Props of the chips: the composer's files, how to remove one, and the message box (focus goes there after the last removal). */
export interface AttachmentChipsProps {
  items: readonly PendingAttachment[];
  remove: (id: string) => void;
  inputRef: RefObject<HTMLTextAreaElement | null>;
}

/**
 * One chip per file going with the message, each with its Remove button. Removing moves focus to
 * the next chip's Remove button, or to the message box.
 */
export function AttachmentChips({ items, remove, inputRef }: AttachmentChipsProps) {
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  // Where focus goes once a removal has rendered: a chip's id, or null for the message box.
  const focusNext = useRef<string | null | undefined>(undefined);
  useEffect(() => {
    const next = focusNext.current;
    if (next === undefined) return;
    focusNext.current = undefined;
    ((next !== null && buttons.current.get(next)) || inputRef.current)?.focus();
  });
  return items.map((item, index) => (
    <AttachmentChip
      key={item.id}
      item={item}
      buttonRef={(button) => {
        if (button) buttons.current.set(item.id, button);
        else buttons.current.delete(item.id);
      }}
      onRemove={() => {
        focusNext.current = items[index + 1]?.id ?? null;
        remove(item.id);
      }}
    />
  ));
}

declare module "../parts/registry.js" {
  interface ChatParts {
    /** The chips of the files attached to the message being written. */
    AttachmentChips: AttachmentChipsProps;
  }
}
