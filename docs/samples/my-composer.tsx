import { type ButtonHTMLAttributes, forwardRef } from "react";

const MyButton = forwardRef<HTMLButtonElement, ButtonHTMLAttributes<HTMLButtonElement> & { variant?: "ghost" }>(function MyButton(
  { variant, className, ...props },
  ref,
) {
  return <button ref={ref} type="button" className={`my-button ${variant ?? ""} ${className ?? ""}`} {...props} />;
});

// #region sample
import { Chat, Composer, ComposerInput, type ComposerProps, ComposerSend, ComposerStop } from "@tandem/ui";

function MyComposer(props: ComposerProps) {
  return (
    <Composer {...props} className="my-composer">
      <ComposerInput rows={3} />
      <ComposerStop asChild>
        <MyButton variant="ghost">Stop</MyButton>
      </ComposerStop>
      <ComposerSend asChild>
        <MyButton>Send</MyButton>
      </ComposerSend>
    </Composer>
  );
}

export const MyChat = () => <Chat components={{ Composer: MyComposer }} />;
// #endregion sample
