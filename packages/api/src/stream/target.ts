import type { KitRequestTarget } from "../core/errors.js";
import type { AnyKitMethod } from "../core/method.js";
import { methodInternals } from "../core/method.js";
import { showPathTemplate } from "../core/path-template.js";

/** The method's route for errors found while reading its stream. */
export function targetOf(method: AnyKitMethod): KitRequestTarget {
  const { api, route, url } = methodInternals.endpoint(method);
  return { method: route.method, url: showPathTemplate(url), api: `${api}.${route.methodName}` };
}
