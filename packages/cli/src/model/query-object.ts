import { NameScope } from "./names.js";
import type { SignatureParameter } from "./signature.js";

/**
 * The signature with its named query parameters folded into one `query` object parameter, at the
 * place of the first of them: required when any of them is. The keys keep the order the positional
 * form sends them in. An exploded query object (`@Query()`, whose own keys are the query keys) and
 * every other parameter stay as they are.
 */
export function foldQueryParameters(parameters: readonly SignatureParameter[]): {
  parameters: SignatureParameter[];
  keys: readonly SignatureParameter[];
} {
  const keys = parameters.filter(isNamedQuery);
  if (keys.length === 0) return { parameters: [...parameters], keys };
  const variables = new NameScope();
  for (const parameter of parameters)
    if (!isNamedQuery(parameter)) variables.reserve(parameter.variable);
  const query: SignatureParameter = {
    variable: variables.claim("query"),
    decorator: "Query",
    required: keys.some((key) => key.required),
    type: { queryKeys: keys },
  };
  const folded = parameters.filter((parameter) => !isNamedQuery(parameter));
  // Parameters are sorted required first; the first key's place keeps that order for `query`.
  folded.splice(parameters.indexOf(keys[0]!), 0, query);
  return { parameters: folded, keys };
}

function isNamedQuery(parameter: SignatureParameter): boolean {
  return parameter.decorator === "Query" && parameter.key !== undefined;
}
