import { useKitRequest } from "@kit/api/react";
import { useState } from "react";
import { shelterApi } from "../shelter";

export function AdoptionCount() {
  const [loads, setLoads] = useState(0);
  // Fetched again each time the window gets the focus back, so a returning user sees today's
  // count without reloading the page.
  const adopted = useKitRequest(() => shelterApi.countAdoptions(), {
    refreshOnFocus: true,
    onSuccess: () => setLoads((count) => count + 1),
  });
  return (
    <section>
      <h2>Adopted today (refresh on focus)</h2>
      <p data-testid="adopted-today">{adopted.data?.today ?? "…"} adopted today</p>
      <p data-testid="adopted-loads">{loads}</p>
    </section>
  );
}
