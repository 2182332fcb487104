import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// Every path serves the app (Vite's SPA fallback, in dev and preview alike).
export default defineConfig({
  plugins: [react()],
  server: { host: "127.0.0.1", port: 5173 },
  preview: { host: "127.0.0.1", port: 4173 },
});
