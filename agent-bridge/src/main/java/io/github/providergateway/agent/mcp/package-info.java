/**
 * {@code gateway mcp}: an MCP server on stdin/stdout that an agent spawns, one per agent session.
 * It joins the machine's shared gateway as a host ({@code GatewayClient}), starts one gateway
 * session for its MCP connection and shows that session to the agent: provider tools as MCP tools,
 * streams as resources, pushes as log messages and marked blocks on tool results. Built on the
 * official MCP Java SDK; see docs/agents.md, and docs/architecture.md for where it sits.
 */
package io.github.providergateway.agent.mcp;
