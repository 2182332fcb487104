"use client";

import { useFrontendTool } from "@tandem/react";
import { z } from "zod";

export function Tools() {
  useFrontendTool({
    name: "change_background",
    description: "Change the page background to any CSS background",
    parameters: z.object({ background: z.string() }),
    handler: ({ background }) => {
      document.body.style.background = background;
      return { ok: true };
    },
  });
  return null;
}
