package io.github.providergateway.app;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 32, finding 9, on real gateway processes: load never changes a decision. A deny rule {@code
 * NEEDLE-[0-9]+} on file writes of 65,000 characters that do not hold the needle (an ordinary file
 * write) was denied on a busy machine, and for the first calls to a fresh gateway on a quiet one,
 * when a wall-clock deadline cut the linear scan off. The regex work is now counted in steps: a
 * fresh gateway gives the same answers from its first call, quiet and with every core busy, and a
 * pattern that recurses once a character over the whole text is decided the same too.
 */
class RegexUnderLoadTest {

  private static final int CALLS = 20;

  @TempDir Path quietHome;
  @TempDir Path busyHome;

  /** The decisions of a fresh gateway for {@link #CALLS} large writes, then one with the needle. */
  private static List<String> decisionsOfAFreshGateway(Path home) {
    try (RpcApp app = RpcApp.start(home)) {
      String session = app.startSession();
      try (WsProvider guard =
          WsProvider.bound(
              app.url(),
              app.token(),
              session,
              "policy",
              "\"hooks\":{\"onPreToolUse\":["
                  + "{\"match\":{\"tool\":\"write\",\"args\":\"NEEDLE-[0-9]+\"},\"action\":\"deny\",\"reason\":\"needle\"},"
                  // Recurses once a character of the content: past any thread's usual stack.
                  + "{\"match\":{\"tool\":\"write\",\"args\":\"\\\"content\\\":\\\"(?:[^\\\"\\\\\\\\]|\\\\\\\\.)*\\\"\"},"
                  + "\"action\":\"context\",\"content\":\"a JSON string\"}]}")) {
        List<String> decisions = new ArrayList<>();
        String content =
            "abcdefghij klmnopqrstuvwxyz 0123456789 ".repeat(1700).substring(0, 65_000);
        for (int i = 0; i < CALLS; i++) {
          decisions.add(decide(app, session, content));
        }
        decisions.add(
            decide(
                app,
                session,
                content.substring(0, 30_000) + "NEEDLE-42" + content.substring(30_000)));
        assertThat(guard.closed).isNotDone();
        return decisions;
      }
    }
  }

  private static String decide(RpcApp app, String session, String content) {
    JsonNode decision =
        app.request(
                "{\"cmd\":\"hook.preToolUse\",\"sessionId\":\""
                    + session
                    + "\",\"tool\":\"write\",\"args\":{\"path\":\"notes.txt\",\"content\":\""
                    + content
                    + "\"}}")
            .get("decision");
    return decision.get("permission").asText() + " " + decision.get("context");
  }

  @Test
  void aFreshGatewayDecidesTheSameFromItsFirstCallQuietAndWithEveryCoreBusy() throws Exception {
    List<String> quiet = decisionsOfAFreshGateway(quietHome);

    List<String> busy;
    AtomicBoolean spinning = new AtomicBoolean(true);
    List<Thread> spinners = new ArrayList<>();
    for (int i = 0; i < 2 * Runtime.getRuntime().availableProcessors(); i++) {
      Thread spinner =
          new Thread(
              () -> {
                long x = 0;
                while (spinning.get()) {
                  x +=
                      System.nanoTime()
                          % 7; // busy: every core runs this, the gateway waits its turn
                }
                Files.exists(Path.of("/" + x)); // keeps the loop from being optimized away
              },
              "spinner-" + i);
      spinner.setDaemon(true);
      spinner.start();
      spinners.add(spinner);
    }
    try {
      busy = decisionsOfAFreshGateway(busyHome);
    } finally {
      spinning.set(false);
      for (Thread spinner : spinners) {
        spinner.join();
      }
    }

    List<String> expected = new ArrayList<>();
    for (int i = 0; i < CALLS; i++) {
      expected.add("allow [\"a JSON string\"]");
    }
    expected.add("deny []"); // the first deny decides: the context rule after it never runs
    assertThat(quiet).as("quiet, from the first call").isEqualTo(expected);
    assertThat(busy).as("every core busy, from the first call").isEqualTo(expected);
  }
}
