import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { downloadedFile, parseContentDisposition } from "../../src/download/index.js";
import { Api, Get, Params, ResponseType } from "../../src/index.js";
import { type Loopback, startLoopback } from "../plugins/loopback.js";
import { serviceFor } from "../support/service.js";

const name = (value: string | undefined) => parseContentDisposition(value)?.filename;

describe("parseContentDisposition, RFC 6266", () => {
  test.each([
    // RFC 6266, appendix D
    ["Attachment; filename=example.html", "example.html"],
    ['INLINE; FILENAME= "an example.html"', "an example.html"],
    ["attachment; filename*= UTF-8''%e2%82%ac%20rates", "€ rates"],
    ["attachment; filename=\"EURO rates\"; filename*=utf-8''%e2%82%ac%20rates", "€ rates"],
    // filename* wins whatever the order
    ["attachment; filename*=UTF-8''%e2%82%ac%20rates; filename=\"EURO rates\"", "€ rates"],
    // Chinese names: RFC 8187 UTF-8 with a language tag
    ["attachment; filename*=UTF-8'zh-CN'%E6%8A%A5%E5%91%8A%202024.pdf", "报告 2024.pdf"],
    ["attachment; filename*=iso-8859-1'en'%A3%20rates", "£ rates"],
    // quoted strings: escapes and separators inside
    // (a `"` is one of the characters Windows refuses in a name; see below)
    ['attachment; filename="\\"quoting\\" tested.html"', "_quoting_ tested.html"],
    ['attachment; filename="foo;bar.html"', "foo;bar.html"],
    ['attachment; foo="bar; baz"; filename="x.txt"', "x.txt"],
    // an unusable filename* falls back to filename
    ["attachment; filename*=UTF-8''%E2%82; filename=fallback.txt", "fallback.txt"],
    ["attachment; filename*=big5''%A4%A4; filename=fallback.txt", "fallback.txt"],
    ["attachment; filename*=UTF-8''%zz; filename=fallback.txt", "fallback.txt"],
    ["attachment; filename*=no-quotes; filename=fallback.txt", "fallback.txt"],
    // what back ends send in practice: raw UTF-8 (read as Latin-1 by HTTP clients) and URLEncoder
    [`attachment; filename="${Buffer.from("中文.txt").toString("latin1")}"`, "中文.txt"],
    ["attachment;filename=%E4%B8%AD%E6%96%87.xlsx", "中文.xlsx"],
    ["attachment; filename=100%25.txt", "100%25.txt"],
    // safe to save: only the last path segment, no control characters
    ['attachment; filename="../../etc/passwd"', "passwd"],
    ['attachment; filename="C:\\\\Windows\\\\evil.exe"', "evil.exe"],
    ["attachment; filename*=UTF-8''a%0Ab.txt", "ab.txt"],
    ['attachment; filename=".."', undefined],
    // safe on every platform: no bidi or other invisible character, nothing Windows refuses
    ['attachment; filename="invoice\u202Efdp.exe"', "invoicefdp.exe"],
    ["attachment; filename*=UTF-8''invoice%E2%80%AEfdp.exe", "invoicefdp.exe"],
    ["attachment; filename*=UTF-8''a%E2%81%A6b%E2%81%A9%E2%80%8F%C2%85%00c.txt", "abc.txt"],
    ["attachment; filename*=UTF-8''%EF%BB%BFbom%E2%80%A8.txt", "bom.txt"],
    ['attachment; filename="a:b"', "a_b"],
    ['attachment; filename="what?<now>|*\\"x\\".txt"', "what__now____x_.txt"],
    ["attachment; filename=CON", "_CON"],
    ['attachment; filename="nul.tar.gz"', "_nul.tar.gz"],
    ['attachment; filename="com1 .txt"', "_com1 .txt"],
    ["attachment; filename=LPT9", "_LPT9"],
    ["attachment; filename=CONSOLE.txt", "CONSOLE.txt"],
    ['attachment; filename="  .hidden. "', "hidden"],
    ['attachment; filename="report.pdf..."', "report.pdf"],
    ['attachment; filename="\u202E"', undefined],
    // no name
    ["attachment", undefined],
    ["inline; name=field", undefined],
  ])("%s", (header, expected) => {
    expect(name(header)).toBe(expected);
  });

  test("type and parameters, names in lower case, the first of a repeated name kept", () => {
    expect(
      parseContentDisposition('Form-Data; Name="file"; filename=a.txt; filename=b.txt'),
    ).toEqual({
      type: "form-data",
      filename: "a.txt",
      parameters: { name: "file", filename: "a.txt" },
    });
  });

  test("a name longer than 255 bytes of UTF-8 is cut on a character boundary, extension kept", () => {
    const latin1 = `attachment; filename*=iso-8859-1''${"%E9".repeat(200_000)}.pdf`;
    const cut = name(latin1)!;
    expect(cut).toBe(`${"é".repeat(125)}.pdf`);
    expect(Buffer.byteLength(cut)).toBeLessThanOrEqual(255);
    const chinese = name(
      `attachment; filename*=UTF-8''${encodeURIComponent("报".repeat(100))}.xlsx`,
    )!;
    expect(chinese).toBe(`${"报".repeat(83)}.xlsx`);
    expect(name(`attachment; filename="${"a".repeat(1_000_000)}"`)).toBe("a".repeat(255));
  });

  test("never throws, whatever the header holds", () => {
    const headers = [
      `attachment; filename*=iso-8859-1''${"%41".repeat(300_000)}`,
      `attachment; filename="${'a\\"'.repeat(200_000)}"`,
      `attachment${"; a=b".repeat(100_000)}`,
      "attachment; filename*=UTF-8''%ED%A0%80.txt; filename=\uD800x",
    ];
    for (const header of headers) expect(() => parseContentDisposition(header)).not.toThrow();
  });

  test("no header, or one without a type, is undefined", () => {
    expect(parseContentDisposition(undefined)).toBeUndefined();
    expect(parseContentDisposition("")).toBeUndefined();
    expect(parseContentDisposition('; filename="a"')).toBeUndefined();
  });
});

