import { recognizerClass } from "./speechRecognition.js";

/** What a dictation reports: the words so far (final, then interim), its end, and errors. */
export interface DictationListener {
  /** `text` is every word heard so far; `final` is false while the last words may still change. */
  onText(text: string, final: boolean): void;
  /** Listening stopped, by `stop()` or by itself; `error` is the recognizer's code when it failed. */
  onEnd(error?: string): void;
}

/** One dictation: listens until `stop()` (what was heard is kept) or `abort()` (dropped). */
export interface Dictation {
  stop(): void;
  abort(): void;
}

/**
 * Starts listening with the browser's recognizer, in `lang`: interim words as they come, until
 * stopped. Throws where the browser has none (check `canDictate()` first).
 */
export function dictate(lang: string, listener: DictationListener): Dictation {
  const Recognition = recognizerClass();
  if (!Recognition) throw new Error("This browser has no speech recognition.");
  const recognition = new Recognition();
  recognition.lang = lang;
  recognition.continuous = true;
  recognition.interimResults = true;
  let error: string | undefined;
  let aborted = false;
  recognition.onresult = (event) => {
    if (aborted) return;
    let finals = "";
    let interim = "";
    for (let i = 0; i < event.results.length; i++) {
      const result = event.results[i]!;
      const words = result[0]?.transcript ?? "";
      if (result.isFinal) finals += words;
      else interim += words;
    }
    listener.onText(tidy(finals + interim), interim === "");
  };
  recognition.onerror = (event) => {
    // "aborted" is our own abort(), not a failure to tell anyone about.
    if (event.error !== "aborted") error = event.error;
  };
  recognition.onend = () => listener.onEnd(error);
  recognition.start();
  return {
    stop: () => recognition.stop(),
    abort: () => {
      aborted = true;
      recognition.abort();
    },
  };
}

/** Recognizers join results with or without spaces: one space between words, none at the ends. */
function tidy(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}
