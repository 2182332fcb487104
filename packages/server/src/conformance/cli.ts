import { parseArgs } from "node:util";
import { checkThreadStore, type RuleResult } from "./threadStoreRules.js";

const HELP = [
  "tandem-conformance threads <url> [--user-a 'Header: value']... [--user-b 'Header: value']... [--anonymous-allowed]",
  "Checks a server against Tandem's thread-store REST contract (GET <url>, GET|POST|PATCH|DELETE <url>/:id),",
  "with threads of random ids that it removes at the end. Exits 1 when a rule fails.",
  "  --user-a h     a header that makes a request one user's (repeat it for more headers)",
  "  --user-b h     a header of another user: checks that neither sees the other's threads",
  "  --anonymous-allowed  the server serves requests with no user (else, with --user-b, they must get 401)",
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
      help: { type: "boolean", short: "h" },
    },
  });
  const [what, url] = positionals;
  if (values.help || what !== "threads" || url === undefined) {
    write(`${HELP}\n`);
    return values.help ? 0 : 2;
  }
  const userB = values["user-b"] ? headersOf(values["user-b"]) : undefined;
  const results = await checkThreadStore({
    url,
    userA: headersOf(values["user-a"]),
    ...(userB && { userB }),
    ...(values["anonymous-allowed"] && { refusesAnonymous: false }),
  });
  write(`${report(results)}\n`);
  return results.some((r) => r.outcome === "fail") ? 1 : 0;
}
