import { useState } from "react";
import { PetDetails } from "./PetDetails";
import { PetEvents } from "./PetEvents";
import { PetPhoto } from "./PetPhoto";
import { PetsByStatus } from "./PetsByStatus";

export function App() {
  const [petId, setPetId] = useState(1);
  const [showDetails, setShowDetails] = useState(true);
  return (
    <>
      <h1>Kit petstore · React</h1>
      <section>
        <h2>Pet details (useKitRequest)</h2>
        <label>
          Pet id{" "}
          <input
            data-testid="pet-id"
            type="number"
            value={petId}
            onChange={(event) => setPetId(Number(event.target.value))}
          />
        </label>
        <button
          data-testid="toggle-details"
          type="button"
          onClick={() => setShowDetails(!showDetails)}
        >
          {showDetails ? "Hide details" : "Show details"}
        </button>
        {showDetails && <PetDetails petId={petId} />}
      </section>
      <PetsByStatus />
      <PetPhoto petId={petId} />
      <PetEvents />
    </>
  );
}
