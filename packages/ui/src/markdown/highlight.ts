// The syntax highlighter: its own chunk, loaded when the first finished code block asks for it
// (see CodeBlock), never with the main entry nor with the Markdown renderer. refractor (Prism's
// grammars, giving hast) with the languages agents write most; any other language stays plain.

import bash from "refractor/bash";
import c from "refractor/c";
import { refractor } from "refractor/core";
import cpp from "refractor/cpp";
import css from "refractor/css";
import diff from "refractor/diff";
import go from "refractor/go";
import java from "refractor/java";
import javascript from "refractor/javascript";
import json from "refractor/json";
import jsx from "refractor/jsx";
import markdown from "refractor/markdown";
import markup from "refractor/markup";
import python from "refractor/python";
import rust from "refractor/rust";
import sql from "refractor/sql";
import tsx from "refractor/tsx";
import typescript from "refractor/typescript";
import yaml from "refractor/yaml";

for (const syntax of [
  markup,
  css,
  javascript,
  typescript,
  jsx,
  tsx,
  bash,
  c,
  cpp,
  diff,
  go,
  java,
  json,
  markdown,
  python,
  rust,
  sql,
  yaml,
]) {
  refractor.register(syntax);
}

/** Prism's name for a fence's language, where it differs and Prism has no alias for it. */
const NAMES: Record<string, string> = {
  shell: "bash",
  sh: "bash",
  zsh: "bash",
  console: "bash",
  html: "markup",
  xml: "markup",
  svg: "markup",
  py: "python",
  rs: "rust",
  golang: "go",
  yml: "yaml",
  md: "markdown",
};

/** `code` highlighted as `language` (hast: spans with Prism's token classes); undefined for a language it does not know. */
export function highlight(code: string, language: string): ReturnType<typeof refractor.highlight> | undefined {
  const name = NAMES[language.toLowerCase()] ?? language.toLowerCase();
  return refractor.registered(name) ? refractor.highlight(code, name) : undefined;
}
