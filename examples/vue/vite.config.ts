import vue from "@vitejs/plugin-vue";
import { msw } from "msw/vite";
import { defineConfig } from "vite";

// `worker-only`: the plugin serves MSW's service worker script in development and writes it into
// the build; src/mock-backend.ts starts the worker only in development and the `msw` build.
export default defineConfig({ plugins: [vue(), msw({ mode: "worker-only" })] });
