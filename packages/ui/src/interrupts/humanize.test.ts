import { expect, it } from "vitest";
import { humanize } from "./humanize.js";

it("titles an interrupt from its reason, leaving out a namespace and a reason that says nothing", () => {
  expect(humanize("pick_size", "The agent asks")).toBe("Pick size");
  expect(humanize("tool-approval", "The agent asks")).toBe("Tool approval");
  // @ag-ui/langgraph's default reason: the question itself is the interrupt's message.
  expect(humanize("langgraph:interrupt", "The agent asks")).toBe("The agent asks");
  expect(humanize("langgraph:pick_seat", "The agent asks")).toBe("Pick seat");
  expect(humanize("", "The agent asks")).toBe("The agent asks");
});
