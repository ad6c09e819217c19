// The "client under test" the conformance runner starts for each of its client scenarios
// (McpProviderSideConformanceTest): it hands the scenario server's URL (the last argument) to the
// test's JVM, which runs the app in-process with that server configured as an MCP server provider
// (ProviderSideConformanceClient), and exits once the app has connected, listed and called, so
// that no scenario pays a JVM's start. Node's standard library only (Node 22's fetch).
const url = process.argv[process.argv.length - 1];
const answer = await fetch(process.env.PROVIDER_SIDE_HARNESS, {
  method: "POST",
  body: JSON.stringify({
    url,
    scenario: process.env.MCP_CONFORMANCE_SCENARIO ?? null,
    version: process.env.MCP_CONFORMANCE_PROTOCOL_VERSION ?? null,
  }),
});
process.stdout.write(await answer.text());
process.exit(answer.ok ? 0 : 1);
