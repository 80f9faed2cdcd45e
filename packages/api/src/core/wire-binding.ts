import type { KitFieldEncoding } from "./form-encoding.js";

/**
 * How one named query key sends its value: without a `style`, a scalar as its text, an array
 * repeating the key (OpenAPI's `form`, `explode: true`), an object as JSON text; `json` (a JSON
 * `contentType`), the value whole as JSON text; `deepObject`, an object as `key[field]=value`;
 * a joined style (`explode: false`), an array's items or an object's keys and values as one value.
 */
export type QueryKeyBinding =
  | { readonly style?: undefined | "json" | "deepObject" }
  | { readonly style: "form" | "spaceDelimited" | "pipeDelimited"; readonly explode: false };

/**
 * How one decorated parameter goes on the wire: what its decorator says, checked once when the
 * decorator runs, and compiled into the parameter's handler when its API class is first created
 * (`core/parameter-handlers.ts`). Without a `style`, the runtime's way for the location.
 */
export type WireBinding =
  /** `@Params(name)`: a scalar or array in `simple`, an object as JSON text; `json`, JSON text. */
  | { readonly in: "path"; readonly name: string; readonly style?: undefined | "json" }
  /** `@Params(name, { style, explode })`, RFC 6570's forms as OpenAPI names them. */
  | {
      readonly in: "path";
      readonly name: string;
      readonly style: "simple" | "label" | "matrix";
      readonly explode: boolean;
    }
  /** `@Query(name, style)`. */
  | ({ readonly in: "query"; readonly name: string } & QueryKeyBinding)
  /**
   * `@Query()`: an object whose own keys are the query keys; with `keys` (`@Query({ keys })`),
   * those first, in their order and each as its binding says, then the object's others.
   */
  | {
      readonly in: "query";
      readonly name: undefined;
      readonly keys?: readonly ({ readonly name: string } & QueryKeyBinding)[];
    }
  /** `@HeaderValue(name)`: an array joined by commas, an object as JSON text. */
  | { readonly in: "header"; readonly name: string; readonly style?: undefined }
  /** `@HeaderValue(name, { explode })`: an object in OpenAPI's `simple` style. */
  | {
      readonly in: "header";
      readonly name: string;
      readonly style: "simple";
      readonly explode: boolean;
    }
  /** `@Data()`, the whole body, or `@Data(name, encoding)`, one field of an object body. */
  | {
      readonly in: "body";
      readonly name: string | undefined;
      readonly encoding?: KitFieldEncoding;
    };
