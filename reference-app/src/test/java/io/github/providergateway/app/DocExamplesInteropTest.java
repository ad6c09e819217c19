package io.github.providergateway.app;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Node examples of docs/hooks.md and docs/streams.md, run as real providers against the app:
 * what the docs say they do, they do.
 */
@Tag("process")
class DocExamplesInteropTest {

  @TempDir Path tmp;

  private static String hook(String session, String command) {
    return "{\"cmd\":\"hook.preToolUse\",\"sessionId\":\""
        + session
        + "\",\"tool\":\"shell\",\"args\":{\"command\":\""
        + command
        + "\"}}";
  }

  /** The Node example {@code script}, a provider of {@code app} as its header says to run it. */
  private ProviderProcess example(RpcApp app, Path examples, String script) throws Exception {
    return ProviderProcess.start(
        List.of("node", script),
        examples,
        Map.of("TAP_GATEWAY_URL", app.url().toString(), "TAP_PROVIDER_TOKEN", app.token()),
        tmp.resolve(script + ".log"));
  }

  @Test
  void theGuardrailBlocksGitPushWhileCiIsRedAndAllowsItOnceGreen() throws Exception {
    Path examples = Interop.nodeExamples();
    try (RpcApp app = RpcApp.start(tmp.resolve("home"))) {
      String session = app.startSession();
      try (ProviderProcess guardrail = example(app, examples, "guardrail.mjs")) {
        app.awaitEvent(
            "tools.changed", event -> event.get("tools").toString().equals("[\"ci_status\"]"));

        JsonNode red = app.request(hook(session, "git push origin main"));
        JsonNode status = app.request(hook(session, "git status"));
        JsonNode flipped =
            app.request(NodeInteropTest.call(session, "ci_status", "{\"red\":false}"));
        JsonNode green = app.request(hook(session, "git push origin main"));

        assertThat(red.get("decision").toString())
            .as(guardrail.output())
            .isEqualTo(
                "{\"permission\":\"deny\",\"reason\":\"CI is red on this branch. Fix the tests first.\",\"context\":[]}");
        assertThat(status.at("/decision/permission").asText()).isEqualTo("allow");
        assertThat(flipped.at("/outcome/data").asText()).isEqualTo("CI is now green");
        assertThat(green.at("/decision/permission").asText()).isEqualTo("allow");
      }
    }
  }

  @Test
  void safePushRewritesAForcePushAndPinsDeploysToMainAndTheHostIsToldTheFinalArguments()
      throws Exception {
    Path examples = Interop.nodeExamples();
    Path home = tmp.resolve("home");
    // The guard's git.push-force would deny the force push before safe-push could rewrite it: a
    // person who runs safe-push lets it through to it (the rewrite is checked by the guard again).
    try (RpcApp app =
        RpcApp.start(home, "--config", RpcApp.guardAllowingForcePush(home).toString())) {
      String session = app.startSession();
      try (ProviderProcess safePush = example(app, examples, "safe-push.mjs")) {
        app.awaitEvent(
            "tools.changed", event -> event.get("tools").toString().equals("[\"deploy\"]"));

        JsonNode force = app.request(hook(session, "git push --force origin main"));
        JsonNode plain = app.request(hook(session, "git push origin main"));
        JsonNode deploy =
            app.request(NodeInteropTest.call(session, "deploy", "{\"branch\":\"feature\"}"));

        assertThat(force.get("decision").toString())
            .as(safePush.output())
            .isEqualTo(
                "{\"permission\":\"allow\",\"context\":[],"
                    + "\"updatedArgs\":{\"command\":\"git push --force-with-lease origin main\"}}");
        assertThat(plain.get("decision").has("updatedArgs"))
            .as("no rule matched: the reply of old")
            .isFalse();
        assertThat(deploy.at("/outcome/data").asText()).isEqualTo("deployed main");
        assertThat(deploy.get("updatedArgs").toString()).isEqualTo("{\"branch\":\"main\"}");
        assertThat(safePush.output()).contains("rewrites accepted");
      }
    }
  }

  @Test
  void theCiWatchersFilterInjectsFailuresKeepsProgressAndDropsChatter() throws Exception {
    Path examples = Interop.nodeExamples();
    Path feed = tmp.resolve("ci-feed.txt");
    Files.writeString(
        feed, "queued build #42\nrunning test/auth.spec.ts\nheartbeat\nfailed test/auth.spec.ts\n");
    try (RpcApp app = RpcApp.start(tmp.resolve("home"))) {
      String session = app.startSession();
      try (ProviderProcess watcher =
          ProviderProcess.start(
              List.of("sh", "-c", "exec node ci-watcher.mjs < " + feed),
              examples,
              Map.of("TAP_GATEWAY_URL", app.url().toString(), "TAP_PROVIDER_TOKEN", app.token()),
              tmp.resolve("watcher.log"))) {
        JsonNode turn =
            app.awaitEvent(
                "session.send", event -> event.get("source").asText().equals("ci-watcher"));
        assertThat(turn.get("prompt").asText())
            .as(watcher.output())
            .isEqualTo("failed test/auth.spec.ts");
        assertThat(watcher.awaitExit(RpcApp.WAIT)).as(watcher.output()).isZero();

        JsonNode history =
            app.request(
                "{\"cmd\":\"stream.query\",\"sessionId\":\""
                    + session
                    + "\",\"streams\":[\"ci@ci-watcher\"],\"last\":10}");

        assertThat(history.at("/streams/ci@ci-watcher").findValuesAsText("event"))
            .containsExactly(
                "failed test/auth.spec.ts", "running test/auth.spec.ts", "queued build #42");
        assertThat(app.lines())
            .filteredOn(line -> line.path("event").asText().equals("session.send"))
            .hasSize(1);
      }
    }
  }
}
