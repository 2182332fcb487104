import { useAgent, useAgentClient } from "@tandem/react";
import { useEffect } from "react";
import { preloadPart } from "../parts/registry.js";

/**
 * Starts loading a part that loads on first use as soon as the agent's state says it will be
 * needed, ahead of the render that shows it: the run's error as the chat mounts (it must show
 * when the network is gone), a tool call's slot and card as the first run starts, the confirmation as
 * a call of a tool that waits for a person (registered without a handler) streams its arguments,
 * and the branch picker as soon as a turn has versions (a thread restored after a reload shows
 * its picker with its messages, not a moment later).
 */
export function usePreloadParts(): void {
  const client = useAgentClient();
  const running = useAgent((s) => s.status === "running");
  const confirming = useAgent((s) =>
    client.selectToolCalls(s).some((call) => {
      if (call.status === "awaiting-input") return true;
      const tool = call.status === "streaming" ? client.tools.get(call.name) : undefined;
      return tool !== undefined && tool.handler === undefined;
    }),
  );
  const versions = useAgent((s) => hasBranches(s.branches));
  useEffect(() => {
    preloadPart("RunError").catch(() => undefined);
  }, []);
  useEffect(() => {
    if (versions) preloadPart("BranchPicker").catch(() => undefined);
  }, [versions]);
  useEffect(() => {
    if (running) preloadPart("ToolCall").catch(() => undefined);
  }, [running]);
  useEffect(() => {
    if (confirming) preloadPart("Confirmation").catch(() => undefined);
  }, [confirming]);
}

function hasBranches(branches: Record<string, unknown>): boolean {
  for (const _ in branches) return true;
  return false;
}
