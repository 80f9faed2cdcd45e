import { describe, expect, it } from "vitest";
import { parseArgv } from "../../src/cli/parse-argv.js";
import { KitUsageError } from "../../src/errors.js";

describe("parseArgv", () => {
  it("reads every generate flag, with short forms and comma lists", () => {
    expect(
      parseArgv([
        "g",
        "-i",
        "openapi.yaml",
        "-o",
        "client",
        "--base-url",
        "https://example.test/v1",
        "--name",
        "shop",
        "--tags",
        "pet, store",
        "--tags=user",
        "--exclude-tags",
        "admin",
        "--clean",
        "--force",
        "--verbose",
      ]),
    ).toEqual({
      command: "generate",
      services: [],
      flags: {
        input: "openapi.yaml",
        out: "client",
        clean: true,
        force: true,
        headers: {},
        options: {
          baseUrl: "https://example.test/v1",
          name: "shop",
          tags: ["pet", "store", "user"],
          excludeTags: ["admin"],
        },
      },
      mode: "write",
      watch: false,
      report: "text",
      verbose: true,
    });
  });

  it("leaves every flag the command line does not give unset, so the config file decides", () => {
    expect(parseArgv(["generate", "--input=api.json"])).toEqual({
      command: "generate",
      services: [],
      flags: { input: "api.json", clean: false, force: false, headers: {}, options: {} },
      mode: "write",
      watch: false,
      report: "text",
      verbose: false,
    });
  });

  it("reads service names, --config, headers, --timeout, --watch and --report", () => {
    expect(
      parseArgv([
        "g",
        "users",
        "orders",
        "users",
        "-c",
        "config/kit.config.ts",
        "-H",
        "Authorization: Bearer a:b",
        "--header=X-Team:web",
        "--timeout",
        "5000",
        "--watch",
      ]),
    ).toMatchObject({
      services: ["users", "orders"],
      config: "config/kit.config.ts",
      flags: { headers: { Authorization: "Bearer a:b", "X-Team": "web" }, timeout: 5000 },
      watch: true,
      report: "text",
    });
    expect(parseArgv(["g", "--check", "--report", "json"])).toMatchObject({ report: "json" });
  });

  it("turns --dry-run and --check into a mode, and refuses both at once", () => {
    expect(parseArgv(["generate", "-i", "a.json", "--dry-run"])).toMatchObject({ mode: "dry-run" });
    expect(parseArgv(["generate", "-i", "a.json", "--check"])).toMatchObject({ mode: "check" });
    expect(() => parseArgv(["generate", "-i", "a.json", "--check", "--dry-run"])).toThrow(
      new KitUsageError("--dry-run and --check exclude each other (run kit --help for usage)"),
    );
  });

  it("reads kit init with its defaults", () => {
    expect(parseArgv(["init"])).toEqual({
      command: "init",
      out: "src/service",
      baseUrl: "/api",
      force: false,
      verbose: false,
    });
    expect(
      parseArgv(["init", "--out", "lib/http", "--base-url", "/v2", "--name", "shop", "--force"]),
    ).toEqual({
      command: "init",
      out: "lib/http",
      baseUrl: "/v2",
      name: "shop",
      force: true,
      verbose: false,
    });
  });

  it("answers help and version before anything else is required", () => {
    expect(parseArgv(["-h"])).toEqual({ command: "help" });
    expect(parseArgv(["--help"])).toEqual({ command: "help" });
    expect(parseArgv(["-V"])).toEqual({ command: "version" });
    expect(parseArgv(["generate", "--version"])).toEqual({ command: "version" });
    expect(parseArgv(["generate", "-h"])).toEqual({ command: "help" });
    expect(parseArgv(["init", "--help"])).toEqual({ command: "help" });
  });

  it.each([
    ["250000", 250_000],
    ["512kb", 512 * 1024],
    ["1.5MB", 1.5 * 1024 * 1024],
    ["2gb", 2 * 1024 ** 3],
  ])("reads --max-size %s as %i bytes", (size, bytes) => {
    const parsed = parseArgv(["generate", "-i", "a.json", "--max-size", size]);
    expect(parsed).toMatchObject({ command: "generate", flags: { maxSize: bytes } });
  });

  it.each([
    [[], "missing command"],
    [["build"], "unknown command 'build'"],
    [["--bogus"], "unknown option '--bogus'"],
    [["generate", "-i", "a.json", "-i", "b.json"], "--input is given 2 times (a.json, b.json)"],
    [["generate", "--watch", "--check"], "--watch writes the client; it cannot go with --check"],
    [["generate", "-H", "Authorization"], '--header must be "Name: value"'],
    [["generate", "--timeout", "1s"], "--timeout must be a number of milliseconds"],
    [
      ["generate", "--max-size", "0"],
      "--max-size must be a number of bytes or a size such as 50mb",
    ],
    [
      ["generate", "--max-size", "10 parsecs"],
      '--max-size must be a number of bytes or a size such as 50mb; got "10 parsecs"',
    ],
    [["generate", "--report", "xml"], "--report must be text or json"],
    [["generate", "-w", "--report", "json"], "it cannot go with --watch"],
    [["generate", "--config="], "--config must not be empty"],
    [["generate", "-i", "a.json", "--bogus"], "unknown option '--bogus'"],
    [["generate", "-i"], "argument missing"],
    [["generate", "-i", "a.json", "--force=yes"], "does not take an argument"],
    [["generate", "-i", "a.json", "--tags", " , "], "--tags needs at least one tag name"],
    [["generate", "-i", "a.json", "--exclude-tags="], "--exclude-tags needs at least one tag name"],
    [["generate", "-i", "a.json", "--base-url="], "--base-url must not be empty"],
    [["generate", "-i", ""], "--input must not be empty"],
    [["init", "--clean"], "unknown option '--clean'"],
    [["init", "--name="], "--name must not be empty"],
  ])("reports %j as a usage error", (argv, message) => {
    const error = usageErrorOf(() => parseArgv(argv));
    expect(error.exitCode).toBe(2);
    expect(error.message).toContain(message);
    expect(error.message).not.toContain("\n");
  });

  it("does not mistake a flag for the value of -i", () => {
    expect(() => parseArgv(["generate", "-i", "--force"])).toThrow(KitUsageError);
  });
});

function usageErrorOf(parse: () => unknown): KitUsageError {
  try {
    parse();
  } catch (error) {
    if (error instanceof KitUsageError) return error;
    throw error;
  }
  throw new Error("expected a usage error");
}
