package io.github.providergateway.host;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.providergateway.gateway.event.Decision;
import io.github.providergateway.gateway.event.DecisionKind;
import io.github.providergateway.host.api.AuditFilter;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The audit trail's memory for {@code audit.query}: the newest decisions up to its capacity, each
 * filter field narrowing what a query returns, and the limit taking the newest of what matched.
 */
class DecisionLogTest {

  private static final Instant T0 = Instant.parse("2026-11-26T04:00:00Z");

  private static Decision call(int second, String session, String provider, String tool) {
    return Decision.builder(
            T0.plusSeconds(second), DecisionKind.TOOL_CALL, Decision.Outcome.SUCCESS)
        .sessionId(session)
        .provider(provider)
        .call(tool, "call-" + second)
        .build();
  }

  private static AuditFilter only(
      String session, String provider, String tool, String kind, String callId, Instant since) {
    return new AuditFilter(session, provider, tool, kind, callId, since, 100);
  }

  private static List<Integer> seconds(List<Decision> decisions) {
    return decisions.stream()
        .map(d -> (int) (d.time().getEpochSecond() - T0.getEpochSecond()))
        .toList();
  }

  @Test
  void itKeepsTheNewestDecisionsUpToItsCapacityOldestFirst() {
    DecisionLog log = new DecisionLog(3);
    for (int second = 1; second <= 5; second++) {
      log.decided(call(second, "s", "p", "t"));
    }

    assertThat(seconds(log.query(AuditFilter.NEWEST))).containsExactly(3, 4, 5);
  }

  @Test
  void aCapacityOfOneKeepsTheLastAndLessIsRefused() {
    DecisionLog log = new DecisionLog(1);
    log.decided(call(1, "s", "p", "t"));
    log.decided(call(2, "s", "p", "t"));

    assertThat(seconds(log.query(AuditFilter.NEWEST))).containsExactly(2);
    assertThatThrownBy(() -> new DecisionLog(0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("capacity must be positive, was 0");
  }

  @Test
  void theLimitTakesTheNewestOfWhatMatchedStillOldestFirst() {
    DecisionLog log = new DecisionLog(10);
    for (int second = 1; second <= 6; second++) {
      log.decided(call(second, second % 2 == 0 ? "even" : "odd", "p", "t"));
    }

    List<Decision> twoNewestEven =
        log.query(new AuditFilter("even", null, null, null, null, null, 2));

    assertThat(seconds(twoNewestEven)).containsExactly(4, 6);
  }

  @Test
  void eachFieldOfTheFilterNarrowsTheQueryAndAnUnsetFieldDoesNot() {
    DecisionLog log = new DecisionLog(10);
    log.decided(call(1, "a", "github", "create_issue"));
    log.decided(call(2, "b", "github", "list_issues"));
    log.decided(call(3, "a", "jira", "create_issue"));
    log.decided(
        Decision.builder(T0.plusSeconds(4), DecisionKind.PRE_TOOL_USE, Decision.Outcome.DENY)
            .sessionId("a")
            .call("create_issue", "call-3")
            .build());

    assertThat(seconds(log.query(only("a", null, null, null, null, null))))
        .containsExactly(1, 3, 4);
    assertThat(seconds(log.query(only(null, "github", null, null, null, null))))
        .containsExactly(1, 2);
    assertThat(seconds(log.query(only(null, null, "create_issue", null, null, null))))
        .containsExactly(1, 3, 4);
    assertThat(seconds(log.query(only(null, null, null, "pre_tool_use", null, null))))
        .as("the kind by its name, case ignored")
        .containsExactly(4);
    assertThat(seconds(log.query(only(null, null, null, null, "call-3", null))))
        .as("a call: its evaluation and its outcome")
        .containsExactly(3, 4);
    assertThat(seconds(log.query(only(null, null, null, null, null, T0.plusSeconds(3)))))
        .as("since: at or after")
        .containsExactly(3, 4);
    assertThat(seconds(log.query(only("a", "jira", "create_issue", "tool_call", "call-3", T0))))
        .as("every field at once")
        .containsExactly(3);
    assertThat(log.query(only("c", null, null, null, null, null))).isEmpty();
  }

  @Test
  void aQueryIsACopyThatLaterDecisionsDoNotChange() {
    DecisionLog log = new DecisionLog(2);
    log.decided(call(1, "s", "p", "t"));
    List<Decision> before = log.query(AuditFilter.NEWEST);

    log.decided(call(2, "s", "p", "t"));
    log.decided(call(3, "s", "p", "t"));

    assertThat(seconds(before)).containsExactly(1);
  }
}
