import { type ComponentPropsWithoutRef, forwardRef, useEffect, useRef, useState } from "react";
import { useLabels } from "../labels/labels.js";
import { cx } from "../util/cx.js";
import { ActionButton, type PartButtonProps } from "../util/Primitive.js";
import { categoryOf, formatSize } from "./attachments.js";
import { useComposerContext } from "./context.js";
import type { PendingAttachment } from "./useAttachments.js";

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

/** Props of `<ComposerAttachments>`: a `<ul>`'s props. */
export interface ComposerAttachmentsProps extends Omit<ComponentPropsWithoutRef<"ul">, "children"> {}

/**
 * The files going with the message (`role="list"` named by the `attachments` label, `hidden`
 * while there are none): one `data-testid="attachment"` chip each, with `data-state`
 * ready|uploading|unsupported, an image's preview, and its Remove button. Removing moves focus
 * to the next chip's Remove button, or to the message box. While it is mounted, paste and drop
 * on the composer add files.
 */
export const ComposerAttachments = forwardRef<HTMLUListElement, ComposerAttachmentsProps>(function ComposerAttachments(
  { className, ...rest },
  ref,
) {
  const { attachments, inputRef, showList } = useComposerContext("ComposerAttachments");
  const labels = useLabels();
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  // Where focus goes once a removal has rendered: a chip's id, or null for the message box.
  const focusNext = useRef<string | null | undefined>(undefined);
  const { items, remove } = attachments;

  useEffect(showList, [showList]);
  useEffect(() => {
    const next = focusNext.current;
    if (next === undefined) return;
    focusNext.current = undefined;
    ((next !== null && buttons.current.get(next)) || inputRef.current)?.focus();
  });

  return (
    <ul
      // biome-ignore lint/a11y/noRedundantRoles: a list without bullets loses its list role in Safari unless it is explicit
      role="list"
      aria-label={labels.attachments}
      hidden={items.length === 0}
      {...rest}
      ref={ref}
      className={cx("tandem-attachments", className)}
    >
      {items.map((item, index) => (
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
      ))}
    </ul>
  );
});

/** Props of `<ComposerAttachButton>`: a button's props, and `asChild`. */
export interface ComposerAttachButtonProps extends PartButtonProps {}

/**
 * Opens the file picker: a button and a hidden `input[type=file]` (`multiple`, `accept` from
 * what the agent takes, out of the tab order and the accessibility tree), both named by the
 * `attachFiles` label. Not rendered when the agent takes no files.
 */
export const ComposerAttachButton = forwardRef<HTMLButtonElement, ComposerAttachButtonProps>(function ComposerAttachButton(props, ref) {
  const { attachments } = useComposerContext("ComposerAttachButton");
  const labels = useLabels();
  const input = useRef<HTMLInputElement>(null);
  if (!attachments.canAttach) return null;
  return (
    <>
      <ActionButton
        title={labels.attachFiles}
        {...props}
        ref={ref}
        action={() => input.current?.click()}
        label={
          <>
            <span aria-hidden="true">+</span>
            <span className="tandem-visually-hidden">{labels.attachFiles}</span>
          </>
        }
        classes="tandem-button tandem-composer__attach"
      />
      <input
        ref={input}
        type="file"
        multiple
        accept={attachments.accept}
        aria-label={labels.attachFiles}
        // The button is what people and assistive technology use; browsers expose a file input as a second button.
        aria-hidden="true"
        tabIndex={-1}
        className="tandem-visually-hidden"
        onChange={(event) => {
          attachments.add(Array.from(event.target.files ?? []));
          // The same file picked again is a new change.
          event.target.value = "";
        }}
      />
    </>
  );
});
