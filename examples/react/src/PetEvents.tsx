import { isKitErrorOf } from "@kit/api";
import { eventStream } from "@kit/api/stream";
import { useEffect, useRef, useState } from "react";
import { eventsApi } from "./events";
import type { PetAdded } from "./events/types";

export function PetEvents() {
  const [received, setReceived] = useState<{ id: string; pet: PetAdded }[]>([]);
  const [state, setState] = useState("idle");
  const following = useRef<AbortController | undefined>(undefined);
  const stop = () => following.current?.abort();
  // Leaving the page closes the connection.
  useEffect(() => () => following.current?.abort(), []);

  // The generated stream method, read as events: it reconnects with Last-Event-ID when the
  // connection ends, and aborting the signal closes it.
  async function follow(): Promise<void> {
    const controller = new AbortController();
    following.current = controller;
    setState("following");
    try {
      for await (const event of eventStream(eventsApi.followPets(), {
        signal: controller.signal,
      })) {
        setReceived((entries) => [...entries, { id: event.id, pet: event.data }]);
      }
      setState(controller.signal.aborted ? "stopped" : "ended");
    } catch (error) {
      // The 503 the document declares arrives with its typed body.
      const paused =
        isKitErrorOf(eventsApi.followPets, error) && error.kind === "http" && error.status === 503;
      setState(paused ? `paused: ${error.body.message}` : `failed: ${String(error)}`);
    }
  }

  return (
    <section>
      <h2>Pet events (server-sent events)</h2>
      <button
        data-testid="follow-events"
        type="button"
        disabled={state === "following"}
        onClick={follow}
      >
        Follow
      </button>
      <button data-testid="stop-events" type="button" onClick={stop}>
        Stop
      </button>
      <p data-testid="events-state">{state}</p>
      <ul data-testid="pet-events">
        {received.map((entry) => (
          <li key={entry.id}>
            {entry.id}: {entry.pet.name}
          </li>
        ))}
      </ul>
    </section>
  );
}
