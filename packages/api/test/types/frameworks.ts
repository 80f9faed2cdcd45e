/*
 * The framework integrations as an app uses them, compiled by the real tsc against the built
 * package: data, errors and envelope fields come from the API method's own declarations
 * (`KitPayloadOf`, `KitErrors`, the server's envelope type), with no cast anywhere.
 */
import {
  Api,
  ContentType,
  Data,
  Get,
  type KitErrors,
  type KitMethodError,
  type KitRequestError,
  KitServer,
  type KitServerSentEvent,
  type KitServerSentEvents,
  Params,
  Post,
  Query,
  ResponseType,
  Server,
} from "@kit/api";
import * as react from "@kit/api/react";
import {
  invalidateKitQueries,
  kitMutationOptions,
  kitQueryKey,
  kitQueryOptions,
  kitStreamedQueryOptions,
} from "@kit/api/tanstack-query";
import * as vue from "@kit/api/vue";
import { QueryClient, useMutation, useQuery as useReactQuery } from "@tanstack/react-query";
import { useQuery as useVueQuery } from "@tanstack/vue-query";
import { expectTypeOf } from "vitest";
import { computed, type Ref, ref, type ShallowRef } from "vue";
import { petApi } from "./petstore.js";

interface Pet {
  id: number;
  name: string;
}
interface NotFound {
  missing: number;
}
interface Problem {
  title: string;
}
interface PetPage {
  rows: Pet[];
  count: number;
}
type Envelope = { code: 0 | 4001; message: string };

@Server({ baseURL: "/shop", messageKey: "message" })
export class ShopService extends KitServer<Envelope> {}

@Api("/pets")
export class ShopApi {
  @Get("/:id")
  pet(
    this: KitErrors<{ 404: NotFound; default: Problem }>,
    @Params("id") _id: number,
  ): Promise<Pet> {
    return null!;
  }
  @Get()
  page(
    @Query("page") _page: number,
    @Query("size") _size: number,
    @Query("q") _q?: string,
  ): Promise<PetPage> {
    return null!;
  }
  @Get("/feed")
  @ResponseType("stream")
  feed(): Promise<KitServerSentEvents<Pet>> {
    return null!;
  }
  @Get("/export")
  @ResponseType("blob")
  exportPets(@Query("year") _year: number): Promise<Blob> {
    return null!;
  }
  @Post("/:id/photos")
  @ContentType("multipart/form-data")
  photo(@Params("id") _id: number, @Data() _form: FormData): Promise<{ url: string }> {
    return null!;
  }
  @Post("/:id/vaccinate")
  vaccinate(@Params("id") _id: number): Promise<void> {
    return null!;
  }
}
export const shopApi = new ShopService().createApi(ShopApi);

type PetError = KitMethodError<typeof shopApi.pet>;

/** The shape `kit generate` writes: a typed overload over an implementation of `unknown`s. */
@Api("", { name: "ShelterApi" })
export class ShelterApi {
  listPets(
    this: KitErrors<{ 422: Problem }>,
    page: number,
    size: number,
    name?: string,
  ): Promise<PetPage>;
  @Get("/pets")
  listPets(
    @Query("page") _page: unknown,
    @Query("size") _size: unknown,
    @Query("name") _name?: unknown,
  ): Promise<unknown> {
    return null!;
  }
  uploadPhoto(formData: FormData): Promise<{ url: string }>;
  @Post("/photos")
  @ContentType("multipart/form-data")
  uploadPhoto(@Data() _formData: unknown): Promise<unknown> {
    return null!;
  }
}
export const shelterApi = new ShopService().createApi(ShelterApi);

// Generated overloads: the strategies see the typed overload.
export function useGenerated() {
  const list = vue.useKitPagination((page, size) => shelterApi.listPets(page, size, "Rex"), {
    items: (data) => data.rows,
    total: (data) => data.count,
  });
  expectTypeOf(list.items.value).toEqualTypeOf<readonly Pet[]>();
  if (list.error.value?.kind === "http" && list.error.value.status === 422) {
    expectTypeOf(list.error.value.body).toEqualTypeOf<Problem>();
  }
  const uploads = react.useKitUploader((file) => {
    const form = new FormData();
    form.append("photo", file);
    return shelterApi.uploadPhoto(form);
  });
  expectTypeOf(uploads.files[0]!.data).toEqualTypeOf<{ url: string } | undefined>();
  const mutation = useMutation(kitMutationOptions(shelterApi.uploadPhoto));
  expectTypeOf(mutation.mutate).parameter(0).toEqualTypeOf<FormData>();
  const request = react.useKitRequest(shelterApi.listPets, { immediate: false });
  expectTypeOf(request.send).parameters.toEqualTypeOf<
    [page: number, size: number, name?: string]
  >();
}

