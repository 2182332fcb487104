// What ../strands.mjs takes from AWS Strands, resolved from this workspace (its zod 4).

export { StrandsAgent } from "@ag-ui/aws-strands";
export { Agent, FunctionTool, Model } from "@strands-agents/sdk";
