/**
 * A small document shaped like Asana's task search: one operation with a path parameter and 57
 * optional query parameters (`completed` is the 52nd), among them comma-joined lists, a
 * pipe-delimited list, a deepObject filter, dates and a deprecated one; and a second operation
 * with a required query parameter beside an exploded query object.
 */
const FILTERS = ["any", "not", "all"] as const;
const LISTED = [
  "assignee",
  "portfolios",
  "projects",
  "sections",
  "tags",
  "teams",
  "followers",
] as const;
const DATES = [
  "due_on",
  "due_at",
  "start_on",
  "created_on",
  "created_at",
  "completed_on",
  "completed_at",
  "modified_on",
] as const;
const FLAGS = [
  "is_blocking",
  "is_blocked",
  "has_attachment",
  "is_subtask",
  "completed",
  "sort_ascending",
] as const;

/** A query parameter as the document writes it. */
export interface QueryParameter {
  name: string;
  in: "query";
  schema: object;
  description: string;
}

function parameter(name: string, schema: object, extra: object = {}): QueryParameter {
  return { name, in: "query", schema, description: `Filters by ${name}.`, ...extra };
}

const listParameters = LISTED.flatMap((field) =>
  FILTERS.map((filter) =>
    field === "tags" && filter === "all"
      ? parameter(
          `${field}.${filter}`,
          { type: "array", items: { type: "string" } },
          { style: "pipeDelimited", explode: false },
        )
      : parameter(
          `${field}.${filter}`,
          { type: "array", items: { type: "string" } },
          { style: "form", explode: false },
        ),
  ),
);

const dateParameters = DATES.flatMap((field) =>
  ["before", "after", "on"].map((when) =>
    parameter(`${field}.${when}`, {
      type: "string",
      format: field.endsWith("_at") ? "date-time" : "date",
    }),
  ),
);

export const ASANA_LIKE = {
  openapi: "3.0.3",
  info: { title: "Asana-like", version: "1.0" },
  servers: [{ url: "https://tasks.example.test/api/1.0" }],
  paths: {
    "/workspaces/{workspace_gid}/tasks/search": {
      get: {
        operationId: "searchTasksForWorkspace",
        tags: ["Tasks"],
        summary: "Search tasks in a workspace",
        parameters: [
          {
            name: "workspace_gid",
            in: "path",
            required: true,
            schema: { type: "string" },
            description: "Globally unique identifier for the workspace.",
          },
          parameter("text", { type: "string" }, { example: "Bug" }),
          parameter("resource_subtype", {
            type: "string",
            enum: ["default_task", "milestone", "section"],
          }),
          ...listParameters,
          ...dateParameters,
          ...FLAGS.map((flag) => parameter(flag, { type: "boolean" })),
          parameter(
            "custom_fields",
            { type: "object", additionalProperties: { type: "string" } },
            { style: "deepObject", explode: true },
          ),
          parameter("sort_by", {
            type: "string",
            enum: ["due_date", "created_at", "completed_at", "likes", "modified_at"],
            default: "modified_at",
          }),
          parameter("limit", { type: "integer", minimum: 1, maximum: 100 }),
          parameter("opt_pretty", { type: "boolean" }, { deprecated: true }),
        ],
        responses: {
          "200": {
            description: "The tasks found.",
            content: {
              "application/json": {
                schema: {
                  type: "object",
                  properties: {
                    data: { type: "array", items: { $ref: "#/components/schemas/Task" } },
                  },
                },
              },
            },
          },
        },
      },
    },
    "/projects": {
      get: {
        operationId: "getProjects",
        tags: ["Projects"],
        parameters: [
          parameter("workspace", { type: "string" }, { required: true }),
          parameter("limit", { type: "integer" }),
          parameter("archived", { type: "boolean" }),
          {
            name: "filter",
            in: "query",
            style: "form",
            explode: true,
            schema: { type: "object", properties: { owner: { type: "string" } } },
          },
        ],
        responses: { "204": { description: "No content." } },
      },
    },
  },
  components: {
    schemas: {
      Task: {
        type: "object",
        properties: { gid: { type: "string" }, name: { type: "string" } },
      },
    },
  },
} as const;

/** How many query parameters the search operation has. */
export const SEARCH_QUERY_PARAMETERS =
  2 + listParameters.length + dateParameters.length + FLAGS.length + 4;

/** Where `completed` stands among the search operation's query parameters, counting from 1. */
export const COMPLETED_POSITION =
  2 + listParameters.length + dateParameters.length + FLAGS.indexOf("completed") + 1;
