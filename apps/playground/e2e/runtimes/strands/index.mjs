// @ts-check
// What ../strands.mjs takes from AWS Strands, resolved from this workspace (its zod 4).

export { StrandsAgent } from "@ag-ui/aws-strands";
export { Agent, FunctionTool, Model } from "@strands-agents/sdk";

/**
 * Strands' types the scripted model (../strands.mjs) is checked against.
 * @typedef {import("@strands-agents/sdk").Message} Message
 * @typedef {import("@strands-agents/sdk").StreamOptions} StreamOptions
 * @typedef {import("@strands-agents/sdk").ModelStreamEvent} ModelStreamEvent
 * @typedef {import("@strands-agents/sdk").JSONSchema} JSONSchema
 */
