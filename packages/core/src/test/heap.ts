import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;

function heapUsed(): number {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
}

/**
 * The bytes of heap that what `make` returns keeps alive. `make` runs once first, so the code
 * it compiles is not counted.
 */
export function heapKept<T>(make: () => T): { value: T; kept: number } {
  make();
  const before = heapUsed();
  const value = make();
  return { value, kept: heapUsed() - before };
}