@Api("/files")
class FileApi {
  @Get("/:id")
  @ResponseType("blob")
  download(@Params("id") _id: number): Promise<Blob> {
    return null!;
  }
}

let server: Loopback;
beforeAll(async () => {
  server = await startLoopback();
});
afterAll(() => server.close());

describe.each(["http", "fetch"] as const)("downloadedFile over the %s adapter", (adapter) => {
  test("a Blob download becomes a File named by Content-Disposition, Chinese name intact", async () => {
    server.handle((_request, response) => {
      response.writeHead(200, {
        "content-type": "application/pdf",
        "content-disposition": `attachment; filename="report.pdf"; filename*=UTF-8''${encodeURIComponent("季度报告.pdf")}`,
      });
      response.end("%PDF-1.7");
    });
    const api = serviceFor(server.origin, { adapter }).createApi(FileApi);
    const file = downloadedFile(await api.download(1).send());
    expect(file).toBeInstanceOf(File);
    expect(file.name).toBe("季度报告.pdf");
    expect(file.type).toBe("application/pdf");
    expect(await file.text()).toBe("%PDF-1.7");
  });

  test("a spoofed, reserved or overlong name from the server becomes a safe one", async () => {
    const headers = [
      `attachment; filename*=UTF-8''${encodeURIComponent("invoice\u202Efdp.exe")}`,
      'attachment; filename="CON"',
      // Within Node's 16 KB of headers, and past 255 bytes.
      `attachment; filename*=iso-8859-1''${"%E9".repeat(3_000)}.pdf`,
    ];
    let next = 0;
    server.handle((_request, response) => {
      response.writeHead(200, { "content-disposition": headers[next++]! });
      response.end("x");
    });
    const api = serviceFor(server.origin, { adapter }).createApi(FileApi);
    const names: string[] = [];
    for (const _ of headers) names.push(downloadedFile(await api.download(3).send()).name);
    expect(names).toEqual(["invoicefdp.exe", "_CON", `${"é".repeat(125)}.pdf`]);
  });

  test("without Content-Disposition the File takes the fallback name", async () => {
    server.handle((_request, response) => {
      response.writeHead(200, { "content-type": "text/csv" });
      response.end("a,b");
    });
    const api = serviceFor(server.origin, { adapter }).createApi(FileApi);
    const result = await api.download(2).send();
    expect(downloadedFile(result).name).toBe("download");
    expect(downloadedFile(result, "export.csv").name).toBe("export.csv");
  });
});
