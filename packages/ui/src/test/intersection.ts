/**
 * jsdom has no IntersectionObserver: this one (`vi.stubGlobal("IntersectionObserver",
 * FakeIntersectionObserver)`) says which watched elements come into view when a test says so.
 */
export class FakeIntersectionObserver {
  static live = new Set<FakeIntersectionObserver>();
  readonly watched = new Set<Element>();
  constructor(private readonly callback: IntersectionObserverCallback) {
    FakeIntersectionObserver.live.add(this);
  }
  observe(el: Element) {
    this.watched.add(el);
  }
  unobserve(el: Element) {
    this.watched.delete(el);
  }
  disconnect() {
    this.watched.clear();
    FakeIntersectionObserver.live.delete(this);
  }
  /** Tells every observer watching `el` that it has come into view. */
  static comeIntoView(el: Element) {
    for (const io of FakeIntersectionObserver.live) {
      if (io.watched.has(el))
        io.callback([{ target: el, isIntersecting: true } as IntersectionObserverEntry], io as unknown as IntersectionObserver);
    }
  }
}
