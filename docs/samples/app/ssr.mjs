// ssr.mjs
import { AgentProvider } from "@tandem/react";
import { Chat } from "@tandem/ui";
import { createElement } from "react";
import { renderToString } from "react-dom/server";

const html = renderToString(createElement(AgentProvider, { url: "https://agent.example.com/run" }, createElement(Chat)));
console.log(html);
