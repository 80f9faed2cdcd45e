import {
  CancelledError,
  hashKey,
  MutationObserver,
  QueryClient,
  QueryObserver,
} from "@tanstack/query-core";
import { useQuery as useReactQuery } from "@tanstack/react-query";
import { createElement } from "react";
import { create } from "react-test-renderer";
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from "vitest";
import { KitHttpError, KitOptionsError, KitServer, Server } from "../../src/index.js";
import {
  invalidateKitQueries,
  kitMutationOptions,
  kitQueryKey,
  kitQueryOptions,
  kitStreamedQueryOptions,
} from "../../src/tanstack-query/index.js";
import { PetApi, type PetServer, petApiFor, startPetServer } from "./pet-server.js";

let server: PetServer;
let client: QueryClient;
beforeAll(async () => {
  server = await startPetServer();
});
afterAll(() => server.close());
afterEach(() => client?.clear());

function newClient(): QueryClient {
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return client;
}

describe("kitQueryKey", () => {
  test("names the server, the API, the method and the arguments, equal for equal arguments", () => {
    const api = petApiFor(server.origin);
    expect(kitQueryKey(api.getPet(1))).toEqual([server.origin, "PetApi", "getPet", 1]);
    expect(kitQueryKey(api.getPet(1, undefined))).toEqual(kitQueryKey(api.getPet(1)));
    expect(kitQueryKey(api.getPet)).toEqual([server.origin, "PetApi", "getPet"]);
    expect(kitQueryKey(api)).toEqual([server.origin, "PetApi"]);
    const a = kitQueryKey(api.addPet({ name: "Rex", tag: "dog" } as { name: string }));
    const b = kitQueryKey(api.addPet({ tag: "dog", name: "Rex" } as { name: string }));
    expect(hashKey(a)).toBe(hashKey(b));
    expect(JSON.parse(JSON.stringify(a))).toEqual(a);
    expect(hashKey(kitQueryKey(api.getPet(1)))).not.toBe(hashKey(kitQueryKey(api.getPet(2))));
  });

  test("refuses what is neither an API object, an API method nor a KitMethod", () => {
    const error = (() => {
      try {
        kitQueryKey({ name: "not an api" });
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(KitOptionsError);
    expect((error as KitOptionsError).message).toBe(
      "kitQueryKey() takes an API object, one of its methods or a KitMethod, got object",
    );
  });
});

describe("kitQueryOptions", () => {
  test("fetches the response data through the query client", async () => {
    const api = petApiFor(server.origin);
    const queries = newClient();
    const pet = await queries.fetchQuery(kitQueryOptions(api.getPet(5)));
    expect(pet).toEqual({ id: 5, name: "Pet 5" });
    expect(queries.getQueryData(kitQueryOptions(api.getPet(5)).queryKey)).toEqual(pet);
  });

  test("the same API on two servers keeps two entries: neither server's answer stands in for the other's", async () => {
    const other = await startPetServer();
    try {
      const queries = newClient();
      const here = kitQueryOptions(petApiFor(server.origin).getPet(7));
      const there = kitQueryOptions(petApiFor(other.origin).getPet(7));
      await queries.fetchQuery({ ...here, staleTime: Number.POSITIVE_INFINITY });
      // A fresh entry under an equal key would be answered from the cache, with no request.
      await queries.fetchQuery({ ...there, staleTime: Number.POSITIVE_INFINITY });
      expect(server.requests.filter((path) => path === "/pets/7")).toHaveLength(1);
      expect(other.requests).toEqual(["/pets/7"]);
      expect(hashKey(here.queryKey)).not.toBe(hashKey(there.queryKey));
    } finally {
      await other.close();
    }
  });

  test("a server's name, when it has one, keys its queries, so differently configured sides can agree", () => {
    @Server({ baseURL: `${server.origin}/api`, name: "shop" })
    class Shop extends KitServer {}
    const api = new Shop().createApi(PetApi);
    expect(kitQueryKey(api.getPet(1))).toEqual(["shop", "PetApi", "getPet", 1]);
  });

  test("the query's signal aborts the send: cancelling closes the connection", async () => {
    const api = petApiFor(server.origin);
    const queries = newClient();
    const closedBefore = server.closed.length;
    const options = kitQueryOptions(api.getPet(6, 1));
    const fetching = queries.fetchQuery(options).catch((error: unknown) => error);
    await vi.waitFor(() => expect(server.requests).toContain("/pets/6?hold=1"));
    await queries.cancelQueries({ queryKey: options.queryKey });
    await server.closedCount(closedBefore + 1);
    expect(server.closed.at(-1)).toBe("/pets/6?hold=1");
    expect(await fetching).toBeInstanceOf(CancelledError);
  });

  test("invalidation by method or by API selects the queries under that key", async () => {
    const api = petApiFor(server.origin);
    const queries = newClient();
    await Promise.all([
      queries.prefetchQuery(kitQueryOptions(api.getPet(1))),
      queries.prefetchQuery(kitQueryOptions(api.getPet(2))),
      queries.prefetchQuery(kitQueryOptions(api.listPets(1, 5))),
    ]);
    const invalidated = () =>
      queries
        .getQueryCache()
        .findAll({ predicate: (query) => query.state.isInvalidated })
        .map((query) => query.queryKey);

    await invalidateKitQueries(queries, api.getPet(2));
    expect(invalidated()).toEqual([[server.origin, "PetApi", "getPet", 2]]);
    await invalidateKitQueries(queries, api.getPet);
    expect(invalidated()).toEqual([
      [server.origin, "PetApi", "getPet", 1],
      [server.origin, "PetApi", "getPet", 2],
    ]);
    await invalidateKitQueries(queries, api);
    expect(invalidated()).toHaveLength(3);
  });
});

describe("kitMutationOptions", () => {
  test("a method of one argument takes it as the variables: mutate(pet); keyed by API and method", async () => {
    const api = petApiFor(server.origin);
    const options = kitMutationOptions(api.addPet);
    expect(options.mutationKey).toEqual([server.origin, "PetApi", "addPet"]);
    const observer = new MutationObserver(newClient(), options);
    expect(await observer.mutate({ name: "Tibbles" })).toEqual({ id: 99, name: "Tibbles" });
  });

  test("several arguments are passed as a tuple, none as nothing; a function of its own counts its own", async () => {
    const api = petApiFor(server.origin);
    const before = server.requests.length;
    const list = new MutationObserver(newClient(), kitMutationOptions(api.listPets));
    expect((await list.mutate([2, 3, "Pet"])).items.map((pet) => pet.id)).toEqual([4, 5, 6]);
    const fixed = new MutationObserver(
      client,
      kitMutationOptions(() => api.getPet(12)),
    );
    expect(await fixed.mutate()).toEqual({ id: 12, name: "Pet 12" });
    const own = new MutationObserver(
      client,
      kitMutationOptions((page: number, size: number) => api.listPets(page, size)),
    );
    await own.mutate([3, 10]);
    expect(server.requests.slice(before)).toEqual([
      "/pets?page=2&size=3&q=Pet",
      "/pets/12",
      "/pets?page=3&size=10",
    ]);
  });

  test("a failed mutation's error is the method's KitHttpError with its declared body", async () => {
    const api = petApiFor(server.origin);
    const observer = new MutationObserver(newClient(), kitMutationOptions(api.removePet));
    const error = await observer.mutate(404).catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(KitHttpError);
    expect(
      observer.getCurrentResult().error?.kind === "http" &&
        observer.getCurrentResult().error?.status,
    ).toBe(404);
  });
});

describe("kitStreamedQueryOptions", () => {
  test("the query's data is the events so far, capped at limit; cancelling closes the stream", async () => {
    const api = petApiFor(server.origin);
    const queries = newClient();
    const options = kitStreamedQueryOptions(api.feed(), { limit: 2 });
    const observer = new QueryObserver(queries, options);
    const seen: string[] = [];
    const unsubscribe = observer.subscribe((result) => {
      seen.push(
        `${result.status} ${(result.data ?? []).map((event) => event.data.name).join(",")}`,
      );
    });
    await vi.waitFor(() =>
      expect(observer.getCurrentResult().data?.map((event) => event.id)).toEqual(["2", "3"]),
    );
    expect(observer.getCurrentResult().data?.[1]?.data).toEqual({ id: 3, name: "Pet 3" });
    expect(seen).toContain("success Pet 1");
    const closedBefore = server.closed.filter((path) => path === "/pets/feed").length;
    unsubscribe();
    await queries.cancelQueries({ queryKey: options.queryKey });
    await vi.waitFor(() =>
      expect(server.closed.filter((path) => path === "/pets/feed").length).toBe(closedBefore + 1),
    );
  });
});

// Vue Query fetches only where `window` exists; the Vue example app proves it in the browser.
describe("in React Query's hook", () => {
  test("React useQuery renders the data and unmounting mid-fetch closes the connection", async () => {
    const api = petApiFor(server.origin);
    const queries = newClient();
    const seen: unknown[] = [];
    const Pet = ({ id, hold }: { id: number; hold?: 1 }) => {
      const query = useReactQuery(kitQueryOptions(api.getPet(id, hold)), queries);
      seen.push(query.data);
      return null;
    };
    const view = create(createElement(Pet, { id: 7 }));
    await vi.waitFor(() => expect(seen.at(-1)).toEqual({ id: 7, name: "Pet 7" }));
    const closedBefore = server.closed.length;
    view.update(createElement(Pet, { id: 8, hold: 1 }));
    await vi.waitFor(() => expect(server.requests).toContain("/pets/8?hold=1"));
    view.unmount();
    await server.closedCount(closedBefore + 1);
    expect(server.closed.at(-1)).toBe("/pets/8?hold=1");
  });
});
