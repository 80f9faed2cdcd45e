const COMPONENT_REF = /^#\/components\/([^/]+)\/(.+)$/;

/**
 * A document `copies` times the size of `document`: copy k > 1 repeats every path, component,
 * operationId and tag under a `copyK` suffix (paths under a `/copyK` prefix) with its `$ref`s
 * rewritten to match, so a generator does the original work `copies` times with no name clashes.
 */
export function replicateDocument(document, copies) {
  const paths = { ...document.paths };
  const components = structuredClone(document.components ?? {});
  const tags = [...(document.tags ?? [])];
  for (let copy = 2; copy <= copies; copy++) {
    const suffix = `copy${copy}`;
    for (const [path, item] of Object.entries(document.paths)) {
      paths[`/${suffix}${path}`] = renamed(item, suffix);
    }
    for (const [section, entries] of Object.entries(document.components ?? {})) {
      for (const [name, value] of Object.entries(entries)) {
        components[section][`${name}-${suffix}`] = renamed(value, suffix);
      }
    }
    for (const tag of document.tags ?? []) {
      tags.push({ ...tag, name: `${tag.name} ${suffix}` });
    }
  }
  return { ...document, paths, components, tags };
}

/** A deep copy of `value` with references, operation ids and operation tags moved to `suffix`. */
function renamed(value, suffix, key) {
  if (Array.isArray(value)) {
    return key === "tags" && value.every((item) => typeof item === "string")
      ? value.map((tag) => `${tag} ${suffix}`)
      : value.map((item) => renamed(item, suffix));
  }
  if (typeof value === "string") {
    if (key === "operationId") return `${value}-${suffix}`;
    const ref = COMPONENT_REF.exec(value);
    return ref === null ? value : `#/components/${ref[1]}/${ref[2]}-${suffix}`;
  }
  if (value === null || typeof value !== "object") return value;
  const copy = {};
  for (const [childKey, child] of Object.entries(value)) {
    copy[childKey] = renamed(child, suffix, childKey);
  }
  return copy;
}
