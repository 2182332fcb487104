// Test setup for the React and UI projects. Testing Library's async utilities wait 1 s by
// default; CI runs the projects two at a time on 2 cores, where a streamed reply that takes half
// a second alone can take more. The waits stay as they are (each polls for what a user would
// see); only the patience is longer: a hang guard under the 30 s test timeout, as a lazy chunk
// took over 5 s to load at a load average of 15.
import { cleanup, configure } from "@testing-library/react";
import { afterEach } from "vitest";

configure({ asyncUtilTimeout: 20_000 });

// Testing Library unmounts after each test by itself only where `afterEach` is a global (vitest's
// are not, here). Without it every tree a test rendered stays mounted to the end of its file, and
// a timer it left (a block mounting later, an interrupt's expiry) can commit after the file's
// DOM is gone: an uncaught error that fails the run though every test passed.
afterEach(cleanup);
