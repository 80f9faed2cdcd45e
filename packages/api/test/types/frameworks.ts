/*
 * The framework integrations as an app uses them, compiled by the real tsc against the built
 * package: the data types come from the API method's declared response (`KitPayloadOf`).
 */
import * as react from "@kit/api/react";
import { kitMutationOptions, kitQueryKey, kitQueryOptions } from "@kit/api/tanstack-query";
import * as vue from "@kit/api/vue";
import { QueryClient, useMutation, useQuery as useReactQuery } from "@tanstack/react-query";
import { useQuery as useVueQuery } from "@tanstack/vue-query";
import { expectTypeOf } from "vitest";
import { type Ref, ref, type ShallowRef } from "vue";
import { petApi } from "./petstore.js";

interface Pet {
  id: number;
  name: string;
}

// Vue: refs typed by the response; send takes the API method's arguments.
export function useVueUsage() {
  const id = ref(1);
  const one = vue.useKitRequest(() => petApi.getPetById(id.value), { watch: [id] });
  expectTypeOf(one.data).toEqualTypeOf<Readonly<ShallowRef<Pet | undefined>>>();
  expectTypeOf(one.loading).toEqualTypeOf<Readonly<ShallowRef<boolean>>>();
  const manual = vue.useKitRequest(petApi.findByStatus, { immediate: false });
  expectTypeOf(manual.send).parameters.toEqualTypeOf<[_status?: ("available" | "sold")[]]>();
  expectTypeOf(manual.send).returns.toEqualTypeOf<Promise<Pet[] | undefined>>();
  const pages = vue.useKitPagination(
    (page, size) => petApi.findByStatus(page > size ? [] : ["sold"]),
    {
      initialPageSize: 20,
    },
  );
  expectTypeOf(pages.items.value).toEqualTypeOf<readonly Pet[]>();
  expectTypeOf(pages.page).toEqualTypeOf<Ref<number>>();
}

// React: the same, as plain values.
export function ReactUsage() {
  const state = react.useKitRequest(() => petApi.getPetById(1), { deps: [1] });
  expectTypeOf(state.data).toEqualTypeOf<Pet | undefined>();
  expectTypeOf(state.send).parameters.toEqualTypeOf<[]>();
  const list = react.useKitPagination((page, size) =>
    petApi.findByStatus(page > size ? [] : ["sold"]),
  );
  expectTypeOf(list.items).toEqualTypeOf<readonly Pet[]>();
}

// TanStack Query: data typed in useQuery and in the cache, variables are the arguments.
export function useQueries() {
  const options = kitQueryOptions(petApi.getPetById(1));
  expectTypeOf(useReactQuery(options).data).toEqualTypeOf<Pet | undefined>();
  expectTypeOf(useVueQuery(options).data.value).toEqualTypeOf<Pet | undefined>();
  expectTypeOf(new QueryClient().getQueryData(options.queryKey)).toEqualTypeOf<Pet | undefined>();
  const updating = useMutation(kitMutationOptions(petApi.updateWithForm));
  expectTypeOf(updating.mutate).parameter(0).toEqualTypeOf<[_petId: number, _name?: string]>();
  const finding = useMutation(kitMutationOptions(petApi.findByStatus));
  expectTypeOf(finding.data).toEqualTypeOf<Pet[] | undefined>();
  expectTypeOf(kitQueryKey(petApi)).toEqualTypeOf<
    readonly [server: string, api: string, method?: string, ...args: unknown[]]
  >();
}
