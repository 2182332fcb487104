import { Composer, ComposerDictate, ComposerInput, ComposerSend, ComposerStop } from "@tandem/ui";

export function MyComposer() {
  // #region sample
  return (
    <Composer>
      <ComposerInput />
      {/* Renders nothing where the browser has no speech recognition (and on the server). */}
      <ComposerDictate />
      <ComposerStop />
      <ComposerSend />
    </Composer>
  );
  // #endregion sample
}
