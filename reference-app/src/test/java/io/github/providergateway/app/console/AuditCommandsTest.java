package io.github.providergateway.app.console;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.gateway.testing.GatewayFixture;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/** How {@code audit} and {@code why} show a provider's text on a line of their list. */
class AuditCommandsTest {

  private final ByteArrayOutputStream printed = new ByteArrayOutputStream();
  private final ConsoleOut out = new ConsoleOut(printed);

  /** The console's audit commands over a trail that holds {@code decisions}. */
  private AuditCommands over(JsonNode... decisions) {
    return new AuditCommands(
        out, filter -> CompletableFuture.completedFuture(List.of(decisions)), () -> null);
  }

  private String printed() {
    out.finish();
    return printed.toString(StandardCharsets.UTF_8);
  }

  @Test
  void whyShowsAGatesIdAndProviderOnlyAsEscapes() {
    // A gate id is free text: a right-to-left override and a clear-line sequence could fake the
    // line.
    JsonNode decision =
        GatewayFixture.json(
            """
        {"time":"2025-01-01T16:00:03.123Z","kind":"tool_call","outcome":"allowed","tool":"shell","callId":"call-1",
         "gates":[{"provider":"ci\\u202E","gateId":"confirm\\u202Eyas\\u001B[2K","decision":"allow","latencyMs":1.5,
                   "failedOpen":false}]}""");

    over(decision).why("call-1");

    assertThat(printed())
        .contains("      gate confirm\\u202Eyas\\u001B[2K of ci\\u202E: allow in 1.5 ms")
        .doesNotContain("\u202E", "\u001B");
  }

  @Test
  void auditShowsEveryTextOfADecisionOnlyAsEscapes() {
    // A hook's tool name is the host's, an unknown error code the provider's.
    JsonNode decision =
        GatewayFixture.json(
            """
        {"time":"2025-01-01T16:00:03.123Z","kind":"tool_call","outcome":"failed","code":"OOPS\\u2066",
         "tool":"sh\\u3164ell","provider":"p\\u200B","callId":"call\\u0007-1","reason":"r\\u202E"}""");

    over(decision).audit("");

    assertThat(printed())
        .contains(
            "  16:00:03.123  -  tool_call failed [OOPS\\u2066]  sh\\u3164ell  (p\\u200B)  call\\u0007-1: r\\u202E")
        .doesNotContain("\u2066", "\u3164", "\u200B", "\u0007", "\u202E");
  }

  @Test
  void aLongReasonIsPreviewedSayingHowMuchMoreThereIsAndHiddenCharactersAreEscapes() {
    String reason = "no\u202e " + "x".repeat(400);

    String shown = AuditCommands.printable(reason);

    // 404 characters, 409 once U+202E is its six-character escape: 300 shown, 109 more.
    assertThat(shown)
        .startsWith("no\\u202E x")
        .endsWith("x… (109 more characters)")
        .doesNotContain("\u202e");
    assertThat(shown).hasSize(300 + "… (109 more characters)".length());
    assertThat(AuditCommands.printable("rm is off limits")).isEqualTo("rm is off limits");
  }

  /** Issue 34: {@code audit bogus} answered "No decisions match.", as if bogus were a kind. */
  @Test
  void aKindTheTrailDoesNotKnowIsSaidSoWithTheKindsThereAre() {
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> over().audit("bogus"))
        .isInstanceOf(CommandFailed.class)
        .hasMessageContaining("no decision kind 'bogus'")
        .hasMessageContaining("tool_call");
  }
}
