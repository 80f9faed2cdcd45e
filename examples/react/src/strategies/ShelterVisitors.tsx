import { useKitRequest } from "@kit/api/react";
import { useState } from "react";
import { shelterApi } from "../shelter";

export function ShelterVisitors() {
  const [polls, setPolls] = useState(0);
  // Polled every half second while the page is visible; hidden, it waits, and catches up when
  // shown again.
  const visitors = useKitRequest(() => shelterApi.countVisitors(), {
    polling: 500,
    onSuccess: () => setPolls((count) => count + 1),
  });
  return (
    <section>
      <h2>Visitors now (polling)</h2>
      <p data-testid="visitors-now">{visitors.data?.now ?? "…"} visitors</p>
      <p data-testid="visitors-polls">{polls}</p>
    </section>
  );
}
