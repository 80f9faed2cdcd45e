import { describe, expect, test } from "vitest";
import {
  Api,
  Data,
  Get,
  HeaderValue,
  KitDecoratorError,
  type KitFieldEncoding,
  type KitHeaderStyle,
  KitOptionsError,
  type KitPathStyle,
  type KitQueryStyle,
  KitServer,
  type KitServerOptions,
  Params,
  Post,
  Query,
  Server,
} from "../src/index.js";

function thrown(action: () => unknown): unknown {
  try {
    action();
  } catch (error) {
    return error;
  }
  return expect.fail("expected a throw");
}

describe("server misuse", () => {
  test("instantiating a server class without @Server names the class", () => {
    class Forgotten extends KitServer {}
    const error = thrown(() => new Forgotten());
    expect(error).toBeInstanceOf(KitOptionsError);
    expect(error).toMatchObject({
      name: "KitOptionsError",
      code: "KIT_SERVER_DECORATOR_MISSING",
      message: "服务类[Forgotten]缺少 @Server() 装饰器",
    });
  });

  test.each([[""], [{ baseURL: "" }]])("an empty baseURL (%j) is refused", (options) => {
    const error = thrown(() => Server(options));
    expect(error).toBeInstanceOf(KitOptionsError);
    expect(error).toMatchObject({
      code: "KIT_BASE_URL_INVALID",
      message: "@Server() 的 baseURL 必须是非空字符串",
    });
  });

  test.each([
    [
      { maxResponseSize: -1 },
      "@Server({ maxResponseSize }) must be a whole number of bytes ≥ 0, got -1",
    ],
    [
      { maxResponseSize: "1mb" },
      '@Server({ maxResponseSize }) must be a whole number of bytes ≥ 0, got "1mb"',
    ],
    [
      { maxResponseSize: 1.5 },
      "@Server({ maxResponseSize }) must be a whole number of bytes ≥ 0, got 1.5",
    ],
    [
      { crossOriginRedirect: "follow" },
      '@Server({ crossOriginRedirect }) must be "refuse" or "strip", got "follow"',
    ],
    [
      { crossOriginRedirect: true },
      '@Server({ crossOriginRedirect }) must be "refuse" or "strip", got true',
    ],
    [
      { timeout: -5 },
      "@Server({ timeout }) must be a number of milliseconds from 0 to 2^31 - 1, got -5",
    ],
    [
      { timeout: Number.POSITIVE_INFINITY },
      "@Server({ timeout }) must be a number of milliseconds from 0 to 2^31 - 1, got Infinity",
    ],
    [
      { timeout: Number.NaN },
      "@Server({ timeout }) must be a number of milliseconds from 0 to 2^31 - 1, got NaN",
    ],
  ])(
    "an option value that makes no sense (%j) fails at @Server with one line naming it",
    (options, message) => {
      const error = thrown(() => Server(options as KitServerOptions));
      expect(error).toBeInstanceOf(KitOptionsError);
      expect(error).toMatchObject({ code: "KIT_SERVER_OPTION_INVALID", message });
      expect((error as Error).message).not.toContain("\n");
    },
  );

  test("the documented option values are accepted", () => {
    for (const options of [
      { maxResponseSize: 0, crossOriginRedirect: "strip", timeout: 0 },
      { maxResponseSize: 1024, crossOriginRedirect: "refuse", timeout: 2 ** 31 - 1 },
    ] as const) {
      @Server(options)
      class Service extends KitServer {}
      expect(new Service().options).toMatchObject(options);
    }
  });

  test("@Server on a class that is not a KitServer is refused", () => {
    class Plain {}
    const decorate = Server("/api") as unknown as (target: unknown) => void;
    expect(thrown(() => decorate(Plain))).toMatchObject({ code: "KIT_SERVER_NOT_KIT_SERVER" });
  });

  test("registering two plugins with one name is refused, naming the plugin", () => {
    @Server("/api")
    class Service extends KitServer {}
    const service = new Service().use({ name: "auth" });
    const error = thrown(() => service.use({ name: "auth" }));
    expect(error).toBeInstanceOf(KitOptionsError);
    expect(error).toMatchObject({ code: "KIT_PLUGIN_DUPLICATE" });
    expect((error as Error).message).toContain('"auth"');
    expect(service.plugins.map((plugin) => plugin.name)).toEqual(["auth"]);
  });
});

