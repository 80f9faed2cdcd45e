import { useKitEventStream } from "@kit/api/react";
import { eventsApi } from "./events";

export function PetEvents() {
  // The generated stream method's events as state: it reconnects with Last-Event-ID when the
  // connection ends; Stop and leaving the page close it.
  const feed = useKitEventStream(() => eventsApi.followPets(), { immediate: false });
  // The 503 the document declares arrives as the method's typed error.
  const error = feed.error;
  const paused = error?.kind === "http" && error.status === 503 ? error.body.message : undefined;
  const state =
    feed.status === "connecting" || feed.status === "open"
      ? "following"
      : feed.status === "closed"
        ? "stopped"
        : feed.status === "error"
          ? paused !== undefined
            ? `paused: ${paused}`
            : `failed: ${String(error)}`
          : "idle";

  return (
    <section>
      <h2>Pet events (useKitEventStream)</h2>
      <button
        data-testid="follow-events"
        type="button"
        disabled={state === "following"}
        onClick={() => feed.open()}
      >
        Follow
      </button>
      <button data-testid="stop-events" type="button" onClick={feed.close}>
        Stop
      </button>
      <p data-testid="events-state">{state}</p>
      <ul data-testid="pet-events">
        {feed.events.map((event) => (
          <li key={event.id}>
            {event.id}: {event.data.name}
          </li>
        ))}
      </ul>
    </section>
  );
}
