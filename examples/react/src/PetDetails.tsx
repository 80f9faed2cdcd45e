import { useKitRequest } from "@kit/api/react";
import { petApi } from "./api";

export function PetDetails({ petId }: { petId: number }) {
  // Re-sends when the id changes, aborting the send in flight; unmounting aborts it too.
  const {
    data: pet,
    error,
    loading,
  } = useKitRequest(() => petApi.getPetById(petId), {
    deps: [petId],
  });
  if (loading) return <p data-testid="pet-loading">Loading pet {petId}…</p>;
  if (error) {
    return (
      <p data-testid="pet-error" role="alert">
        {error instanceof Error ? error.message : String(error)}
      </p>
    );
  }
  if (!pet) return null;
  return (
    <p data-testid="pet-name">
      {pet.name} ({pet.status ?? "unknown"})
    </p>
  );
}
