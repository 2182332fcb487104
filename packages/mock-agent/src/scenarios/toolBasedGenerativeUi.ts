import { run, textMessage, toolCall } from "../steps.js";
import type { Script } from "../types.js";
import { answered } from "./read.js";

const HAIKU = {
  japanese: ["古池や", "蛙飛び込む", "水の音"],
  english: ["An old silent pond", "A frog jumps into the pond", "Splash! Silence again."],
  image_name: "Mount_Fuji_Lake_Reflection_Cherry_Blossoms_Sakura_Spring.jpg",
  gradient: "linear-gradient(135deg, #fde68a, #f472b6)",
};

/** Dojo "tool-based generative UI": generate_haiku, drawn by the app as a card. */
export const toolBasedGenerativeUi: Script = (input, { tokenDelayMs }) => {
  if (answered(input, "generate_haiku")) return run(input, textMessage("Here is your haiku. Want another?", { tokenDelayMs }));
  return run(input, toolCall("generate_haiku", HAIKU, { chunks: 8, tokenDelayMs }));
};
