/*
 * Code shaped like the generator's output, compiled by the real tsc with the compiler options of
 * the user guide against the built package. The type assertions hold only if it compiles cleanly.
 */
import {
  Api,
  ContentType,
  Data,
  Get,
  HeaderValue,
  type KitApi,
  type KitMethod,
  type KitPayloadOf,
  type KitResult,
  KitServer,
  Params,
  Post,
  Query,
  ResponseType,
  Server,
} from "@kit/api";
import { expectTypeOf } from "vitest";

interface Pet {
  id: number;
  name: string;
}

interface ApiResponse {
  code?: number;
}

@Server({ baseURL: "/api", name: "petstore" })
export class Service extends KitServer {}
export const service = new Service();

@Api("/pet")
export class PetApi {
  @Get("/:petId")
  getPetById(
    @Params("petId") _petId: number,
    @HeaderValue("X-Trace") _xTrace?: string,
  ): Promise<Pet> {
    return null!;
  }
  @Post("/:petId/uploadImage")
  @ContentType("multipart/form-data")
  uploadFile(@Params("petId") _petId: number, @Data() _formData: FormData): Promise<ApiResponse> {
    return null!;
  }
  @Get("/findByStatus")
  findByStatus(@Query("status") _status?: ("available" | "sold")[]): Promise<Pet[]> {
    return null!;
  }
  @Post("/:petId")
  @ContentType("application/x-www-form-urlencoded")
  updateWithForm(@Params("petId") _petId: number, @Data("name") _name?: string): Promise<void> {
    return null!;
  }
  @Get("/report")
  @ResponseType("text")
  report(): Promise<string> {
    return null!;
  }
  describe(): string {
    return "not an API method";
  }
}

export const petApi = service.createApi(PetApi);

expectTypeOf<KitPayloadOf<PetApi["getPetById"]>>().toEqualTypeOf<Pet>();
expectTypeOf<KitPayloadOf<PetApi["updateWithForm"]>>().toEqualTypeOf<void>();
expectTypeOf<KitPayloadOf<() => Promise<Promise<string[]>>>>().toEqualTypeOf<string[]>();

expectTypeOf(petApi).toEqualTypeOf<KitApi<PetApi>>();
expectTypeOf(petApi).not.toHaveProperty("describe");
expectTypeOf(petApi).not.toHaveProperty("then");
expectTypeOf(petApi.getPetById).parameters.toEqualTypeOf<[_petId: number, _xTrace?: string]>();
expectTypeOf(petApi.getPetById(1)).toEqualTypeOf<
  KitMethod<Pet, [_petId: number, _xTrace?: string]>
>();
expectTypeOf(petApi.getPetById(1).send()).resolves.toEqualTypeOf<KitResult<unknown, Pet>>();
expectTypeOf(petApi.findByStatus().send()).resolves.toHaveProperty("data").toEqualTypeOf<Pet[]>();
expectTypeOf(petApi.updateWithForm(1).send()).resolves.toHaveProperty("data").toEqualTypeOf<void>();
expectTypeOf(petApi.report().send()).resolves.toHaveProperty("data").toEqualTypeOf<string>();
expectTypeOf(petApi.getPetById(1).options({})).toEqualTypeOf<
  KitMethod<Pet, [_petId: number, _xTrace?: string]>
>();

export async function calls(form: FormData): Promise<void> {
  const pet = await petApi.getPetById(1, "trace").send();
  expectTypeOf(pet.data.name).toEqualTypeOf<string>();
  await petApi.uploadFile(1, form).send(2, form);
  await petApi.findByStatus(["sold"]).send();
  // @ts-expect-error send() takes either no arguments or the method's own
  await petApi.getPetById(1).send("one");
  // @ts-expect-error the status union is kept
  petApi.findByStatus(["lost"]);
  const unsubscribe = petApi.report().onSuccess((result) => {
    expectTypeOf(result.data).toEqualTypeOf<string>();
  });
  expectTypeOf(unsubscribe).toEqualTypeOf<() => void>();
}

export class BareReturnType {
  // @ts-expect-error an API method must declare Promise<T>, or KitPayloadOf could not find T
  @Get("/pet") pet(): Pet {
    return null!;
  }
}

// @ts-expect-error @Server sits only on a KitServer subclass
@Server("/api")
export class NotAServer {}
