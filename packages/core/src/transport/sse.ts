import type { runHttpRequest } from "@ag-ui/client";
import { createParser } from "eventsource-parser";
import { Observable } from "rxjs";

/** What `@ag-ui/client`'s runHttpRequest emits: the response headers, then body chunks. */
export type HttpEvents = ReturnType<typeof runHttpRequest>;

/**
 * The `data:` payloads of an SSE body, parsed as JSON. Frames that are not JSON (`[DONE]`,
 * keep-alive noise) are passed to `onOther` and skipped: some dialects send them by design.
 */
export function sseJson(http$: HttpEvents, onOther: (data: string) => void): Observable<unknown> {
  return new Observable<unknown>((subscriber) => {
    const decoder = new TextDecoder();
    const parser = createParser({
      onEvent({ data }) {
        let value: unknown;
        try {
          value = JSON.parse(data);
        } catch {
          onOther(data);
          return;
        }
        subscriber.next(value);
      },
    });
    const subscription = http$.subscribe({
      next(event) {
        if (event.type === "data" && event.data) parser.feed(decoder.decode(event.data, { stream: true }));
      },
      error: (error) => subscriber.error(error),
      complete() {
        parser.feed(decoder.decode());
        subscriber.complete();
      },
    });
    return () => subscription.unsubscribe();
  });
}
