import { useKitDownload } from "@kit/api/react";
import { shelterApi } from "../shelter";

export function ShelterExport() {
  // Saved under the name the response's Content-Disposition gives, else this one.
  const exporting = useKitDownload(shelterApi.exportPets, { fileName: "shelter-pets.csv" });
  return (
    <section>
      <h2>Export (useKitDownload)</h2>
      <button
        data-testid="export"
        type="button"
        disabled={exporting.loading}
        onClick={() => void exporting.download()}
      >
        Export as CSV
      </button>
      <p data-testid="export-state">
        {exporting.loading ? "Exporting…" : (exporting.fileName ?? "")}
      </p>
    </section>
  );
}
