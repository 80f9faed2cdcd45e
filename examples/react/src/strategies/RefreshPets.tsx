import { useKitFetcher } from "@kit/api/react";
import { useState } from "react";
import { shelterApi } from "../shelter";

export function RefreshPets() {
  // Sends again every list on the page that shows listPets, without holding their data here.
  const fetcher = useKitFetcher();
  const [refreshed, setRefreshed] = useState<number>();
  return (
    <section>
      <h2>Refresh (useKitFetcher)</h2>
      <button
        data-testid="refresh-pets"
        type="button"
        onClick={async () => setRefreshed(await fetcher.refresh(shelterApi.listPets))}
      >
        Refresh the pet lists
      </button>
      <p data-testid="refreshed">{refreshed === undefined ? "" : `Refreshed ${refreshed} lists`}</p>
    </section>
  );
}
