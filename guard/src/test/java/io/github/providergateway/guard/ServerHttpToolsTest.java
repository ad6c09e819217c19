package io.github.providergateway.guard;

import static io.github.providergateway.guard.GuardFixture.PROJECT;
import static io.github.providergateway.guard.GuardFixture.guard;
import static io.github.providergateway.guard.GuardFixture.json;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.guard.GuardVerdict.Outcome;
import org.junit.jupiter.api.Test;

/**
 * An MCP server's HTTP tool that writes is judged as the {@code curl} it amounts to (decision 251:
 * round 39's school district writer POSTed a district-wide emergency broadcast and a live refund
 * through {@code mcp__http__request}, which no rule read).
 */
class ServerHttpToolsTest {
  private static final String LIVE_REFUND =
      "\"url\": \"https://api.stripe.com/v1/refunds\", \"headers\": {\"Authorization\": \"Bearer"
          + " sk_live_51Habc\"}, \"body\": {\"charge\": \"ch_1\"}";

  private final Guard standard = guard(GuardPreset.STANDARD);

  private GuardVerdict decide(String tool, String args) {
    return standard.decide(new GuardCall(tool, json(args), PROJECT, PROJECT, null));
  }

  @Test
  void aPostThroughAServersHttpToolIsJudgedAsItsCurl() {
    GuardVerdict verdict =
        decide("mcp__http__request", "{\"method\": \"POST\", " + LIVE_REFUND + "}");
    assertThat(verdict.outcome()).isEqualTo(Outcome.DENY);
    assertThat(verdict.ruleId()).isEqualTo("production.live-payment");
  }

  @Test
  void theMethodMayBeInTheToolsNameOrInLowerCase() {
    assertThat(decide("mcp__web__http_post", "{" + LIVE_REFUND + "}").ruleId())
        .isEqualTo("production.live-payment");
    assertThat(decide("mcp__api__call_api", "{\"verb\": \"post\", " + LIVE_REFUND + "}").ruleId())
        .isEqualTo("production.live-payment");
  }

  @Test
  void headersGivenAsLinesAreCarriedOver() {
    String args =
        "{\"method\": \"POST\", \"url\": \"https://api.stripe.com/v1/refunds\", \"headers\":"
            + " [\"Authorization: Bearer sk_test_4eC39HqLyjWDarjtT1zdp7dc\"], \"body\": \"charge=ch_1\"}";
    // The test key in a header line is read: the provider's test mode is allowed.
    assertThat(decide("mcp__http__request", args).outcome()).isEqualTo(Outcome.ALLOW);
  }

  @Test
  void readsAndOtherShapesAreLeftToTheirOwnRules() {
    assertThat(
            decide(
                    "mcp__http__request",
                    "{\"method\": \"GET\", \"url\": \"https://api.stripe.com/v1/charges?limit=3\"}")
                .outcome())
        .isEqualTo(Outcome.ALLOW);
    assertThat(decide("mcp__http__request", "{" + LIVE_REFUND + "}").outcome())
        .as("no method: a read")
        .isEqualTo(Outcome.ALLOW);
    assertThat(
            decide(
                    "mcp__http__request",
                    "{\"method\": \"POST\", \"url\": \"http://localhost:3000/api/users\","
                        + " \"body\": {\"name\": \"test\"}}")
                .outcome())
        .isEqualTo(Outcome.ALLOW);
    assertThat(decide("mcp__notes__create", "{\"method\": \"POST\", " + LIVE_REFUND + "}").ruleId())
        .as("a tool of another name keeps its name")
        .isNotEqualTo("production.live-payment");
  }

  @Test
  void aBodyCannotBreakOutOfItsQuotes() {
    String args =
        "{\"method\": \"POST\", \"url\": \"http://localhost:3000/x\", \"body\": \"'; rm -rf ~; '\"}";
    assertThat(decide("mcp__http__request", args).outcome()).isEqualTo(Outcome.ALLOW);
  }

  @Test
  void aUrlPaddedPastItsBoundIsStillRead() {
    String longUrl = "https://api.stripe.com/v1/refunds?pad=" + "a".repeat(4096);
    String args =
        "{\"method\": \"POST\", \"url\": \""
            + longUrl
            + "\", \"headers\": {\"Authorization\":"
            + " \"Bearer sk_live_51Habc\"}}";
    assertThat(decide("mcp__http__request", args).ruleId()).isEqualTo("production.live-payment");
  }
}
