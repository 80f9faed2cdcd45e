/** The text of `kit --help`. */
export const USAGE = `Usage: kit <command> [options]

Commands:
  generate, g   Generate API classes and types from an OpenAPI 3.0/3.1/3.2 document
  init          Create service.ts, index.ts and README.md for a new client
  mock          Serve the document as a validating mock server (examples, Prefer, CORS)

kit generate [service…] options:
  -i, --input <file|url>    OpenAPI document (.json, .yaml, .yml, or an http(s) URL);
                            default: the services of kit.config.* (this folder, up to the project root)
  -o, --out <dir>           Source root for apis/, types/, service.ts, index.ts (default: src)
  -c, --config <file>       Config file to use instead of looking for kit.config.*
      --base-url <url>      baseURL written into service.ts (default: servers[0].url, else /api)
      --name <name>         name written into the server decorator
      --tags <a,b>          Generate only these tags; untagged operations are tag "default"
      --exclude-tags <a,b>  Leave these tags out (applied before --tags)
      --envelope <c,m,d>    Envelope keys code,message,data: methods return the data type;
                            code=20000,msg,data: success codes; code,msg,data,success=true:
                            a success field; "none": the runtime never unwraps
                            (default: methods return the whole body, nothing is unwrapped)
      --mock msw            Also write mocks/: typed MSW handlers per tag with the document's examples
      --query-object        Each operation's query parameters as one typed query object
  -H, --header <"N: v">     Request header for a URL input (repeatable)
      --timeout <ms>        Time a URL input may take to answer (default: 30000)
      --max-size <size>     Most a URL input may download and unpack to, e.g. 50mb (default: 100mb)
      --dry-run             Print what would be created, changed, deleted or refused; write nothing
      --check               Write nothing; exit 1 and list the files that are not up to date
      --fail-on <what>      With --check: "changes" (default) or "breaking", to fail only on
                            changes the report marks breaking
  -w, --watch               Regenerate when the document or config changes; Ctrl-C stops
      --report <text|json>  How to print what changed in the client (json: one document on stdout)
      --force               Overwrite files that lack the generated marker
      --clean               Delete generated files in apis/, types/ that this run no longer writes
      --verbose             Debug output; print the stack trace on failure

kit init options:
  -o, --out <dir>           Directory to create (default: src/service)
      --base-url <url>      baseURL written into service.ts (default: /api)
      --name <name>         name written into the server decorator
      --force               Overwrite existing files
      --verbose             Print the stack trace on failure

kit mock [service] options:
  -i, --input <file|url>    OpenAPI document; default: the service of kit.config.*
  -c, --config <file>       Config file to use instead of looking for kit.config.*
  -p, --port <n>            Port to listen on (default: 4010; 0: any free port)
      --host <host>         Address to listen on (default: 127.0.0.1)
      --seed <n>            Varies the generated values; the same seed gives the same bytes (default: 0)
      --delay <ms>          Wait before each answer (default: 0)
      --envelope <c,m,d>    Wrap successful JSON answers as { c, m, d } (default: as the document says)
      --allowed-host <h>    Accept this Host name besides localhost and IP addresses (repeatable; * any)
      --cors-origin <o>     Allow this page origin besides localhost ones (repeatable; * any)
      --max-body <bytes>    Largest request body; larger ones get 413 (default: 10485760)
  -w, --watch               Serve the document again when it or the config file changes
      --verbose             Print the stack trace on failure

  -h, --help                Print this help
  -V, --version             Print the version

Exit codes: 0 success, 1 generation failed, 2 usage error (nothing done).`;
