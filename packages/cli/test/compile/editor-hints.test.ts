import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import ts from "ts5";
import { expect, test } from "vitest";
import { generateFromOpenAPI } from "../../src/generate.js";
import { fixturePath } from "../support/fixtures.js";
import { SCRATCH_DIR, USER_COMPILER_OPTIONS, writeOutput } from "../support/output-dir.js";

const DIR = join(SCRATCH_DIR, "editor-hints");

/** What an editor shows on hover, through the TypeScript 5.9 language API. */
test("editor hints show the generated methods' parameter names, not the implementation's _ names", async () => {
  await writeOutput(await generateFromOpenAPI(fixturePath("petstore-3.0.json")), join(DIR, "api"));
  const usage = join(DIR, "usage.ts");
  await writeFile(
    usage,
    'import { petApi } from "./api/index";\nexport const hover = petApi.getPetById;\n',
  );
  const { options } = ts.convertCompilerOptionsFromJson(USER_COMPILER_OPTIONS, DIR);
  const program = ts.createProgram([usage], options);
  const checker = program.getTypeChecker();
  const declaration = program.getSourceFile(usage)!.statements[1] as ts.VariableStatement;
  const hover = declaration.declarationList.declarations[0]!.name;
  // Only the names matter here; KitMethod's later type arguments (envelope, errors) may grow.
  expect(checker.typeToString(checker.getTypeAtLocation(hover))).toMatch(
    /^\(petId: number, xRequestId\?: string \| undefined\) => KitMethod<Pet, \[petId: number, xRequestId\?: string \| undefined\]/,
  );
});
