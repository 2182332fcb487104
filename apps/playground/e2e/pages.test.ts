import { describePages } from "./pagesSuite";

// The playground's pages over SSE (a POST per run); pagesWebsocket.test.ts runs them over the WebSocket binding.
describePages("sse");
