import { useKitUploader } from "@kit/api/react";
import { shelterApi } from "../shelter";

export function ShelterPhotos() {
  // Two photos upload at a time; a failed one can be retried on its own.
  const photos = useKitUploader(
    (file) => {
      const form = new FormData();
      form.append("photo", file);
      return shelterApi.uploadPhoto(form);
    },
    { concurrency: 2 },
  );
  return (
    <section>
      <h2>Photos (useKitUploader)</h2>
      <input
        data-testid="photo-input"
        type="file"
        multiple
        onChange={(event) => {
          if (event.target.files) photos.add(event.target.files);
          event.target.value = "";
        }}
      />
      <ul data-testid="photo-list">
        {photos.files.map((upload) => (
          <li key={upload.id} data-testid="photo-row">
            <span>
              {upload.file.name}: {upload.status}
            </span>
            {upload.status === "failed" && (
              <button
                data-testid="photo-retry"
                type="button"
                onClick={() => photos.retry(upload.id)}
              >
                Retry
              </button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
