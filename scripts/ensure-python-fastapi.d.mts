/** A python3 that imports fastapi and uvicorn, or undefined. */
export function findPythonFastapi(): string | undefined;
/** A python3 with FastAPI and uvicorn; installs Debian's when that is the only way. Throws with the reason otherwise. */
export function ensurePythonFastapi(): string;
