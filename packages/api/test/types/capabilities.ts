/*
 * Typed errors and stream methods as generated code declares them, compiled by the real tsc
 * (7 and 5.9) against the built package. The assertions hold only if it compiles cleanly.
 */
import {
  Api,
  Get,
  isKitErrorOf,
  type KitErrors,
  type KitHttpError,
  type KitJsonLines,
  type KitMethod,
  type KitMethodError,
  type KitRequestError,
  KitServer,
  type KitServerSentEvent,
  type KitServerSentEvents,
  Params,
  ResponseType,
  Server,
} from "@kit/api";
import { downloadedFile } from "@kit/api/download";
import { sendWithProgress } from "@kit/api/progress";
import { eventStream, jsonLines } from "@kit/api/stream";
import { expectTypeOf } from "vitest";

interface Pet {
  id: number;
}
interface NotFound {
  missing: string;
}
interface Invalid {
  errors: string[];
}
interface ServerFault {
  retryAfter: number;
}
interface Problem {
  title: string;
}
interface Tick {
  n: number;
}

@Server({ baseURL: "/api", codeKey: "code", messageKey: "msg", dataKey: "data" })
export class Service extends KitServer<{ code: 0 | 1001 | 1002; message: string }> {}
export const service = new Service();

@Api("/pet")
export class PetApi {
  @Get("/:petId")
  getPetById(
    this: KitErrors<{ 404: NotFound; 422: Invalid; "5XX": ServerFault; default: Problem }>,
    @Params("petId") _petId: number,
  ): Promise<Pet> {
    return null!;
  }
  @Get("/plain")
  plain(): Promise<Pet> {
    return null!;
  }
  @Get("/ticks")
  @ResponseType("stream")
  ticks(this: KitErrors<{ 401: Problem }>): Promise<KitServerSentEvents<Tick>> {
    return null!;
  }
  @Get("/rows")
  @ResponseType("stream")
  rows(): Promise<KitJsonLines<Pet>> {
    return null!;
  }
  @Get("/report")
  @ResponseType("blob")
  report(): Promise<Blob> {
    return null!;
  }
}
export const petApi = service.createApi(PetApi);

type Declared = { 404: NotFound; 422: Invalid; "5XX": ServerFault; default: Problem };
const get = petApi.getPetById(1);
expectTypeOf(get).toEqualTypeOf<
  KitMethod<Pet, [_petId: number], { code: 0 | 1001 | 1002; message: string }, Declared>
>();
// The return type stays the seed's `Promise<Pet>`: `data` is still the payload.
expectTypeOf<Awaited<ReturnType<typeof get.send>>["data"]>().toEqualTypeOf<Pet>();
// Without `this: KitErrors<…>` nothing is declared.
expectTypeOf(petApi.plain()).toEqualTypeOf<
  KitMethod<Pet, [], { code: 0 | 1001 | 1002; message: string }, unknown>
>();

export async function narrowing(error: unknown): Promise<void> {
  if (isKitErrorOf(get, error)) {
    expectTypeOf(error).toEqualTypeOf<KitMethodError<typeof get> & KitRequestError>();
    if (error.kind === "http") {
      if (error.status === 404) expectTypeOf(error.body).toEqualTypeOf<NotFound>();
      else if (error.status === 422) expectTypeOf(error.body).toEqualTypeOf<Invalid>();
      else if (error.status === 503) expectTypeOf(error.body).toEqualTypeOf<ServerFault>();
      else if (error.status === 409) expectTypeOf(error.body).toEqualTypeOf<Problem>();
      expectTypeOf(error.body).toEqualTypeOf<NotFound | Invalid | ServerFault | Problem>();
      // @ts-expect-error a 2xx status is never an HTTP error
      if (error.status === 200) return;
    } else if (error.kind === "business") {
      expectTypeOf(error.businessCode).toEqualTypeOf<0 | 1001 | 1002>();
    } else {
      expectTypeOf(error.kind).toEqualTypeOf<
        "argument" | "network" | "timeout" | "abort" | "parse" | "limit"
      >();
      // @ts-expect-error only HTTP errors have a body
      void error.body;
    }
  }
  // The API method works as well as the KitMethod it makes.
  if (isKitErrorOf(petApi.getPetById, error) && error.kind === "http" && error.status === 404) {
    expectTypeOf(error.body).toEqualTypeOf<NotFound>();
  }
  // A method that declares nothing narrows to an untyped body.
  if (isKitErrorOf(petApi.plain, error) && error.kind === "http") {
    expectTypeOf(error.body).toEqualTypeOf<unknown>();
    expectTypeOf(error).toEqualTypeOf<KitHttpError & KitRequestError>();
  }
  // @ts-expect-error without narrowing a caught error is unknown
  void error.body;
}

export async function streams(): Promise<void> {
  for await (const event of eventStream(petApi.ticks())) {
    expectTypeOf(event).toEqualTypeOf<KitServerSentEvent<Tick>>();
    expectTypeOf(event.data).toEqualTypeOf<Tick>();
    expectTypeOf(event.retry).toEqualTypeOf<number | undefined>();
  }
  for await (const pet of jsonLines(petApi.rows())) expectTypeOf(pet).toEqualTypeOf<Pet>();
  // @ts-expect-error an NDJSON method is not an event stream
  eventStream(petApi.rows());
  // @ts-expect-error a JSON method is not a stream
  jsonLines(petApi.plain());
}

export async function transfers(): Promise<void> {
  const result = await sendWithProgress(petApi.getPetById(1), {
    download: ({ loaded, total, rate }) => {
      expectTypeOf(loaded).toEqualTypeOf<number>();
      expectTypeOf(total).toEqualTypeOf<number | undefined>();
      expectTypeOf(rate).toEqualTypeOf<number>();
    },
  });
  expectTypeOf(result.data).toEqualTypeOf<Pet>();
  expectTypeOf(downloadedFile(await petApi.report().send())).toEqualTypeOf<File>();
  // @ts-expect-error a JSON result is not a download
  downloadedFile(await petApi.plain().send());
}
