// decode-named-character-reference, with which micromark reads references such as `&copy;`, has
// a browser build that decodes them through `document`, and a bundler resolves that build for a
// worker too, where there is no `document`: the parser's worker would fail as it loads. This
// gives that build the one thing it uses, an element whose `innerHTML` is decoded from the table
// its other build reads (character-entities), so a worker reads references as the page does.
// Imported first by the worker, before the parser.
import { characterEntities } from "character-entities";

if (typeof document === "undefined") {
  let decoded = "";
  const element = {
    /** A reference, `&name;`: its character, or the reference itself where the name is not one. */
    set innerHTML(html: string) {
      const name = html.slice(1, -1);
      decoded = Object.hasOwn(characterEntities, name) ? characterEntities[name]! : html;
    },
    get textContent() {
      return decoded;
    },
  };
  Object.defineProperty(globalThis, "document", { value: { createElement: () => element }, configurable: true });
}
