// Test setup for the React and UI projects: the event-validation chunk (`@ag-ui/client`, zod)
// is loaded before the tests, as a browser has it once the provider prefetched it while idle.
// Without this, the first run of each test file pays for transforming it, and timing-based
// expectations (a reply within waitFor's second) would measure the test runner instead.
import { loadPipeline } from "../transport/index.js";

await loadPipeline();
