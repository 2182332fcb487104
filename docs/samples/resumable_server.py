"""A resumable AG-UI endpoint in Python: FastAPI + sse-starlette, the same contract as
@tandem/mock-agent/resumable. Each event goes out with an `id:`; the run is produced into a log
apart from the response, so it goes on when the connection drops; a request repeated with
`Last-Event-ID` reads on after that event. One process: for several, keep the log in Redis
Streams (XADD / XRANGE / XREAD BLOCK), as the Node sample's `redisEventLog` does.

    pip install fastapi uvicorn sse-starlette ag-ui-protocol
    uvicorn resumable_server:app --port 8000
"""

import asyncio
from collections.abc import AsyncIterator

from ag_ui.core import RunAgentInput
from fastapi import FastAPI, Header, Request
from fastapi.responses import JSONResponse
from sse_starlette.sse import EventSourceResponse

app = FastAPI()


class RunLog:
    """One run's events, in order; readers wait for the next one."""

    def __init__(self) -> None:
        self.events: list[str] = []  # each one JSON-encoded; its id is its position, from "1"
        self.ended = False
        self.changed = asyncio.Condition()

    async def append(self, event_json: str, last: bool = False) -> None:
        async with self.changed:
            self.events.append(event_json)
            self.ended = self.ended or last
            self.changed.notify_all()

    async def read(self, after: int) -> AsyncIterator[dict]:
        position = after
        while True:
            async with self.changed:
                await self.changed.wait_for(lambda: position < len(self.events) or self.ended)
                if position >= len(self.events):
                    return
                batch = self.events[position:]
            for event_json in batch:
                position += 1
                yield {"id": str(position), "data": event_json}


runs: dict[str, RunLog] = {}


async def produce(run: RunLog, events: AsyncIterator) -> None:
    """Runs the agent into the log, whoever is reading (or no one)."""
    async for event in events:
        finished = event.type in ("RUN_FINISHED", "RUN_ERROR")
        await run.append(event.model_dump_json(by_alias=True, exclude_none=True), last=finished)
        if finished:
            return
    await run.append('{"type":"RUN_ERROR","message":"The agent stopped without finishing"}', last=True)


async def my_agent(input: RunAgentInput) -> AsyncIterator:
    """Your agent: any async iterator of ag_ui.core events for this run."""
    from ag_ui.core import (RunFinishedEvent, RunStartedEvent, TextMessageContentEvent,
                            TextMessageEndEvent, TextMessageStartEvent)

    yield RunStartedEvent(thread_id=input.thread_id, run_id=input.run_id)
    yield TextMessageStartEvent(message_id=input.run_id, role="assistant")
    for word in "Hello from a resumable Python server".split():
        await asyncio.sleep(0.05)
        yield TextMessageContentEvent(message_id=input.run_id, delta=word + " ")
    yield TextMessageEndEvent(message_id=input.run_id)
    yield RunFinishedEvent(thread_id=input.thread_id, run_id=input.run_id)


@app.post("/agent")
async def agent(input: RunAgentInput, request: Request, last_event_id: str | None = Header(default=None)):
    run = runs.get(input.run_id)
    if last_event_id:
        # A resume: read on after that event, or say there is nothing to resume (the client
        # then shows the truncated reply with Retry).
        if run is None or not last_event_id.isdigit() or int(last_event_id) > len(run.events):
            return JSONResponse({"error": f"Run {input.run_id} cannot be resumed here"}, status_code=404)
        return EventSourceResponse(run.read(int(last_event_id)))
    if run is None:
        run = runs[input.run_id] = RunLog()
        asyncio.create_task(produce(run, my_agent(input)))
    return EventSourceResponse(run.read(0))
