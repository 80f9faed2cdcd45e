import { useKitPagination } from "@kit/api/react";
import { useState } from "react";
import { shelterApi } from "../shelter";

export function ShelterList() {
  const [name, setName] = useState("");
  // A filter typed into the box is sent 300 ms after the last key, from page 1; the next page
  // is loaded in the background so "Next" shows it at once.
  const list = useKitPagination(
    (page, size) => shelterApi.listPets(page, size, name || undefined),
    {
      initialPageSize: 5,
      items: (data) => data.items,
      total: (data) => data.total,
      deps: [name],
      debounce: 300,
      preload: true,
    },
  );
  return (
    <section>
      <h2>Shelter pets (useKitPagination)</h2>
      <input
        data-testid="shelter-filter"
        placeholder="Filter by name"
        value={name}
        onChange={(event) => setName(event.target.value)}
      />
      <p data-testid="shelter-page">
        Page {list.page} of {list.pageCount ?? "?"}
      </p>
      {list.error && (
        <p role="alert" data-testid="shelter-error">
          {list.error.message}
        </p>
      )}
      <ul data-testid="shelter-list">
        {list.items.map((pet, index) => (
          // The mock answers the same example page for every page, so names repeat.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <li key={index}>{pet.name}</li>
        ))}
      </ul>
      <button
        data-testid="shelter-prev"
        type="button"
        disabled={list.page <= 1}
        onClick={list.prev}
      >
        Previous
      </button>
      <button
        data-testid="shelter-next"
        type="button"
        disabled={list.isLastPage}
        onClick={list.next}
      >
        Next
      </button>
    </section>
  );
}
