// The conformance suite's fixture resources, templates, prompts and completions, its tool of
// several content blocks of different kinds (test_multiple_content_types) and its tools that ask
// the client from inside a call (test_elicitation, the SEP-1034 and SEP-1330 elicitations,
// test_sampling: decisions 132 and 133, the gateway routing each to the agent's client, sampling
// because the test's --config entry says "allowSampling": true), served through the
// gateway (McpHttpConformanceTest, decision 123): an MCP server over stdio (a --config entry with
// "mcp": "stdio") federated into each session beside fixture-provider.mjs, which serves the tools.
// The names and behaviours are those of the suite's own reference server
// (examples/servers/typescript/everything-server.ts in modelcontextprotocol/conformance, which its
// npm package does not ship), written with the official TypeScript SDK's low-level server
// (@modelcontextprotocol/sdk, pinned in package.json).
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import {
  CallToolRequestSchema,
  CompleteRequestSchema,
  ErrorCode,
  GetPromptRequestSchema,
  ListPromptsRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListResourcesRequestSchema,
  ListToolsRequestSchema,
  McpError,
  ReadResourceRequestSchema,
} from "@modelcontextprotocol/sdk/types.js";

// A 1x1 red pixel PNG: the suite's reference server's choice.
const PNG =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==";

const RESOURCES = [
  {
    uri: "test://static-text",
    name: "Static Text Resource",
    description: "A static text resource for testing",
    mimeType: "text/plain",
  },
  {
    uri: "test://static-binary",
    name: "Static Binary Resource",
    description: "A static binary resource (image) for testing",
    mimeType: "image/png",
  },
  {
    uri: "test://watched-resource",
    name: "Watched Resource",
    description: "A resource that can be subscribed to",
    mimeType: "text/plain",
  },
];

const TEMPLATE = {
  uriTemplate: "test://template/{id}/data",
  name: "Resource Template",
  description: "A resource template with parameter substitution",
  mimeType: "application/json",
};
const TEMPLATE_URI = /^test:\/\/template\/([^/]+)\/data$/;

const PROMPTS = [
  { name: "test_simple_prompt", description: "A simple prompt without arguments" },
  {
    name: "test_prompt_with_arguments",
    description: "A prompt with required arguments",
    arguments: [
      { name: "arg1", description: "First test argument", required: true },
      { name: "arg2", description: "Second test argument", required: true },
    ],
  },
  {
    name: "test_prompt_with_embedded_resource",
    description: "A prompt that includes an embedded resource",
    arguments: [
      { name: "resourceUri", description: "URI of the resource to embed", required: true },
    ],
  },
  { name: "test_prompt_with_image", description: "A prompt that includes image content" },
];

/** Completion values offered for any argument, filtered by what was typed. */
const COMPLETIONS = ["paris", "park", "party", "test-value-1", "test-value-2"];

const server = new Server(
  { name: "conformance-fixture-resources", version: "1.0.0" },
  { capabilities: { tools: {}, resources: {}, prompts: {}, completions: {} } },
);

/** The SEP-1034 form: a default for each kind of field. */
const DEFAULTS_SCHEMA = {
  type: "object",
  properties: {
    name: { type: "string", description: "User name", default: "John Doe" },
    age: { type: "integer", description: "User age", default: 30 },
    score: { type: "number", description: "User score", default: 95.5 },
    status: {
      type: "string",
      description: "User status",
      enum: ["active", "inactive", "pending"],
      default: "active",
    },
    verified: { type: "boolean", description: "Verification status", default: true },
  },
  required: [],
};

/** The SEP-1330 form: each way of writing an enum. */
const ENUMS_SCHEMA = {
  type: "object",
  properties: {
    untitledSingle: { type: "string", enum: ["option1", "option2", "option3"] },
    titledSingle: {
      type: "string",
      oneOf: [
        { const: "value1", title: "First Option" },
        { const: "value2", title: "Second Option" },
        { const: "value3", title: "Third Option" },
      ],
    },
    legacyEnum: {
      type: "string",
      enum: ["opt1", "opt2", "opt3"],
      enumNames: ["Option One", "Option Two", "Option Three"],
    },
    untitledMulti: {
      type: "array",
      items: { type: "string", enum: ["option1", "option2", "option3"] },
    },
    titledMulti: {
      type: "array",
      items: {
        anyOf: [
          { const: "value1", title: "First Choice" },
          { const: "value2", title: "Second Choice" },
          { const: "value3", title: "Third Choice" },
        ],
      },
    },
  },
  required: [],
};

/** Asks the client for a form, and says what came back. */
async function elicited(message, requestedSchema) {
  const result = await server.elicitInput({ message, requestedSchema });
  return {
    content: [
      {
        type: "text",
        text: `User response: action=${result.action}, content=${JSON.stringify(result.content ?? {})}`,
      },
    ],
  };
}

