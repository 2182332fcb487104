import { composeEventHandlers } from "@radix-ui/primitive";
import { useComposedRefs } from "@radix-ui/react-compose-refs";
import {
  type ComponentPropsWithoutRef,
  createContext,
  type ForwardedRef,
  forwardRef,
  type KeyboardEvent,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import type { ChatTheme } from "../chat/Chat.js";
import { type ChatLabels, LabelsProvider, useLabels } from "../labels/labels.js";
import { cx } from "../util/cx.js";
import { type AsChildProp, slotOr } from "../util/Primitive.js";
import { type ThreadListEntry, useThreadList } from "./useThreadList.js";

/** Lets an item hand focus to the list when it goes away (a deleted thread). */
const ThreadListContext = createContext<{ focusCurrent(): void } | null>(null);

/** Props of `<ThreadList>`: a `<nav>`'s props, plus the theme and labels. */
export interface ThreadListProps extends ComponentPropsWithoutRef<"nav"> {
  /** "system" (default) follows the operating system's light or dark preference. */
  theme?: ChatTheme;
  /** Words to use instead of the English defaults (any subset); see `ChatLabels`. */
  labels?: Partial<ChatLabels>;
}

/**
 * The threads of `<AgentProvider storage>`: a `role="navigation"` named by the `threads` label
 * holding ThreadListNew, ThreadListItems and ThreadListStatus, or the `children` you compose
 * from them. Needs no `<Chat>`. The root has `data-state="saved|saving|failed"` (the storage's
 * status); other props go to it, and a ref reaches it.
 */
export const ThreadList = forwardRef<HTMLElement, ThreadListProps>(function ThreadList({ labels, ...props }, ref) {
  return (
    <LabelsProvider value={labels}>
      <ThreadListRoot {...props} rootRef={ref} />
    </LabelsProvider>
  );
});

function ThreadListRoot({
  theme = "system",
  className,
  children,
  rootRef,
  ...rest
}: Omit<ThreadListProps, "labels"> & { rootRef: ForwardedRef<HTMLElement> }) {
  const { storage, currentId } = useThreadList();
  const labels = useLabels();
  const own = useRef<HTMLElement | null>(null);
  const refs = useComposedRefs(rootRef, own);
  const wantsFocus = useRef(false);
  const [focusRequest, setFocusRequest] = useState(0);
  const context = useMemo(
    () => ({
      focusCurrent() {
        wantsFocus.current = true;
        setFocusRequest((n) => n + 1);
      },
    }),
    [],
  );
  // After a deletion, focus goes to the current thread (or the first), never to the page's body.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs again when a focus is asked for and when the current thread changes
  useEffect(() => {
    if (!wantsFocus.current || !own.current) return;
    const target =
      own.current.querySelector<HTMLElement>('[data-testid="thread-item"][aria-current="page"]') ??
      own.current.querySelector<HTMLElement>('[data-testid="thread-item"]');
    if (!target) return;
    wantsFocus.current = false;
    target.focus();
  }, [focusRequest, currentId]);
  return (
    <ThreadListContext.Provider value={context}>
      <nav
        aria-label={labels.threads}
        data-state={storage.kind}
        data-theme={theme}
        {...rest}
        ref={refs}
        className={cx("tandem", "tandem-thread-list", className)}
      >
        {children ?? (
          <>
            <ThreadListNew />
            <ThreadListItems />
            <ThreadListStatus />
          </>
        )}
      </nav>
    </ThreadListContext.Provider>
  );
}

/** Props of `<ThreadListNew>`: a button's props, and `asChild`. */
export interface ThreadListNewProps extends ComponentPropsWithoutRef<"button">, AsChildProp {}

/** Starts a new, empty thread and makes it current (`create()`). Named by the `newThread` label. */
export const ThreadListNew = forwardRef<HTMLButtonElement, ThreadListNewProps>(function ThreadListNew(
  { asChild, className, children, onClick, ...rest },
  ref,
) {
  const { create } = useThreadList();
  const labels = useLabels();
  const Button = slotOr(asChild, "button");
  return (
    <Button
      type="button"
      {...rest}
      ref={ref}
      className={cx("tandem-button", "tandem-thread-list__new", className)}
      onClick={composeEventHandlers(onClick, () => void create())}
    >
      {children ?? labels.newThread}
    </Button>
  );
});

/** Props of `<ThreadListItems>`: a `<ul>`'s props. */
export interface ThreadListItemsProps extends Omit<ComponentPropsWithoutRef<"ul">, "children"> {}

/** The list: one ThreadListItem per thread, the current one first while it is new. */
export const ThreadListItems = forwardRef<HTMLUListElement, ThreadListItemsProps>(function ThreadListItems({ className, ...rest }, ref) {
  const { entries } = useThreadList();
  return (
    <ul {...rest} ref={ref} className={cx("tandem-thread-list__items", className)}>
      {entries.map((entry) => (
        <ThreadListItem key={entry.id} thread={entry} />
      ))}
    </ul>
  );
});

type Mode = "idle" | "renaming" | "deleting";
type FocusTarget = "item" | "rename" | "delete";

/** Props of `<ThreadListItem>`: an `<li>`'s props, plus the thread entry it shows. */
export interface ThreadListItemProps extends ComponentPropsWithoutRef<"li"> {
  thread: ThreadListEntry;
}

/**
 * One thread: a button (`data-testid="thread-item"`, `aria-current="page"` when current) whose
 * text is the title, and beside it icon buttons to rename (an inline box: Enter saves, Escape
 * cancels) and delete (an inline confirmation). On the thread's button, F2 renames and Delete
 * asks to delete. The `li` has `data-state="idle|renaming|deleting"`. While a run goes on in the
 * thread (here or in another tab), the button has `data-running="true"` (else `"false"`), a dot
 * that takes no room, and the `threadRunning` label as its `aria-description`.
 */
export const ThreadListItem = forwardRef<HTMLLIElement, ThreadListItemProps>(function ThreadListItem({ thread, className, ...rest }, ref) {
  const { switchTo, rename, remove } = useThreadList();
  const list = useContext(ThreadListContext);
  const labels = useLabels();
  const [mode, setMode] = useState<Mode>("idle");
  /** The mode as handlers see it at once (a blur can come while the box is being removed). */
  const modeNow = useRef<Mode>("idle");
  const [draft, setDraft] = useState("");
  /** Shown from Enter until the storage has the new title. */
  const [pendingTitle, setPendingTitle] = useState<string | null>(null);
  const title = pendingTitle ?? thread.title;
  const shown = title || labels.untitledThread;

  const itemRef = useRef<HTMLButtonElement>(null);
  const renameRef = useRef<HTMLButtonElement>(null);
  const deleteRef = useRef<HTMLButtonElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  /** Where focus goes back to once the inline box or confirmation closes. */
  const back = useRef<FocusTarget | null>(null);

  useLayoutEffect(() => {
    if (mode === "renaming") {
      inputRef.current?.focus();
      inputRef.current?.select();
    } else if (mode === "deleting") {
      cancelRef.current?.focus();
    } else if (back.current) {
      const target = { item: itemRef, rename: renameRef, delete: deleteRef }[back.current].current ?? itemRef.current;
      back.current = null;
      target?.focus();
    }
  }, [mode]);

  const open = (next: Mode, from: FocusTarget) => {
    back.current = from;
    if (next === "renaming") setDraft(title);
    modeNow.current = next;
    setMode(next);
  };

  const close = () => {
    modeNow.current = "idle";
    setMode("idle");
  };

  const commit = () => {
    if (modeNow.current !== "renaming") return;
    const next = draft.trim();
    close();
    if (!next || next === thread.title) return;
    setPendingTitle(next);
    void rename(thread.id, next).finally(() => setPendingTitle(null));
  };

  const onItemKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (!thread.stored) return;
    if (event.key === "F2") {
      event.preventDefault();
      open("renaming", "item");
    } else if (event.key === "Delete") {
      event.preventDefault();
      open("deleting", "item");
    }
  };

  const onInputKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Enter") {
      event.preventDefault();
      commit();
    } else if (event.key === "Escape") {
      event.preventDefault();
      event.stopPropagation();
      close();
    }
  };

  // Leaving the box (Tab, a click elsewhere) keeps what was typed, as Enter does.
  const onInputBlur = () => {
    if (modeNow.current !== "renaming") return;
    back.current = null;
    commit();
  };

  const onConfirmKeyDown = (event: KeyboardEvent<HTMLFieldSetElement>) => {
    if (event.key !== "Escape") return;
    event.preventDefault();
    event.stopPropagation();
    close();
  };

  const confirmDelete = () => {
    back.current = null;
    close();
    void remove(thread.id).then(() => list?.focusCurrent());
  };

  return (
    <li data-state={mode} {...rest} ref={ref} className={cx("tandem-thread-list__item", className)}>
      {mode === "renaming" ? (
        <input
          ref={inputRef}
          className="tandem-thread-list__input"
          aria-label={labels.threadTitle}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onInputKeyDown}
          onBlur={onInputBlur}
        />
      ) : (
        <button
          ref={itemRef}
          type="button"
          data-testid="thread-item"
          data-untitled={title ? undefined : ""}
          data-running={thread.running}
          aria-current={thread.current ? "page" : undefined}
          aria-description={thread.running ? labels.threadRunning : undefined}
          className="tandem-thread-list__switch"
          onClick={() => switchTo(thread.id)}
          onKeyDown={onItemKeyDown}
        >
          {shown}
        </button>
      )}
      {mode === "idle" && thread.stored && (
        <span className="tandem-thread-list__actions">
          <button
            ref={renameRef}
            type="button"
            className="tandem-thread-list__action"
            aria-label={labels.renameThread(shown)}
            title={labels.renameThread(shown)}
            onClick={() => open("renaming", "rename")}
          >
            <PencilIcon />
          </button>
          <button
            ref={deleteRef}
            type="button"
            className="tandem-thread-list__action"
            aria-label={labels.deleteThread(shown)}
            title={labels.deleteThread(shown)}
            onClick={() => open("deleting", "delete")}
          >
            <TrashIcon />
          </button>
        </span>
      )}
      {mode === "deleting" && (
        <fieldset className="tandem-thread-list__confirm" onKeyDown={onConfirmKeyDown}>
          <legend className="tandem-thread-list__question">{labels.confirmDeleteThread(shown)}</legend>
          <button type="button" className="tandem-button tandem-thread-list__delete" onClick={confirmDelete}>
            {labels.delete}
          </button>
          <button ref={cancelRef} type="button" className="tandem-button" onClick={close}>
            {labels.cancel}
          </button>
        </fieldset>
      )}
    </li>
  );
});

