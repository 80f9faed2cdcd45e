import { formData } from "@kit/api/form";
import { type FormEvent, useState } from "react";
import { petApi } from "./api";
import type { UploadFileForm } from "./api/types";

export function PetPhoto({ petId }: { petId: number }) {
  const [file, setFile] = useState<File>();
  const [caption, setCaption] = useState("");
  const [result, setResult] = useState("");

  // The query parameters are one named object, the multipart body a typed form: a misspelt key
  // or field does not compile.
  async function upload(event: FormEvent): Promise<void> {
    event.preventDefault();
    const form = formData<UploadFileForm>({ file, caption });
    const query = { additionalMetadata: "from the example app" };
    try {
      const answer = await petApi.uploadFile(petId, query, form).send();
      setResult(answer.data.message ?? "uploaded");
    } catch (error) {
      setResult(`failed: ${(error as Error).message}`);
    }
  }

  return (
    <section>
      <h2>Pet photo (query object, formData&lt;UploadFileForm&gt;)</h2>
      <form onSubmit={upload}>
        <input
          data-testid="photo-file"
          type="file"
          accept="image/*"
          required
          onChange={(event) => setFile(event.target.files?.[0])}
        />
        <input
          data-testid="photo-caption"
          placeholder="Caption"
          value={caption}
          onChange={(event) => setCaption(event.target.value)}
        />
        <button data-testid="upload-photo" type="submit">
          Upload
        </button>
      </form>
      <p data-testid="photo-result">{result}</p>
    </section>
  );
}
