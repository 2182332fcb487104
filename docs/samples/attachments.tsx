import { Chat } from "@tandem/ui";

declare function myUpload(file: File, signal: AbortSignal): Promise<string>;

export const WithAttachments = () => (
  // #region sample
  <Chat
    attachments={{
      maxFileSize: 5 * 1024 * 1024, // per file; default 10 MB
      maxFiles: 4, // per message; default 10
      accept: ["image", "application/pdf"], // kinds, MIME types, "type/*" or ".ext"; default: what the agent takes
      upload: async (file, { signal }) => ({ url: await myUpload(file, signal) }), // optional
    }}
  />
  // #endregion sample
);

// attachments={false} turns them off
export const WithoutAttachments = () => <Chat attachments={false} />;