// Vue: refs typed by the response, the declared errors and the envelope.
export function useVueRequest() {
  const id = ref(1);
  const one = vue.useKitRequest(() => shopApi.pet(id.value), {
    watch: [id],
    debounce: 300,
    enabled: computed(() => id.value > 0),
    onSuccess: (data, result) => {
      expectTypeOf(data).toEqualTypeOf<Pet>();
      expectTypeOf(result.code).toEqualTypeOf<0 | 4001 | undefined>();
    },
    onError: (error) => {
      expectTypeOf(error).toEqualTypeOf<PetError>();
      if (error.kind === "http" && error.status === 404) {
        expectTypeOf(error.body).toEqualTypeOf<NotFound>();
      }
    },
    onFinish: (outcome) => {
      if (outcome.ok) expectTypeOf(outcome.data).toEqualTypeOf<Pet>();
      else expectTypeOf(outcome.error).toEqualTypeOf<PetError>();
    },
  });
  expectTypeOf(one.data).toEqualTypeOf<Readonly<ShallowRef<Pet | undefined>>>();
  expectTypeOf(one.error).toEqualTypeOf<Readonly<ShallowRef<PetError | undefined>>>();
  expectTypeOf(one.loading).toEqualTypeOf<Readonly<ShallowRef<boolean>>>();
  expectTypeOf(one.code.value).toEqualTypeOf<0 | 4001 | undefined>();
  expectTypeOf(one.message.value).toEqualTypeOf<string | undefined>();
  expectTypeOf(one.send).parameters.toEqualTypeOf<[]>();

  // enabled: a boolean, a getter or a ref; debounce and throttle per source.
  vue.useKitRequest(() => shopApi.pet(id.value), { enabled: false });
  vue.useKitRequest(() => shopApi.pet(id.value), { enabled: () => id.value > 0 });
  vue.useKitRequest(() => shopApi.pet(id.value), { enabled: ref(true), throttle: [100, 0] });
  // @ts-expect-error enabled is a boolean, a ref or a getter of one
  vue.useKitRequest(() => shopApi.pet(id.value), { enabled: "yes" });
  // @ts-expect-error initialData has the method's data type
  vue.useKitRequest(() => shopApi.pet(id.value), { initialData: { id: "1" } });

  // send(...args) takes the API method's arguments and tells success from failure.
  const manual = vue.useKitRequest(shopApi.vaccinate, { immediate: false });
  expectTypeOf(manual.send).parameters.toEqualTypeOf<[_id: number]>();
  return async () => {
    const outcome = await manual.send(1);
    if (outcome.ok) {
      expectTypeOf(outcome.data).toEqualTypeOf<void>();
    } else {
      expectTypeOf(outcome.error).toEqualTypeOf<KitMethodError<typeof shopApi.vaccinate>>();
    }
    // @ts-expect-error the argument is the pet id
    await manual.send("1");
  };
}

// Vue pagination: page factory arguments, items read from the data, writable page refs.
export function useVuePages() {
  const query = ref("");
  const pages = vue.useKitPagination((page, size) => shopApi.page(page, size, query.value), {
    items: (data) => data.rows,
    total: (data) => data.count,
    watch: [query],
    debounce: [300],
    append: true,
    preload: true,
  });
  expectTypeOf(pages.items.value).toEqualTypeOf<readonly Pet[]>();
  expectTypeOf(pages.page).toEqualTypeOf<Ref<number>>();
  expectTypeOf(pages.pageSize).toEqualTypeOf<Ref<number>>();
  expectTypeOf(pages.total.value).toEqualTypeOf<number | undefined>();
  expectTypeOf(pages.isLastPage.value).toEqualTypeOf<boolean>();
  expectTypeOf(pages.data.value).toEqualTypeOf<PetPage | undefined>();
  expectTypeOf(pages.insert).parameters.toEqualTypeOf<[item: Pet, index?: number]>();
  expectTypeOf(pages.reload()).resolves.toHaveProperty("ok").toEqualTypeOf<boolean>();
  // The data itself when it is an array.
  const plain = vue.useKitPagination((page, size) =>
    petApi.findByStatus(page > size ? [] : ["sold"]),
  );
  expectTypeOf(plain.items.value).toEqualTypeOf<readonly { id: number; name: string }[]>();
  // @ts-expect-error a page factory returns a KitMethod
  vue.useKitPagination((page: number) => page);
}