/** Props of `<ThreadListStatus>`: a `<p>`'s props. */
export interface ThreadListStatusProps extends Omit<ComponentPropsWithoutRef<"p">, "children"> {}

/**
 * A polite live region (`role="status"`, `data-state` the storage's status): empty while threads
 * are saved, the storage's message (through the `cannotSave` label) when they cannot be. Always in
 * the page, so the change is read out.
 */
export const ThreadListStatus = forwardRef<HTMLParagraphElement, ThreadListStatusProps>(function ThreadListStatus(
  { className, ...rest },
  ref,
) {
  const { storage } = useThreadList();
  const labels = useLabels();
  const failed = storage.kind === "failed";
  return (
    <p
      role="status"
      aria-live="polite"
      data-state={storage.kind}
      {...rest}
      ref={ref}
      className={cx("tandem-thread-list__status", className)}
    >
      {failed ? labels.cannotSave(storage.message) : null}
    </p>
  );
});

const PencilIcon = () => (
  <svg aria-hidden="true" focusable="false" width="16" height="16" viewBox="0 0 16 16" fill="none" stroke="currentColor" strokeWidth="1.5">
    <path d="M11 2.5l2.5 2.5L5.5 13H3v-2.5z" strokeLinejoin="round" />
  </svg>
);

const TrashIcon = () => (
  <svg aria-hidden="true" focusable="false" width="16" height="16" viewBox="0 0 16 16" fill="none" stroke="currentColor" strokeWidth="1.5">
    <path d="M3 4.5h10M6.5 4.5V3h3v1.5M4.5 4.5l.7 8.5h5.6l.7-8.5" strokeLinejoin="round" strokeLinecap="round" />
  </svg>
);
