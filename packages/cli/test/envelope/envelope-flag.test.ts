import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseArgv } from "../../src/cli/parse-argv.js";
import { KitUsageError } from "../../src/errors.js";
import { runKit } from "../cli/run-kit.js";
import { fixturePath } from "../support/fixtures.js";
import { useTempDirs } from "../write/temp-dir.js";

const tempDir = useTempDirs();

/** The example's Chinese tags are named by hash, one warning each: not what these tests are about. */
function withoutTagNames(lines: readonly string[]): string[] {
  return lines.filter((line) => !line.includes("has no ASCII letters or digits"));
}

function envelopeOption(value: string): unknown {
  const parsed = parseArgv(["generate", "-i", "openapi.json", "--envelope", value]);
  return parsed.command === "generate" ? parsed.flags.options.envelope : parsed;
}

function usageMessage(value: string): string | undefined {
  try {
    envelopeOption(value);
  } catch (error) {
    if (error instanceof KitUsageError) return error.message;
    throw error;
  }
  return undefined;
}

describe("the --envelope flag", () => {
  it("takes three keys in the order code, message, data", () => {
    expect(envelopeOption("code,msg,data")).toEqual({
      codeKey: "code",
      messageKey: "msg",
      dataKey: "data",
    });
    expect(envelopeOption(" status , message , result ")).toEqual({
      codeKey: "status",
      messageKey: "message",
      dataKey: "result",
    });
  });

  it("takes success codes of the code field, compared as text: code=20000, string codes, several", () => {
    expect(envelopeOption("code=20000,msg,data")).toEqual({
      codeKey: "code",
      messageKey: "msg",
      dataKey: "data",
      successCodes: ["20000"],
    });
    expect(envelopeOption("code = 00000|A0000 , message, data")).toMatchObject({
      successCodes: ["00000", "A0000"],
    });
  });

  it("takes a boolean success field instead of the code, or beside it as a fourth item", () => {
    expect(envelopeOption("success=true,message,data")).toEqual({
      codeKey: "success",
      messageKey: "message",
      dataKey: "data",
      successCodes: ["true"],
    });
    expect(envelopeOption("code,message,data,success=true")).toEqual({
      codeKey: "code",
      messageKey: "message",
      dataKey: "data",
      successCodes: ["true"],
      successKey: "success",
    });
  });

  it('takes "none"', () => {
    expect(envelopeOption("none")).toBe("none");
  });

  it("is absent unless given", () => {
    const parsed = parseArgv(["generate", "-i", "openapi.json"]);
    expect(parsed.command === "generate" && parsed.flags.options.envelope).toBeUndefined();
  });

  it.each([
    "",
    "code",
    "code,data",
    "code,msg,data,extra",
    "code,,data",
    "code,code,data",
    "none,msg,data,x",
    "code=,msg,data",
    "code=1||2,msg,data",
    "code,msg=ok,data",
    "code=0,msg,data,success=true",
    "code,msg,data,code=true",
  ])("refuses %j as a usage error naming the expected form", (value) => {
    expect(usageMessage(value)).toBe(
      `--envelope must be "none" or <codeKey>[=<success>|…],<messageKey>,<dataKey>[,<successKey>=<success>|…] with three different keys, e.g. code,msg,data or code=20000,msg,data or code,message,data,success=true; got "${value}" (run kit --help for usage)`,
    );
  });
});

describe("kit generate --envelope, as a child process", () => {
  it("exits 2 for a malformed value and writes nothing", async () => {
    const cwd = await tempDir();
    const run = await runKit(
      ["generate", "-i", fixturePath("springdoc.json"), "-o", "out", "--envelope", "code,data"],
      cwd,
    );
    expect(run.code).toBe(2);
    expect(run.stderrLines).toEqual([
      'kit: --envelope must be "none" or <codeKey>[=<success>|…],<messageKey>,<dataKey>[,<successKey>=<success>|…] with three different keys, e.g. code,msg,data or code=20000,msg,data or code,message,data,success=true; got "code,data" (run kit --help for usage)',
    ]);
    await expect(readFile(path.join(cwd, "out", "service.ts"))).rejects.toThrow(/ENOENT/);
  });

  it("writes the keys into service.ts and warns about the one response that is not wrapped", async () => {
    const cwd = await tempDir();
    const run = await runKit(
      [
        "generate",
        "-i",
        fixturePath("springdoc.json"),
        "-o",
        "out",
        "--envelope",
        "code,message,data",
      ],
      cwd,
    );
    expect(run.code).toBe(0);
    expect(withoutTagNames(run.stderrLines)).toEqual([
      expect.stringMatching(
        /^kit: warning: #\/paths\/~1system~1health\/get\/responses\/200 \(.*springdoc\.json:\d+\): not an envelope/,
      ),
      expect.stringMatching(/^kit: warning: #\/servers\/0\/url /),
    ]);
    const service = await readFile(path.join(cwd, "out", "service.ts"), "utf8");
    expect(service).toContain(
      'codeKey: "code", messageKey: "message", dataKey: "data", ...options })',
    );
  });

  it("without the flag, suggests it once for the whole document", async () => {
    const cwd = await tempDir();
    const run = await runKit(["generate", "-i", fixturePath("springdoc.json"), "-o", "out"], cwd);
    expect(run.code).toBe(0);
    const lines = withoutTagNames(run.stderrLines);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain("pass --envelope code,message,data");
  });

  it("warns that springdoc's absolute server URL ships in the bundle and says how to set it instead, unless --base-url is given", async () => {
    const cwd = await tempDir();
    const input = fixturePath("springdoc.json");
    const run = await runKit(["generate", "-i", input, "-o", "out"], cwd);
    expect(run.stderrLines).toContainEqual(
      expect.stringMatching(
        /^kit: warning: #\/servers\/0\/url \(.*springdoc\.json:\d+\): the server URL "http:\/\/localhost:8080\/api" names a host; it is written into service.ts and ships in the bundle, .*baseURL in service\.config\.ts \(e\.g\. import\.meta\.env\.VITE_API_BASE_URL \?\? "\/api".*--base-url \/api with the dev server proxying \/api/,
      ),
    );
    const given = await runKit(["generate", "-i", input, "-o", "out", "--base-url", "/api"], cwd);
    expect(given.stderrLines.filter((line) => line.includes("#/servers/0/url"))).toEqual([]);
  });
});