// React: the same, as plain values.
export function ReactUsage() {
  const one = react.useKitRequest(() => shopApi.pet(1), {
    deps: [1],
    enabled: true,
    debounce: [0],
    polling: 5000,
    refreshOnFocus: true,
    onError: (error) => expectTypeOf(error).toEqualTypeOf<PetError>(),
  });
  expectTypeOf(one.data).toEqualTypeOf<Pet | undefined>();
  expectTypeOf(one.error).toEqualTypeOf<PetError | undefined>();
  expectTypeOf(one.code).toEqualTypeOf<0 | 4001 | undefined>();
  expectTypeOf(one.send).parameters.toEqualTypeOf<[]>();
  const adding = react.useKitRequest(petApi.findByStatus, { immediate: false });
  expectTypeOf(adding.send).parameters.toEqualTypeOf<[_status?: ("available" | "sold")[]]>();
  expectTypeOf(adding.send)
    .returns.resolves.toHaveProperty("data")
    .toEqualTypeOf<Pet[] | undefined>();
  const list = react.useKitPagination((page, size) => shopApi.page(page, size), {
    items: (data) => data.rows,
    total: (data) => data.count,
  });
  expectTypeOf(list.items).toEqualTypeOf<readonly Pet[]>();
  expectTypeOf(list.page).toEqualTypeOf<number>();
  expectTypeOf(list.setPage).toEqualTypeOf<(page: number) => void>();
  expectTypeOf(list.replace).parameters.toEqualTypeOf<[index: number, item: Pet]>();
  // @ts-expect-error enabled is a plain boolean in React
  react.useKitRequest(() => shopApi.pet(1), { enabled: () => true });
}

// Fetcher, event stream, download and uploader, in Vue and React.
export function useVueCapabilities() {
  const fetcher = vue.useKitFetcher();
  expectTypeOf(fetcher.prefetch(shopApi.pet(2)))
    .resolves.toHaveProperty("data")
    .toEqualTypeOf<Pet | undefined>();
  expectTypeOf(fetcher.refresh(shopApi.pet)).toEqualTypeOf<Promise<number>>();
  expectTypeOf(fetcher.loading).toEqualTypeOf<Readonly<ShallowRef<boolean>>>();

  const feed = vue.useKitEventStream(() => shopApi.feed(), {
    limit: 10,
    filter: (event) => event.data.id > 1,
  });
  expectTypeOf(feed.events.value).toEqualTypeOf<readonly KitServerSentEvent<Pet>[]>();
  expectTypeOf(feed.latest.value).toEqualTypeOf<KitServerSentEvent<Pet> | undefined>();
  expectTypeOf(feed.status.value).toEqualTypeOf<
    "idle" | "connecting" | "open" | "closed" | "error"
  >();
  expectTypeOf(feed.open).parameters.toEqualTypeOf<[]>();
  // @ts-expect-error only a stream method is a feed
  vue.useKitEventStream(() => shopApi.pet(1));

  const exporting = vue.useKitDownload(shopApi.exportPets, { fileName: "pets.csv" });
  expectTypeOf(exporting.download).parameters.toEqualTypeOf<[_year: number]>();
  expectTypeOf(exporting.download)
    .returns.resolves.toHaveProperty("data")
    .toEqualTypeOf<File | undefined>();
  expectTypeOf(exporting.error.value).toEqualTypeOf<
    KitMethodError<typeof shopApi.exportPets> | undefined
  >();
  // A text method (text/csv) downloads too.
  vue.useKitDownload(petApi.report, { fileName: "report.txt" });
  // @ts-expect-error only a Blob or text method downloads
  vue.useKitDownload(shopApi.pet);

  const uploads = vue.useKitUploader(
    (file) => {
      expectTypeOf(file).toEqualTypeOf<File>();
      const form = new FormData();
      form.append("photo", file);
      return shopApi.photo(1, form);
    },
    { concurrency: 3 },
  );
  const first = uploads.files.value[0];
  expectTypeOf(first?.data).toEqualTypeOf<{ url: string } | undefined>();
  expectTypeOf(first?.status).toEqualTypeOf<
    "queued" | "uploading" | "done" | "failed" | "aborted"
  >();
  expectTypeOf(uploads.add).parameters.toEqualTypeOf<[files: Iterable<File> | ArrayLike<File>]>();
}