describe("API class misuse, named by class and method", () => {
  test("two verb decorators on one method", () => {
    const error = thrown(() => {
      class TwoVerbs {
        @Get("/a")
        @Post("/a")
        both(): Promise<void> {
          return null!;
        }
      }
      return TwoVerbs;
    });
    expect(error).toBeInstanceOf(KitDecoratorError);
    expect(error).toMatchObject({ code: "KIT_VERB_TWICE" });
    expect((error as Error).message).toContain("TwoVerbs.both");
  });

  test("two @Params with the same key", () => {
    const error = thrown(() => {
      class Duplicate {
        @Get("/:id")
        get(@Params("id") _a: string, @Params("id") _b: string): Promise<void> {
          return null!;
        }
      }
      return Duplicate;
    });
    expect(error).toBeInstanceOf(KitDecoratorError);
    expect(error).toMatchObject({ code: "KIT_PARAMS_DUPLICATE" });
    expect((error as Error).message).toContain("Duplicate.get");
  });

  test("@Params without its placeholder fails on the first createApi", () => {
    @Api("/pets")
    class NoPlaceholder {
      @Get("/:petId")
      get(@Params("id") _id: string): Promise<void> {
        return null!;
      }
    }
    @Server("/api")
    class Service extends KitServer {}
    const error = thrown(() => new Service().createApi(NoPlaceholder));
    expect(error).toBeInstanceOf(KitDecoratorError);
    expect(error).toMatchObject({ code: "KIT_PARAMS_WITHOUT_PLACEHOLDER" });
    expect((error as Error).message).toContain("NoPlaceholder.get");
    expect((error as Error).message).toContain("/pets/:petId");
  });

  test("parameter decorators on a method without a verb", () => {
    class NoVerb {
      @Get() ok(): Promise<void> {
        return null!;
      }
      forgot(@Data() _body: unknown): Promise<void> {
        return null!;
      }
    }
    @Server("/api")
    class Service extends KitServer {}
    const error = thrown(() => new Service().createApi(NoVerb));
    expect(error).toMatchObject({ code: "KIT_PARAMETER_WITHOUT_VERB" });
    expect((error as Error).message).toContain("NoVerb.forgot");
  });

  test("a class without any verb method", () => {
    class Empty {}
    @Server("/api")
    class Service extends KitServer {}
    expect(thrown(() => new Service().createApi(Empty))).toMatchObject({
      code: "KIT_API_WITHOUT_ROUTES",
    });
  });

  test("@Query with a style it does not know, or a style without a name", () => {
    const unknownStyle = thrown(() => {
      class Matrix {
        @Get() get(
          @Query("ids", { style: "matrix" } as unknown as KitQueryStyle) _ids: string[],
        ): Promise<void> {
          return null!;
        }
      }
      return Matrix;
    });
    expect(unknownStyle).toMatchObject({
      code: "KIT_DECORATOR_ARGUMENT",
      message:
        '@Query on Matrix.get needs a style of "form", "spaceDelimited", "pipeDelimited" or "deepObject" and a boolean explode',
    });
    const nameless = thrown(() => {
      class Nameless {
        @Get() get(@Query("", { explode: false }) _ids: string[]): Promise<void> {
          return null!;
        }
      }
      return Nameless;
    });
    expect(nameless).toMatchObject({ code: "KIT_DECORATOR_ARGUMENT" });
  });

  test("@HeaderValue without a name", () => {
    const error = thrown(() => {
      class Nameless {
        @Get() get(@HeaderValue("") _value: string): Promise<void> {
          return null!;
        }
      }
      return Nameless;
    });
    expect(error).toMatchObject({ code: "KIT_DECORATOR_ARGUMENT" });
    expect((error as Error).message).toContain("Nameless.get");
  });

  test("@HeaderValue with a style headers do not have", () => {
    const error = thrown(() => {
      class Form {
        @Get() get(
          @HeaderValue("X-Role", { style: "form" } as unknown as KitHeaderStyle) _role: object,
        ): Promise<void> {
          return null!;
        }
      }
      return Form;
    });
    expect(error).toMatchObject({
      code: "KIT_DECORATOR_ARGUMENT",
      message: '@HeaderValue on Form.get needs a style of "simple" and a boolean explode',
    });
  });

  test("@Query with a contentType that is not JSON", () => {
    const error = thrown(() => {
      class Xml {
        @Get() get(
          @Query("ids", { contentType: "application/xml" }) _ids: number[],
        ): Promise<void> {
          return null!;
        }
      }
      return Xml;
    });
    expect(error).toMatchObject({
      code: "KIT_DECORATOR_ARGUMENT",
      message: "@Query on Xml.get needs a JSON contentType (application/json)",
    });
  });

  test("@Query with a style that is not an object", () => {
    const error = thrown(() => {
      class Null {
        @Get() get(@Query("ids", null as unknown as KitQueryStyle) _ids: number[]): Promise<void> {
          return null!;
        }
      }
      return Null;
    });
    expect(error).toMatchObject({
      code: "KIT_DECORATOR_ARGUMENT",
      message:
        '@Query on Null.get needs a style of "form", "spaceDelimited", "pipeDelimited" or "deepObject" and a boolean explode',
    });
  });

  test("@Data with an encoding it cannot use says which part is wrong", () => {
    const declare = (encoding: unknown) =>
      thrown(() => {
        class Form {
          @Post() post(@Data("tags", encoding as KitFieldEncoding) _tags: string[]): Promise<void> {
            return null!;
          }
        }
        return Form;
      });
    expect(declare({ style: "matrix" })).toMatchObject({
      code: "KIT_DECORATOR_ARGUMENT",
      message:
        '@Data on Form.post needs a style of "form", "spaceDelimited", "pipeDelimited" or "deepObject" and a boolean explode',
    });
    expect(declare("form")).toMatchObject({ code: "KIT_DECORATOR_ARGUMENT" });
    expect((declare({ explode: "yes" }) as Error).message).toMatch(
      /needs a style of .* and a boolean explode$/,
    );
    expect(declare({ style: "form", contentType: "" })).toMatchObject({
      code: "KIT_DECORATOR_ARGUMENT",
      message: "@Data on Form.post needs a non-empty contentType",
    });
  });

  test("@Params with a style paths do not have", () => {
    const error = thrown(() => {
      class Form {
        @Get("/:id") get(
          @Params("id", { style: "form" } as unknown as KitPathStyle) _id: object,
        ): Promise<void> {
          return null!;
        }
      }
      return Form;
    });
    expect(error).toMatchObject({
      code: "KIT_DECORATOR_ARGUMENT",
      message:
        '@Params on Form.get needs a style of "simple", "label" or "matrix" and a boolean explode',
    });
  });
});
