/// <reference types="vite/client" />

/**
 * In development (`npm run dev`) and in the `msw` build, MSW answers the API in the browser with
 * the handlers `kit generate --mock msw` wrote, so the app runs before the backend exists: every
 * operation answers the document's example, except the one replaced here to show an override.
 * Requests no handler takes go to the network.
 */
export async function startMockBackend(): Promise<void> {
  // By mode, not DEV: a build run with NODE_ENV=test (as under vitest) is not DEV-free.
  if (import.meta.env.MODE !== "development" && import.meta.env.MODE !== "msw") return;
  const [{ setupWorker }, { HttpResponse }, mocks] = await Promise.all([
    import("msw/browser"),
    import("msw"),
    import("./api/mocks"),
  ]);
  const pets = mocks.petApiHandlers({
    getPetById: ({ params }) =>
      HttpResponse.json({
        ...mocks.petApiExamples.getPetById,
        id: Number(params.petId),
        name: `Pet ${params.petId}`,
      }),
  });
  await setupWorker(...pets, ...mocks.handlers()).start({
    onUnhandledRequest: "bypass",
    quiet: true,
  });
}
