// Test setup for the React and UI projects: the event-validation chunk (`@ag-ui/client`, zod),
// interrupt answering and versions of turns are loaded before the tests, as a browser has them once
// they were prefetched (the pipeline while idle, answering as the interrupt arrived).
// Without this, the first run of each test file pays for transforming it, and timing-based
// expectations (a reply within waitFor's second) would measure the test runner instead.
import { loadBranching } from "../run/agentClient.js";
import { loadInterruptAnswering } from "../run/interruptAnswers.js";
import { loadPipeline } from "../transport/index.js";

await Promise.all([loadPipeline(), loadInterruptAnswering(), loadBranching()]);
