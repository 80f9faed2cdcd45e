// kubb reads its settings from a config file only; the benchmark passes the document and the
// output folder through the environment (tools.mjs). Types and its default axios client, as the
// other peers write them.
import { defineConfig } from "@kubb/core";
import { pluginClient } from "@kubb/plugin-client";
import { pluginOas } from "@kubb/plugin-oas";
import { pluginTs } from "@kubb/plugin-ts";

export default defineConfig({
  input: { path: process.env.KIT_BENCH_INPUT },
  output: { path: process.env.KIT_BENCH_OUTPUT },
  plugins: [pluginOas(), pluginTs(), pluginClient()],
});
