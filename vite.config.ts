import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { chunkGroups } from "./scripts/vite-chunk-groups.ts";

// Fewer, larger chunks for what every page or every page of a layout loads anyway (scripts/vite-chunk-groups.ts).
export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), chunkGroups(new URL("./src/app", import.meta.url).pathname)],
  resolve: { alias: { "~": new URL("./src", import.meta.url).pathname } },
  build: { sourcemap: false },
});
