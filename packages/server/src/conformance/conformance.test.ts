import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterEach, describe, expect, it } from "vitest";
import { listen } from "../test/http.js";
import { memoryThreadStore } from "../threads/memoryThreadStore.js";
import { threadsHandler } from "../threads/threadsHandler.js";
import { main } from "./cli.js";

const sessionUser = (cookie: string | undefined) => /(?:^|;\s*)session=([^;]+)/.exec(cookie ?? "")?.[1];
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

/** The CLI run in this process: its exit code and what it wrote. */
async function conformance(...args: string[]): Promise<{ code: number; out: string }> {
  let out = "";
  const code = await main(args, (text) => {
    out += text;
  });
  return { code, out };
}

describe("tandem-conformance threads", () => {
  it("passes @tandem/server's threadsHandler, every rule, two users and an anonymous request included", async () => {
    const server = await listen(threadsHandler({ store: memoryThreadStore(), authorize: (req) => sessionUser(req.headers.cookie) }));
    closers.push(server.close);
    const { code, out } = await conformance(
      "threads",
      `${server.url}/threads`,
      "--user-a",
      "cookie: session=ann",
      "--user-b",
      "cookie: session=ben",
    );
    expect(out).toMatch(/10 passed, 0 failed, 0 skipped/);
    expect(code).toBe(0);
  });

  it("fails a server that shows one user's threads to another, naming the rule", async () => {
    // A misconfigured authorize: every request gets the same owner.
    const server = await listen(threadsHandler({ store: memoryThreadStore(), authorize: () => "everyone" }));
    closers.push(server.close);
    const { code, out } = await conformance(
      "threads",
      `${server.url}/threads`,
      "--user-a",
      "cookie: session=ann",
      "--user-b",
      "cookie: session=ben",
    );
    expect(out).toMatch(/✗ another user neither lists, loads, renames nor removes a user's thread: the other user lists it/);
    expect(out).toMatch(/✗ a request that proves no user answers 401: answered 200, not 401/);
    expect(code).toBe(1);
  });

  it("runs as the package's bin, from the build", async () => {
    const server = await listen(threadsHandler({ store: memoryThreadStore(), authorize: (req) => sessionUser(req.headers.cookie) }));
    closers.push(server.close);
    const bin = fileURLToPath(new URL("../../bin/tandem-conformance.mjs", import.meta.url));
    const { stdout } = await promisify(execFile)(process.execPath, [
      bin,
      "threads",
      `${server.url}/threads`,
      "--user-a",
      "cookie: session=ann",
    ]);
    expect(stdout).toMatch(/8 passed, 0 failed, 2 skipped/);
  });
});
