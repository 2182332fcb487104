import { createContext, type RefObject, useContext } from "react";
import type { UseComposer } from "./useComposer.js";

export interface ComposerContextValue extends UseComposer {
  /** The message box, for focus to come back to (ComposerInput attaches it). */
  inputRef: RefObject<HTMLTextAreaElement | null>;
  /** The attachments' live region, which describes the message box; absent when attachments are off. */
  noticeId: string | undefined;
  /** ComposerAttachments says it is shown: paste and drop take files only where the user sees them. */
  showList: () => () => void;
}

export const ComposerContext = createContext<ComposerContextValue | null>(null);

export function useComposerContext(part: string): ComposerContextValue {
  const value = useContext(ComposerContext);
  if (!value) throw new Error(`<${part}> must be inside <Composer>.`);
  return value;
}
