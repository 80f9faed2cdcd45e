import { kitMutationOptions, kitQueryKey, kitQueryOptions } from "@kit/api/tanstack-query";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { petApi } from "./api";
import type { PetStatus } from "./api/types";

export function PetsByStatus() {
  const [status, setStatus] = useState<PetStatus>("available");
  const [name, setName] = useState("");
  const queryClient = useQueryClient();
  const pets = useQuery(kitQueryOptions(petApi.findPetsByStatus({ status: [status] })));
  const addPet = useMutation({
    ...kitMutationOptions(petApi.addPet),
    // Every findPetsByStatus query may now be out of date.
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: kitQueryKey(petApi.findPetsByStatus) }),
  });

  function add(event: FormEvent): void {
    event.preventDefault();
    addPet.mutate({ name, photoUrls: [], status });
    setName("");
  }

  return (
    <section>
      <h2>Pets by status (TanStack Query)</h2>
      <select
        data-testid="status"
        value={status}
        onChange={(event) => setStatus(event.target.value as PetStatus)}
      >
        <option value="available">available</option>
        <option value="pending">pending</option>
        <option value="sold">sold</option>
      </select>
      {pets.isPending ? (
        <p data-testid="list-loading">Loading pets…</p>
      ) : pets.error ? (
        <p data-testid="list-error" role="alert">
          {pets.error.message}
        </p>
      ) : (
        <ul data-testid="pet-list">
          {pets.data.map((pet) => (
            <li key={pet.id}>{pet.name}</li>
          ))}
        </ul>
      )}
      <form onSubmit={add}>
        <input
          data-testid="new-pet-name"
          placeholder="Name"
          required
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
        <button data-testid="add-pet" type="submit" disabled={addPet.isPending}>
          Add pet
        </button>
      </form>
    </section>
  );
}
