import { type ComponentPropsWithoutRef, forwardRef, useEffect, useRef } from "react";
import { useLabels } from "../labels/labels.js";
import { usePart } from "../parts/registry.js";
import { cx } from "../util/cx.js";
import { ActionButton, type PartButtonProps } from "../util/Primitive.js";
import { useComposerContext } from "./context.js";
import { loadedFiles, loadFiles } from "./lazyFiles.js";

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
  const { items, remove } = attachments;
  const AttachmentChips = usePart("AttachmentChips");

  useEffect(showList, [showList]);

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
      {/* Files are only ever added once the file handling (the chips with it) has loaded; from then on the chips stay mounted, to move focus after the last removal. */}
      {loadedFiles() && <AttachmentChips items={items} remove={remove} inputRef={inputRef} />}
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
        action={() => {
          // What handles the files loads while the user picks them.
          loadFiles().catch(() => undefined);
          input.current?.click();
        }}
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
