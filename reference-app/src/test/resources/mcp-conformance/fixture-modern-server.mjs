// The conformance suite's tools and prompt that ask their client for input in the 2026-07-28 way
// (SEP-2322: an input_required result, answered by a retry with inputResponses and requestState),
// test_missing_capability (SEP-2575: -32021 when the request did not declare sampling) and
// test_streaming_elicitation, served through the gateway (McpHttpConformanceTest, decision 134): an
// MCP server of the 2026-07-28 era only, over stdio (a --config entry with "mcp": "stdio",
// "allowSampling": true), federated into each session beside fixture-mcp-server.mjs (the 2025-era
// one). Hand-written JSON-RPC to the spec's pages and the suite's scenario descriptions, Node's own
// modules only: each tool behaves as the suite's description says, its requestState sealed with an
// HMAC of its own (a tampered one is refused with -32602).
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { createInterface } from "node:readline";

const VERSION = "2026-07-28";
const CAPABILITIES = "io.modelcontextprotocol/clientCapabilities";
const KEY = randomBytes(32);
const serverInfo = { "io.modelcontextprotocol/serverInfo": { name: "conformance-modern", version: "1.0.0" } };

const send = (message) => process.stdout.write(JSON.stringify({ jsonrpc: "2.0", ...message }) + "\n");
const complete = (result) => ({ resultType: "complete", ...result, _meta: serverInfo });
const text = (value) => complete({ content: [{ type: "text", text: value }] });

class Refused extends Error {
  constructor(code, message, data) {
    super(message);
    this.code = code;
    this.data = data;
  }
}

// requestState: what the round was about, sealed (base64url JSON, a dot, its HMAC).
function seal(state) {
  const body = Buffer.from(JSON.stringify(state)).toString("base64url");
  return body + "." + createHmac("sha256", KEY).update(body).digest("base64url");
}

function opened(sealed, tool) {
  if (typeof sealed !== "string" || !sealed.includes(".")) {
    throw new Refused(-32602, "requestState is not this server's");
  }
  const [body, mac] = sealed.split(".", 2);
  const expected = createHmac("sha256", KEY).update(body).digest();
  const given = Buffer.from(mac ?? "", "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new Refused(-32602, "requestState failed its integrity check");
  }
  const state = JSON.parse(Buffer.from(body, "base64url").toString());
  if (state.tool !== tool) {
    throw new Refused(-32602, "requestState was given for another request");
  }
  return state;
}

const elicit = (message, properties) => ({
  method: "elicitation/create",
  params: { message, requestedSchema: { type: "object", properties, required: Object.keys(properties) } },
});
const sample = (question, maxTokens) => ({
  method: "sampling/createMessage",
  params: { messages: [{ role: "user", content: { type: "text", text: question } }], maxTokens },
});
const roots = { method: "roots/list", params: {} };

const inputRequired = (inputRequests, state) => ({
  resultType: "input_required",
  inputRequests,
  ...(state === undefined ? {} : { requestState: seal(state) }),
  _meta: serverInfo,
});

function responses(params) {
  if (params.inputResponses === null) {
    throw new Refused(-32602, "inputResponses must be an object");
  }
  const given = params.inputResponses ?? {};
  for (const value of Object.values(given)) {
    if (typeof value !== "object" || value === null) {
      throw new Refused(-32602, "each of inputResponses must be an object");
    }
  }
  return given;
}

const TOOLS = [
  "test_input_required_result_elicitation",
  "test_input_required_result_sampling",
  "test_input_required_result_list_roots",
  "test_input_required_result_request_state",
  "test_input_required_result_multiple_inputs",
  "test_input_required_result_multi_round",
  "test_input_required_result_tampered_state",
  "test_input_required_result_capabilities",
  "test_missing_capability",
  "test_streaming_elicitation",
].map((name) => ({ name, description: "The conformance suite's " + name, inputSchema: { type: "object" } }));

const PROMPT = {
  name: "test_input_required_result_prompt",
  description: "A prompt that asks its client for context first (input_required on prompts/get)",
};

