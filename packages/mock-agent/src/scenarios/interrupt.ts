import { newId, run, textMessage } from "../steps.js";
import type { Script } from "../types.js";

const FLIGHTS = ["Morning flight 08:15", "Afternoon flight 14:40", "Evening flight 19:05"];

/** An agent interrupt: the run pauses with a question; the next run resumes with the answer. */
export const interrupt: Script = (input, { tokenDelayMs }) => {
  const resume = input.resume?.[0];
  if (resume?.status === "resolved") {
    const choice = (resume.payload as { choice?: string } | undefined)?.choice ?? String(resume.payload ?? "");
    return run(input, textMessage(`Booked: ${choice}. Have a good trip!`, { tokenDelayMs }));
  }
  if (resume?.status === "cancelled") {
    return run(input, textMessage("Okay, I cancelled the booking.", { tokenDelayMs }));
  }
  return run(input, textMessage("I found three flights.", { tokenDelayMs }), {
    outcome: {
      type: "interrupt",
      interrupts: [
        {
          id: newId("interrupt"),
          reason: "choose_option",
          message: "Which flight should I book?",
          responseSchema: {
            type: "object",
            properties: { choice: { type: "string", title: "Flight", enum: FLIGHTS } },
            required: ["choice"],
          },
        },
      ],
    },
  });
};
