import { memoryThreadStore, threadsFetchHandler } from "@tandem/server";
import { userOf } from "./server.js";

// #region route
// app/api/threads/[[...id]]/route.ts: each signed-in user's threads, as restStorage({ url: "/api/threads" }) speaks to them.

/** @tandem/server runs on Node, not on the Edge runtime. */
export const runtime = "nodejs";

// Your store: sqliteThreadStore or postgresThreadStore where threads outlive the process.
const threads = threadsFetchHandler({
  store: memoryThreadStore(),
  basePath: "/api/threads", // a Request's URL is whole
  authorize: (request) => userOf(request.headers.get("cookie")),
});

export { threads as DELETE, threads as GET, threads as PATCH, threads as POST };
// #endregion route
