import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./App";
import { startMockBackend } from "./mock-backend";
import { StrategiesApp } from "./strategies/StrategiesApp";

const queryClient = new QueryClient();
// `#strategies` opens the request strategies page (the shelter API), else the petstore page.
const Root = location.hash === "#strategies" ? StrategiesApp : App;

void startMockBackend().then(() =>
  createRoot(document.getElementById("root")!).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <Root />
      </QueryClientProvider>
    </StrictMode>,
  ),
);
