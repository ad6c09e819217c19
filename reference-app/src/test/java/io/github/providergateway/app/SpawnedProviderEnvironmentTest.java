package io.github.providergateway.app;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A project provider spawned from {@code --config} (a small Node script) reports the environment
 * the gateway gave it through a tool of its own: its token is a fresh one scoped to its session,
 * not the gateway token; its URL is the gateway's; {@code TAP_SESSION} is its session's id; the
 * config's env and cwd arrive. The token file is owner-only while the gateway runs and gone once it
 * stops.
 */
@Tag("process")
class SpawnedProviderEnvironmentTest {

  @TempDir Path tmp;

  private static final String REPORTER =
      """
      import WebSocket from "ws";
      const ws = new WebSocket(process.env.TAP_GATEWAY_URL);
      const send = (m) => ws.send(JSON.stringify(m));
      ws.on("open", () => send({ type: "auth", token: process.env.TAP_PROVIDER_TOKEN }));
      ws.on("message", (raw) => {
        const msg = JSON.parse(raw);
        if (msg.type === "sessions") {
          // No session named: a spawned provider is stamped into the session that spawned it.
          send({ type: "hello", name: "env-reporter", protocolVersion: 2,
                 tools: [{ name: "report_env", description: "What the gateway gave me", parameters: { type: "object" } }] });
        } else if (msg.type === "hello.ack") {
          console.error(`bound to ${msg.sessionId}`);
        } else if (msg.type === "tool.call") {
          send({ type: "tool.result", id: msg.id, data: {
            token: process.env.TAP_PROVIDER_TOKEN, url: process.env.TAP_GATEWAY_URL,
            session: process.env.TAP_SESSION ?? null, k: process.env.K ?? null, cwd: process.cwd() } });
        } else if (msg.type === "session.lifecycle" && msg.state === "shutdown.pending") {
          send({ type: "goodbye" }); ws.close();
        }
      });
      """;

  @Test
  void aSpawnedProviderReportsItsScopedTokenTheGatewayUrlAndItsConfig() throws Exception {
    Path examples = Interop.nodeExamples();
    Files.writeString(examples.resolve("env-reporter.mjs"), REPORTER);
    Path workdir = Files.createDirectories(tmp.resolve("work"));
    Path config = tmp.resolve("providers.json");
    Files.writeString(
        config,
        ("{\"providers\":[{\"name\":\"env-reporter\",\"command\":[\"node\",\"%s\"],"
                + "\"cwd\":\"work\",\"env\":{\"K\":\"V\"}}]}")
            .formatted(examples.resolve("env-reporter.mjs")));
    Path home = tmp.resolve("home");
    try (RpcApp app = RpcApp.start(home, "--config", config.toString())) {
      assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(app.tokenFile())))
          .isEqualTo("rw-------");
      String session = app.startSession();
      app.awaitEvent(
          "tools.changed", event -> event.get("tools").toString().contains("report_env"));

      JsonNode env =
          app.request(NodeInteropTest.call(session, "report_env", "{}")).at("/outcome/data");

      assertThat(env.get("token").asText()).startsWith("ptk-").isNotEqualTo(app.token());
      assertThat(env.get("url").asText()).isEqualTo(app.url().toString());
      assertThat(env.get("session").asText()).as("TAP_SESSION").isEqualTo(session);
      assertThat(env.get("k").asText()).isEqualTo("V");
      assertThat(Path.of(env.get("cwd").asText())).isEqualTo(workdir.toRealPath());
      app.endInput();
      assertThat(app.awaitExit()).isZero();
      assertThat(app.tokenFile()).doesNotExist();
    }
  }
}