function callTool(params) {
  const name = params.name;
  const given = responses(params);
  const state = params.requestState === undefined ? undefined : opened(params.requestState, name);
  const declared = params._meta?.[CAPABILITIES] ?? {};
  switch (name) {
    case "test_input_required_result_elicitation":
      return given.user_name
        ? text(`Hello, ${given.user_name.content?.name ?? "stranger"}!`)
        : inputRequired({ user_name: elicit("What is your name?", { name: { type: "string" } }) }, { tool: name });
    case "test_input_required_result_sampling":
      return given.capital_question
        ? text("Sampled: " + (given.capital_question.content?.text ?? ""))
        : inputRequired({ capital_question: sample("What is the capital of France?", 100) }, { tool: name });
    case "test_input_required_result_list_roots":
      return given.client_roots
        ? text("Roots: " + (given.client_roots.roots ?? []).map((root) => root.uri).join(", "))
        : inputRequired({ client_roots: roots }, { tool: name });
    case "test_input_required_result_request_state":
    case "test_input_required_result_tampered_state":
      return state && given.confirm
        ? text("state-ok: confirmed " + JSON.stringify(given.confirm.content ?? {}))
        : inputRequired({ confirm: elicit("Please confirm", { ok: { type: "boolean" } }) }, { tool: name });
    case "test_input_required_result_multiple_inputs":
      return state && given.user_name && given.greeting && given.client_roots
        ? text(`Hello, ${given.user_name.content?.name}! ${given.greeting.content?.text ?? ""}`)
        : inputRequired(
            {
              user_name: elicit("What is your name?", { name: { type: "string" } }),
              greeting: sample("Generate a greeting", 50),
              client_roots: roots,
            },
            { tool: name },
          );
    case "test_input_required_result_multi_round":
      if (!state) {
        return inputRequired({ step1: elicit("Step 1: What is your name?", { name: { type: "string" } }) }, { tool: name, round: 1 });
      }
      if (state.round === 1 && given.step1) {
        return inputRequired(
          { step2: elicit("Step 2: What is your favorite color?", { color: { type: "string" } }) },
          { tool: name, round: 2, name: given.step1.content?.name },
        );
      }
      if (state.round === 2 && given.step2) {
        return text(`${state.name} likes ${given.step2.content?.color}`);
      }
      throw new Refused(-32602, "the round's answer is missing");
    case "test_input_required_result_capabilities": {
      const asked = {};
      if (declared.elicitation) asked.user_name = elicit("What is your name?", { name: { type: "string" } });
      if (declared.sampling) asked.greeting = sample("Generate a greeting", 50);
      if (declared.roots) asked.client_roots = roots;
      if (state || Object.keys(asked).length === 0) return text("answered with what the client declared");
      return inputRequired(asked, { tool: name });
    }
    case "test_missing_capability":
      if (!declared.sampling) {
        throw new Refused(-32021, "test_missing_capability needs the sampling capability", {
          requiredCapabilities: { sampling: {} },
        });
      }
      return text("the client declared sampling");
    case "test_streaming_elicitation":
      return given.answer
        ? text("streamed elicitation answered")
        : inputRequired({ answer: elicit("Anything to say?", { text: { type: "string" } }) }, { tool: name });
    default:
      throw new Refused(-32602, "Unknown tool: " + name);
  }
}

function getPrompt(params) {
  if (params.name !== PROMPT.name) throw new Refused(-32602, "Unknown prompt: " + params.name);
  const given = responses(params);
  if (!given.user_context) {
    return inputRequired(
      { user_context: elicit("What context should the prompt use?", { context: { type: "string" } }) },
      { tool: PROMPT.name },
    );
  }
  if (params.requestState !== undefined) opened(params.requestState, PROMPT.name);
  const context = given.user_context.content?.context ?? "";
  return complete({ messages: [{ role: "user", content: { type: "text", text: "Context: " + context } }] });
}

function answer(message) {
  const params = message.params ?? {};
  switch (message.method) {
    case "server/discover":
      return complete({
        supportedVersions: [VERSION],
        capabilities: { tools: {}, prompts: {} },
        ttlMs: 0,
        cacheScope: "private",
      });
    case "tools/list":
      return complete({ tools: TOOLS, ttlMs: 0, cacheScope: "private" });
    case "prompts/list":
      return complete({ prompts: [PROMPT], ttlMs: 0, cacheScope: "private" });
    case "tools/call":
      return callTool(params);
    case "prompts/get":
      return getPrompt(params);
    default:
      throw new Refused(-32601, "Method not found: " + message.method);
  }
}

createInterface({ input: process.stdin }).on("line", (line) => {
  let message;
  try {
    message = JSON.parse(line);
  } catch {
    return;
  }
  if (message.id === undefined) return; // notifications/cancelled: every answer here is at once
  try {
    send({ id: message.id, result: answer(message) });
  } catch (refused) {
    const code = refused instanceof Refused ? refused.code : -32603;
    send({ id: message.id, error: { code, message: refused.message, ...(refused.data ? { data: refused.data } : {}) } });
  }
});
