// Test setup for the React and UI projects. Testing Library's async utilities wait 1 s by
// default; CI runs the projects two at a time on 2 cores, where a streamed reply that takes half
// a second alone can take more. The waits stay as they are; only the patience is longer.
import { configure } from "@testing-library/react";

configure({ asyncUtilTimeout: 5000 });
