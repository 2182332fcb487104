// Server code imports from @tandem/core, which is not a client module: here a route handler
// keeps a thread in memory and answers the recording format's version.
import { memoryStorage, RECORDING_VERSION } from "@tandem/core";

const storage = memoryStorage();

export async function GET() {
  return Response.json({ recordingVersion: RECORDING_VERSION, threads: (await storage.list()).length });
}
