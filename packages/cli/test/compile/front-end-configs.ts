/**
 * The app tsconfigs create-vite 9.3 writes for its react-ts and vue-ts templates
 * (`template-react-ts/tsconfig.app.json`; `template-vue-ts/tsconfig.app.json` over
 * `@vue/tsconfig/tsconfig.dom.json` 0.9, resolved here), each with the one option Kit needs,
 * `experimentalDecorators`. Changed on purpose: `types` is empty (no `vite/client` here),
 * `tsBuildInfoFile` is dropped (no build mode), and `strict` and `noUncheckedSideEffectImports`
 * are written out because TypeScript 6 and later turn them on by default, so 5.x checks the same.
 */
export const FRONT_END_CONFIGS = {
  "create-vite react-ts": {
    target: "es2023",
    lib: ["ES2023", "DOM"],
    module: "esnext",
    types: [],
    allowArbitraryExtensions: true,
    skipLibCheck: true,
    moduleResolution: "bundler",
    allowImportingTsExtensions: true,
    verbatimModuleSyntax: true,
    moduleDetection: "force",
    noEmit: true,
    jsx: "react-jsx",
    noUnusedLocals: true,
    noUnusedParameters: true,
    erasableSyntaxOnly: true,
    noFallthroughCasesInSwitch: true,
    strict: true,
    noUncheckedSideEffectImports: true,
    experimentalDecorators: true,
  },
  "create-vite vue-ts": {
    noEmit: true,
    module: "ESNext",
    moduleResolution: "bundler",
    resolveJsonModule: true,
    allowImportingTsExtensions: true,
    moduleDetection: "force",
    jsx: "preserve",
    jsxImportSource: "vue",
    noImplicitThis: true,
    strict: true,
    verbatimModuleSyntax: true,
    target: "ESNext",
    useDefineForClassFields: true,
    esModuleInterop: true,
    forceConsistentCasingInFileNames: true,
    libReplacement: false,
    skipLibCheck: true,
    lib: ["ES2022", "DOM", "DOM.Iterable"],
    types: [],
    allowArbitraryExtensions: true,
    noUnusedLocals: true,
    noUnusedParameters: true,
    erasableSyntaxOnly: true,
    noFallthroughCasesInSwitch: true,
    noUncheckedSideEffectImports: true,
    experimentalDecorators: true,
  },
} as const;

/** The compilers of the matrix, from the lowest TypeScript Kit supports to the newest. */
export const TYPESCRIPT_VERSIONS = [
  { alias: "ts50", version: "5.0", bin: "node_modules/ts50/bin/tsc" },
  { alias: "ts54", version: "5.4", bin: "node_modules/ts54/bin/tsc" },
  { alias: "ts5", version: "5.9", bin: "node_modules/ts5/bin/tsc" },
  { alias: "typescript", version: "7", bin: "node_modules/typescript/bin/tsc" },
] as const;

/**
 * Settings newer than some compilers of the matrix. An older compiler refuses the whole config
 * over one it does not know, so for it the setting is left out (a check it cannot make) or given
 * the nearest older value, which changes nothing for this code: `module: "esnext"` resolves and
 * checks imports as `"preserve"` does under `moduleResolution: "bundler"`, and the generated code
 * uses nothing of ES2023.
 */
const NEWER_SETTINGS: readonly { option: string; value?: string; since: string; older?: string }[] =
  [
    { option: "module", value: "preserve", since: "5.4", older: "esnext" },
    // 5.4 refuses target es2023; 5.9 takes it.
    { option: "target", value: "es2023", since: "5.5", older: "es2022" },
    { option: "noUncheckedSideEffectImports", since: "5.6" },
    { option: "erasableSyntaxOnly", since: "5.8" },
    { option: "libReplacement", since: "5.8" },
  ];

function atLeast(version: string, since: string): boolean {
  const [major = 0, minor = 0] = version.split(".").map(Number);
  const [sinceMajor = 0, sinceMinor = 0] = since.split(".").map(Number);
  return major > sinceMajor || (major === sinceMajor && minor >= sinceMinor);
}

/** `options` as the compiler of `version` accepts them. */
export function forCompiler(
  options: Readonly<Record<string, unknown>>,
  version: string,
): Record<string, unknown> {
  const accepted: Record<string, unknown> = { ...options };
  for (const { option, value, since, older } of NEWER_SETTINGS) {
    if (atLeast(version, since) || !(option in accepted)) continue;
    if (value !== undefined && String(accepted[option]).toLowerCase() !== value) continue;
    if (older === undefined) delete accepted[option];
    else accepted[option] = older;
  }
  return accepted;
}