const TOOLS = [
  {
    name: "test_multiple_content_types",
    description: "Tests response with multiple content types",
    inputSchema: { type: "object", properties: {} },
  },
  {
    name: "test_elicitation",
    description: "Tests server-initiated elicitation",
    inputSchema: {
      type: "object",
      properties: { message: { type: "string", description: "The message to show the user" } },
    },
  },
  {
    name: "test_elicitation_sep1034_defaults",
    description: "Tests elicitation with default values (SEP-1034)",
    inputSchema: { type: "object", properties: {} },
  },
  {
    name: "test_elicitation_sep1330_enums",
    description: "Tests elicitation with enum schemas (SEP-1330)",
    inputSchema: { type: "object", properties: {} },
  },
  {
    name: "test_sampling",
    description: "Tests server-initiated sampling",
    inputSchema: {
      type: "object",
      properties: { prompt: { type: "string", description: "The prompt to send to the LLM" } },
    },
  },
];

server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: TOOLS }));
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const args = request.params.arguments ?? {};
  switch (request.params.name) {
    case "test_elicitation":
      return elicited(args.message ?? "Please provide your information", {
        type: "object",
        properties: {
          username: { type: "string", description: "Your username" },
          email: { type: "string", description: "Your email address" },
        },
        required: ["username", "email"],
      });
    case "test_elicitation_sep1034_defaults":
      return elicited("Please review and update the form fields with defaults", DEFAULTS_SCHEMA);
    case "test_elicitation_sep1330_enums":
      return elicited("Please select options from the enum fields", ENUMS_SCHEMA);
    case "test_sampling": {
      const result = await server.createMessage({
        messages: [{ role: "user", content: { type: "text", text: args.prompt ?? "" } }],
        maxTokens: 100,
      });
      return { content: [{ type: "text", text: `LLM response: ${result.content?.text ?? ""}` }] };
    }
  }
  if (request.params.name !== "test_multiple_content_types") {
    throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${request.params.name}`);
  }
  return {
    content: [
      { type: "text", text: "Multiple content types test:" },
      { type: "image", data: PNG, mimeType: "image/png" },
      {
        type: "resource",
        resource: {
          uri: "test://mixed-content-resource",
          mimeType: "application/json",
          text: JSON.stringify({ test: "data", value: 123 }),
        },
      },
    ],
  };
});
server.setRequestHandler(ListResourcesRequestSchema, async () => ({ resources: RESOURCES }));
server.setRequestHandler(ListResourceTemplatesRequestSchema, async () => ({
  resourceTemplates: [TEMPLATE],
}));

server.setRequestHandler(ReadResourceRequestSchema, async (request) => {
  const uri = request.params.uri;
  if (uri === "test://static-text") {
    return {
      contents: [{ uri, mimeType: "text/plain", text: "This is the content of the static text resource." }],
    };
  }
  if (uri === "test://static-binary") {
    return { contents: [{ uri, mimeType: "image/png", blob: PNG }] };
  }
  if (uri === "test://watched-resource") {
    return { contents: [{ uri, mimeType: "text/plain", text: "Watched resource content" }] };
  }
  const templated = TEMPLATE_URI.exec(uri);
  if (templated) {
    const id = templated[1];
    return {
      contents: [
        {
          uri,
          mimeType: "application/json",
          text: JSON.stringify({ id, templateTest: true, data: `Data for ID: ${id}` }),
        },
      ],
    };
  }
  throw new McpError(ErrorCode.InvalidParams, `Resource not found: ${uri}`);
});

server.setRequestHandler(ListPromptsRequestSchema, async () => ({ prompts: PROMPTS }));

server.setRequestHandler(GetPromptRequestSchema, async (request) => {
  const args = request.params.arguments ?? {};
  switch (request.params.name) {
    case "test_simple_prompt":
      return {
        messages: [{ role: "user", content: { type: "text", text: "This is a simple prompt for testing." } }],
      };
    case "test_prompt_with_arguments":
      return {
        messages: [
          {
            role: "user",
            content: {
              type: "text",
              text: `Prompt with arguments: arg1='${args.arg1}', arg2='${args.arg2}'`,
            },
          },
        ],
      };
    case "test_prompt_with_embedded_resource":
      return {
        messages: [
          {
            role: "user",
            content: {
              type: "resource",
              resource: {
                uri: args.resourceUri,
                mimeType: "text/plain",
                text: "Embedded resource content for testing.",
              },
            },
          },
          { role: "user", content: { type: "text", text: "Please process the embedded resource above." } },
        ],
      };
    case "test_prompt_with_image":
      return {
        messages: [
          { role: "user", content: { type: "image", data: PNG, mimeType: "image/png" } },
          { role: "user", content: { type: "text", text: "Please analyze the image above." } },
        ],
      };
    default:
      throw new McpError(ErrorCode.InvalidParams, `Unknown prompt: ${request.params.name}`);
  }
});

server.setRequestHandler(CompleteRequestSchema, async (request) => {
  const typed = request.params.argument.value ?? "";
  const values = COMPLETIONS.filter((value) => value.startsWith(typed));
  return { completion: { values, total: values.length, hasMore: false } };
});

await server.connect(new StdioServerTransport());