export function ReactCapabilities() {
  const feed = react.useKitEventStream(() => shopApi.feed(), { immediate: false });
  expectTypeOf(feed.events).toEqualTypeOf<readonly KitServerSentEvent<Pet>[]>();
  const exporting = react.useKitDownload(shopApi.exportPets);
  expectTypeOf(exporting.progress).toEqualTypeOf<
    | { readonly loaded: number; readonly total: number | undefined; readonly rate: number }
    | undefined
  >();
  const uploads = react.useKitUploader((_file: File) => shopApi.photo(1, new FormData()), {});
  expectTypeOf(uploads.files[0]?.error).toEqualTypeOf<
    KitMethodError<typeof shopApi.photo> | undefined
  >();
  const fetcher = react.useKitFetcher();
  expectTypeOf(fetcher.error).toEqualTypeOf<KitRequestError | undefined>();
  return [feed, exporting, uploads, fetcher];
}

// TanStack Query: data and errors typed in useQuery, useMutation and the cache.
export function useQueries() {
  const options = kitQueryOptions(petApi.getPetById(1));
  expectTypeOf(useReactQuery(options).data).toEqualTypeOf<Pet | undefined>();
  expectTypeOf(useVueQuery(options).data.value).toEqualTypeOf<Pet | undefined>();
  expectTypeOf(new QueryClient().getQueryData(options.queryKey)).toEqualTypeOf<Pet | undefined>();
  const typed = kitQueryOptions(shopApi.pet(1));
  expectTypeOf(useReactQuery(typed).error).toEqualTypeOf<PetError | null>();
  expectTypeOf(useVueQuery(typed).error.value).toEqualTypeOf<PetError | null>();
  expectTypeOf(new QueryClient().getQueryState(typed.queryKey)?.error).toEqualTypeOf<
    PetError | null | undefined
  >();
  const fromReact = useReactQuery(typed);
  if (fromReact.error?.kind === "http" && fromReact.error.status === 404) {
    expectTypeOf(fromReact.error.body).toEqualTypeOf<NotFound>();
  }

  // One argument: mutate(payload); none: mutate(); several: the arguments as a tuple.
  const finding = useMutation(kitMutationOptions(petApi.findByStatus));
  expectTypeOf(finding.mutate).parameter(0).toEqualTypeOf<("available" | "sold")[] | undefined>();
  expectTypeOf(finding.data).toEqualTypeOf<Pet[] | undefined>();
  const vaccinating = useMutation(kitMutationOptions(shopApi.vaccinate));
  expectTypeOf(vaccinating.mutate).parameter(0).toEqualTypeOf<number>();
  expectTypeOf(vaccinating.error).toEqualTypeOf<KitMethodError<typeof shopApi.vaccinate> | null>();
  const reporting = useMutation(kitMutationOptions(petApi.report));
  // No argument: mutate() alone compiles.
  reporting.mutate();
  const updating = useMutation(kitMutationOptions(petApi.updateWithForm));
  expectTypeOf(updating.mutate).parameter(0).toEqualTypeOf<[_petId: number, _name?: string]>();
  // @ts-expect-error one argument is passed as itself, not as a tuple
  vaccinating.mutate([1]);

  expectTypeOf(kitQueryKey(petApi)).toEqualTypeOf<
    readonly [server: string, api: string, method?: string, ...args: unknown[]]
  >();
  const client = new QueryClient();
  expectTypeOf(invalidateKitQueries(client, petApi.getPetById)).toEqualTypeOf<Promise<void>>();
  invalidateKitQueries(client, petApi);
  invalidateKitQueries(client, petApi.getPetById(1));

  // A stream method: the events so far, typed by the generated stream type.
  const feed = useReactQuery(kitStreamedQueryOptions(shopApi.feed()));
  expectTypeOf(feed.data).toEqualTypeOf<KitServerSentEvent<Pet>[] | undefined>();
  // @ts-expect-error only a stream method streams
  kitStreamedQueryOptions(shopApi.pet(1));
}
