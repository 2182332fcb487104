import { parseArgs } from "node:util";
import type { RuleResult } from "./rules.js";
import { checkResumableRuns } from "./runRules.js";
import { checkSocketRuns } from "./socketRules.js";
import { checkThreadStore } from "./threadStoreRules.js";

const HELP = [
  "tandem-conformance runs <url> [--join <template>] [--capabilities <url>] [user options]",
  "  Checks an AG-UI agent endpoint against Tandem's resumption contract (event ids, Last-Event-ID, the",
  "  join endpoint, runs found only through their thread), with runs of random ids.",
  "  --join t       the join endpoint, with {threadId} and {runId} (e.g. https://host/resume/{threadId}/{runId})",
  "  --capabilities u  where the agent's capabilities are read: checks transport.resumable",
  "  --websocket    checks the proposed AG-UI WebSocket binding instead, at <url> with its scheme made ws:",
  "                 (subprotocol, event ids as over HTTP, resume on another socket, error frames, stop)",
  "tandem-conformance threads <url> [user options]",
  "  Checks a server against Tandem's thread-store REST contract (GET <url>, GET|POST|PATCH|DELETE <url>/:id),",
  "  with threads of random ids that it removes at the end.",
  "User options:",
  "  --user-a h     a header that makes a request one user's (repeat it for more headers)",
  "  --user-b h     a header of another user: checks that neither reaches the other's runs or threads",
  "  --anonymous-allowed  the server serves requests with no user (else, with --user-b, they are refused)",
  "Prints ✓, ✗ or - (skipped) per rule; exits 1 when a rule fails.",
].join("\n");

/** `Name: value` lines as headers. */
function headersOf(lines: string[] | undefined): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of lines ?? []) {
    const at = line.indexOf(":");
    if (at <= 0) throw new Error(`"${line}" is not a header (Name: value)`);
    headers[line.slice(0, at).trim()] = line.slice(at + 1).trim();
  }
  return headers;
}

/** The results as lines: ✓, ✗ or - (skipped) and the rule, then a count. */
export function report(results: RuleResult[]): string {
  const mark = { pass: "✓", fail: "✗", skip: "-" } as const;
  const lines = results.map((r) => `${mark[r.outcome]} ${r.rule}${r.detail ? `: ${r.detail}` : ""}`);
  const count = (outcome: RuleResult["outcome"]) => results.filter((r) => r.outcome === outcome).length;
  return [...lines, `${count("pass")} passed, ${count("fail")} failed, ${count("skip")} skipped`].join("\n");
}

/** Runs the CLI with `args`; resolves to the exit code, having written the report. */
export async function main(args: string[], write: (text: string) => void): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      "user-a": { type: "string", multiple: true },
      "user-b": { type: "string", multiple: true },
      "anonymous-allowed": { type: "boolean", default: false },
      join: { type: "string" },
      capabilities: { type: "string" },
      websocket: { type: "boolean", default: false },
      help: { type: "boolean", short: "h" },
    },
  });
  const [what, url] = positionals;
  if (values.help || (what !== "threads" && what !== "runs") || url === undefined) {
    write(`${HELP}\n`);
    return values.help ? 0 : 2;
  }
  const users = {
    userA: headersOf(values["user-a"]),
    ...(values["user-b"] && { userB: headersOf(values["user-b"]) }),
    ...(values["anonymous-allowed"] && { refusesAnonymous: false }),
  };
  const results =
    what === "runs" && values.websocket
      ? await checkSocketRuns({ url, userA: users.userA })
      : what === "runs"
        ? await checkResumableRuns({
            url,
            ...users,
            ...(values.join !== undefined && { join: values.join }),
            ...(values.capabilities !== undefined && { capabilities: values.capabilities }),
          })
        : await checkThreadStore({ url, ...users });
  write(`${report(results)}\n`);
  return results.some((r) => r.outcome === "fail") ? 1 : 0;
}
