import { useKitEventStream } from "@kit/api/react";
import { shelterApi } from "../shelter";

export function AdoptionFeed() {
  // The day's adoptions as they happen, the newest three kept. The shelter ends the stream when
  // the day is over, so it is read once: without `reconnect: false` a GET stream reconnects, as
  // EventSource does, and would read the day again.
  const adoptions = useKitEventStream(() => shelterApi.followAdoptions(), {
    limit: 3,
    reconnect: false,
  });
  return (
    <section>
      <h2>Adoptions today (live feed)</h2>
      <p data-testid="adoptions-state">{adoptions.status}</p>
      <ul data-testid="adoptions-list">
        {adoptions.events.map((event) => (
          <li key={event.id}>
            {event.id}: {event.data.pet} went home with the {event.data.family} family
          </li>
        ))}
      </ul>
    </section>
  );
}
