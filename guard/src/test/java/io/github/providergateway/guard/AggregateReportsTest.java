package io.github.providergateway.guard;

import static io.github.providergateway.guard.GuardFixture.guard;
import static io.github.providergateway.guard.GuardFixture.shell;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.guard.GuardVerdict.Outcome;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A table of aggregates a query of the session wrote is no export of people's records (issue 80,
 * round 61): the query into the project is not production data, and its copy to the company's own
 * bucket is let through. A query that answers rows of people, a file written again by other means,
 * a copy of another file beside it or a partner's bucket are asked as before.
 */
class AggregateReportsTest {
  private static final Map<String, String> REMOTES =
      Map.of("origin", "https://github.com/ada/game.git");
  private static final Instant AT = Instant.parse("2026-12-06T07:00:00Z");
  private static final String DAU =
      "bq query --format=csv --use_legacy_sql=false 'SELECT DATE(ts) d, country,"
          + " COUNT(DISTINCT player_id) dau FROM prod_telemetry.sessions GROUP BY 1,2'"
          + " > reports/dau.csv";
  private static final String COPY = "gsutil cp reports/dau.csv gs://acme-analytics-reports/w/";
  private final Guard guard = guard(GuardPreset.STANDARD);

  private Outcome after(String command, String... before) {
    SessionPast past = SessionPast.start(REMOTES);
    for (String earlier : before) {
      GuardCall call = shell(earlier);
      past =
          past.after(
              new SessionPast.PastCall("shell", call.args().toString(), AT, "-"),
              guard.flowOf(call));
    }
    return guard.decide(shell(command), past).outcome();
  }

  @Test
  void anAggregateReportIsMadeAndCopiedToTheCompanysBucket() {
    assertThat(after(DAU)).isEqualTo(Outcome.ALLOW);
    assertThat(after(COPY, DAU)).isEqualTo(Outcome.ALLOW);
  }

  @Test
  void rowsOfPeopleOrAnotherPartysBucketAreAskedAsBefore() {
    String rows =
        "bq query --format=csv 'SELECT player_id, email FROM prod_telemetry.players'"
            + " > reports/dau.csv";
    assertThat(after(rows)).isEqualTo(Outcome.ASK);
    assertThat(after(COPY, rows)).isEqualTo(Outcome.ASK);
    assertThat(after(COPY, DAU, "cat exports/players.csv > reports/dau.csv"))
        .isEqualTo(Outcome.ASK);
    assertThat(after("gsutil cp reports/dau.csv exports/players.csv gs://acme-reports/", DAU))
        .isEqualTo(Outcome.ASK);
    assertThat(after("aws s3 cp reports/dau.csv s3://adnet-partner-ingest/in/", DAU))
        .isEqualTo(Outcome.ASK);
    assertThat(after(COPY)).isEqualTo(Outcome.ASK);
  }
}
