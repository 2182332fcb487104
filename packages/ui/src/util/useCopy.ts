import { useEffect, useRef, useState } from "react";

/** Copies text to the clipboard; `copied` stays true for a moment after. */
export function useCopy(resetAfter = 2000): {
  copied: boolean;
  /** Writes `text` to the clipboard; without a clipboard (or if refused) it does nothing. */
  copy: (text: string) => Promise<void>;
} {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      return; // no clipboard (insecure context, denied): nothing to confirm
    }
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), resetAfter);
  };
  return { copied, copy };
}
