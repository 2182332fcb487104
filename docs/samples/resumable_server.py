"""A resumable AG-UI endpoint in Python (FastAPI), the same contract as @tandem/server's
`agentHandler`: each event goes out with an `id:`; the run is produced into a log apart from the
response, so it goes on when the connection drops; a request repeated with `Last-Event-ID` reads
on after that event; the same request without it reads the run from its first event (never a
second run); `GET /resume/{thread_id}/{run_id}` joins a run. Runs are kept by thread and run, and
every start, resume and join asks `authorize`. One process: for several, keep the log in Redis
Streams (XADD / XRANGE / XREAD BLOCK), as `@tandem/server/redis` does.

    apt-get install python3-fastapi python3-uvicorn   # or: pip install fastapi uvicorn
    uvicorn resumable_server:app --port 8000

`tandem-conformance runs` checks it (the test command does, where Debian's packages are there).
"""

import asyncio
import json
import time
from collections import OrderedDict
from collections.abc import AsyncIterator
from typing import Optional

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse, StreamingResponse

app = FastAPI()

MAX_RUNS = 1000  # runs kept at once; the oldest finished one goes first
KEEP_SECONDS = 600  # how long a finished run can still be resumed
RUN_ENDS = ("RUN_FINISHED", "RUN_ERROR")


# region authorize
SESSIONS = {"ann-session": "ann", "ben-session": "ben"}  # your app's sessions: cookie -> user
owners: dict[str, str] = {}  # which user owns each thread (your database's threads table)


def authorize(request: Request, thread_id: str, kind: str) -> bool:
    """A signed-in user may start a run on a thread that is theirs (or new); resume and join only those."""
    user = SESSIONS.get(request.cookies.get("session", ""))
    if user is None:
        return False
    if thread_id not in owners and kind == "start":
        owners[thread_id] = user
    return owners.get(thread_id) == user
# endregion authorize


class RunLog:
    """One run's events, in order (JSON-encoded; an event's id is its position, from "1"); readers wait for more."""

    def __init__(self) -> None:
        self.events: list[str] = []
        self.ended_at: Optional[float] = None
        self.changed = asyncio.Condition()

    async def append(self, event: dict) -> None:
        async with self.changed:
            self.events.append(json.dumps(event, separators=(",", ":")))
            if event["type"] in RUN_ENDS:
                self.ended_at = time.monotonic()
            self.changed.notify_all()

    async def read(self, after: int) -> AsyncIterator[str]:
        position = after
        while True:
            async with self.changed:
                await self.changed.wait_for(lambda: position < len(self.events) or self.ended_at is not None)
                batch = self.events[position:]
            if not batch:
                return
            for data in batch:
                position += 1
                yield f"id: {position}\ndata: {data}\n\n"


runs: "OrderedDict[tuple[str, str], RunLog]" = OrderedDict()
producing: set = set()  # the tasks that produce runs, held so they are not collected mid-run


def forget_old_runs() -> None:
    """Drops runs that ended over KEEP_SECONDS ago, and the oldest ended ones past MAX_RUNS."""
    now = time.monotonic()
    for key, run in list(runs.items()):
        if run.ended_at is not None and (now - run.ended_at > KEEP_SECONDS or len(runs) > MAX_RUNS):
            del runs[key]


async def produce(run: RunLog, events: AsyncIterator[dict]) -> None:
    """Runs the agent into the log, whoever is reading (or no one); a failing agent ends the run with RUN_ERROR."""
    try:
        async for event in events:
            await run.append(event)
            if event["type"] in RUN_ENDS:
                return
        await run.append({"type": "RUN_ERROR", "message": "The agent stopped without finishing"})
    except Exception:
        await run.append({"type": "RUN_ERROR", "message": "The agent failed"})


# region agent
async def my_agent(thread_id: str, run_id: str, body: dict) -> AsyncIterator[dict]:
    """Your agent: any async iterator of AG-UI events (dicts here; ag_ui.core's models work too)."""
    message_id = f"{run_id}-reply"
    yield {"type": "RUN_STARTED", "threadId": thread_id, "runId": run_id}
    yield {"type": "TEXT_MESSAGE_START", "messageId": message_id, "role": "assistant"}
    for word in "Hello from a resumable Python server".split():
        await asyncio.sleep(0.02)
        yield {"type": "TEXT_MESSAGE_CONTENT", "messageId": message_id, "delta": word + " "}
    yield {"type": "TEXT_MESSAGE_END", "messageId": message_id}
    yield {"type": "RUN_FINISHED", "threadId": thread_id, "runId": run_id}
# endregion agent


def refuse(status: int, error: str) -> JSONResponse:
    return JSONResponse({"error": error}, status_code=status)


def stream(run: RunLog, after: int) -> StreamingResponse:
    return StreamingResponse(run.read(after), media_type="text/event-stream", headers={"cache-control": "no-cache"})


def read_on(request: Request, key: tuple[str, str], kind: str):
    """The frames of a run after Last-Event-ID (or from its first): 403 when refused, 404 when not held."""
    if not authorize(request, key[0], kind):
        return refuse(403, "Not allowed")
    run = runs.get(key)
    last = request.headers.get("last-event-id")
    if run is None or (last is not None and not (last.isdigit() and 0 < int(last) <= len(run.events))):
        return refuse(404, f"Run {key[1]} of thread {key[0]} has no such event to read on from")
    return stream(run, int(last or 0))


@app.post("/agent")
async def agent(request: Request):
    try:
        body = json.loads(await request.body())
    except ValueError:
        return refuse(400, "The request body must be JSON")
    if not isinstance(body, dict) or not isinstance(body.get("threadId"), str) or not isinstance(body.get("runId"), str):
        return refuse(400, "The request needs a threadId and a runId")
    key = (body["threadId"], body["runId"])
    if "last-event-id" in request.headers:
        return read_on(request, key, "resume")
    if key in runs:
        return read_on(request, key, "join")
    if not authorize(request, key[0], "start"):
        return refuse(403, "Not allowed")
    forget_old_runs()
    run = runs[key] = RunLog()
    task = asyncio.get_running_loop().create_task(produce(run, my_agent(key[0], key[1], body)))
    producing.add(task)
    task.add_done_callback(producing.discard)
    return stream(run, 0)


@app.get("/resume/{thread_id}/{run_id}")
async def join(thread_id: str, run_id: str, request: Request):
    return read_on(request, (thread_id, run_id), "join")
