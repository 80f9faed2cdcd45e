/// <reference types="vite/client" />
// The example's configuration of the generated server: kit generate created this file once and
// never changes it. The app calls /api/v3 on its own origin (MSW answers in development, the
// dev server's proxy would in a real project); a production build built with
// VITE_API_BASE_URL=https://api.example.com/api/v3 calls that URL instead.
import type { KitPlugin, KitServerOptions } from "@kit/api";

export const options: KitServerOptions = {
  baseURL: import.meta.env.VITE_API_BASE_URL ?? "/api/v3",
};

export const plugins: KitPlugin[] = [];
