import type { MethodParameter } from "./method-parameters.js";
import { NameScope } from "./names.js";
import type { TypeSource } from "./type-source.js";

/** A query object of these named query parameters, declared as `<Operation>Query`. */
export interface QueryObjectSource {
  queryKeys: readonly MethodParameter[];
}

/** A parameter of the printed signature: one of the document's, or a query object of several. */
export interface PlannedParameter extends Omit<MethodParameter, "type"> {
  type: TypeSource | QueryObjectSource;
}

/**
 * The signature with its named query parameters folded into one `query` object parameter, at the
 * place of the first of them: required when any of them is. The keys keep the order the positional
 * form sends them in. An exploded query object (`@Query()`, whose own keys are the query keys) and
 * every other parameter stay as they are.
 */
export function foldQueryParameters(parameters: readonly MethodParameter[]): {
  parameters: PlannedParameter[];
  keys: readonly MethodParameter[];
} {
  const keys = parameters.filter(isNamedQuery);
  if (keys.length === 0) return { parameters: [...parameters], keys };
  const variables = new NameScope();
  for (const parameter of parameters)
    if (!isNamedQuery(parameter)) variables.reserve(parameter.variable);
  const query: PlannedParameter = {
    variable: variables.claim("query"),
    binding: { in: "query" },
    required: keys.some((key) => key.required),
    type: { queryKeys: keys },
  };
  const folded: PlannedParameter[] = parameters.filter((parameter) => !isNamedQuery(parameter));
  // Parameters are sorted required first; the first key's place keeps that order for `query`.
  folded.splice(parameters.indexOf(keys[0]!), 0, query);
  return { parameters: folded, keys };
}

function isNamedQuery(parameter: MethodParameter): boolean {
  return parameter.binding.in === "query" && parameter.key !== undefined;
}
