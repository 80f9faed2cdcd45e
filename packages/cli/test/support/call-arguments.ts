import type { MethodParameter } from "../../src/model/method-parameters.js";
import { foldQueryParameters } from "../../src/model/query-object.js";

/**
 * The arguments a client generated with `--query-object` takes for the positional arguments
 * `args` of `parameters`: the named query values in one object, the others as they are. The same
 * values, so both forms must put the same request on the wire.
 */
export function queryObjectArguments(
  parameters: readonly MethodParameter[],
  args: readonly unknown[],
): unknown[] {
  const { parameters: folded, keys } = foldQueryParameters(parameters);
  const argumentOf = (parameter: object) => args[parameters.indexOf(parameter as MethodParameter)];
  const query = Object.fromEntries(
    keys.flatMap((key) => (argumentOf(key) === undefined ? [] : [[key.key!, argumentOf(key)]])),
  );
  return folded.map((parameter) => ("queryKeys" in parameter.type ? query : argumentOf(parameter)));
}
