package io.github.providergateway.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.protocol.json.ProtocolCodec;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ReportTest {

  @Test
  void summaryTakesTheMiddleValueOrTheMeanOfTheTwoMiddleOnes() {
    assertThat(Summary.of(List.of(3.0, 1.0, 2.0))).isEqualTo(new Summary(2.0, 1.0, 3.0, 3));
    assertThat(Summary.of(List.of(4.0, 1.0, 2.0, 3.0)).median()).isEqualTo(2.5);
  }

  @Test
  void goalsSayMetOrHowFarOffInPercentOfTheTarget() {
    assertThat(Goal.below(67, "").verdict(60)).isEqualTo("met");
    assertThat(Goal.below(67, "").verdict(67)).isEqualTo("missed (+0% over)");
    assertThat(Goal.atMost(300, "").verdict(300)).isEqualTo("met");
    assertThat(Goal.atMost(100, "").verdict(112)).isEqualTo("missed (+12% over)");
    assertThat(Goal.atLeast(60, "").verdict(45)).isEqualTo("missed (-25% under)");
    assertThat(Goal.none("for scale").verdict(1)).isEqualTo("—");
  }

  /** A count that must be 0 at any load (the hooks' wrong answers) is judged on its worst run. */
  @Test
  void aGoalForEveryRunIsJudgedOnTheWorstRun() {
    Goal none = Goal.everyRunAtMost(0, "0 in every run");
    assertThat(new Figure("w", "wrong", "", 0, List.of(0.0, 0.0, 0.0), none, null).verdict())
        .isEqualTo("met");
    assertThat(new Figure("w", "wrong", "", 0, List.of(0.0, 2.0, 0.0), none, null).verdict())
        .isEqualTo("missed (2)");
    assertThat(
            new Figure("p", "p50", "ms", 1, List.of(9.0, 12.0, 8.0), Goal.atMost(10, ""), null)
                .verdict())
        .isEqualTo("met");
  }

  @Test
  void theTableShowsMedianMinMaxGoalAndNotes() {
    List<Figure> figures =
        List.of(
            new Figure(
                "a",
                "sequential p50",
                "µs",
                1,
                List.of(70.0, 60.0, 65.0),
                Goal.below(67, "< 67 µs"),
                null),
            new Figure(
                "b",
                "start-up | app",
                "ms",
                0,
                List.of(),
                Goal.atMost(300, "≤ 300 ms"),
                "skipped: no app"));
    String table = Report.markdown(figures, 3);
    assertThat(table)
        .contains("| figure | median (min–max) of 3 runs | goal | verdict |")
        .contains("| sequential p50 | 65.0 (60.0–70.0) µs | < 67 µs | met |")
        .contains("| start-up \\| app | skipped | ≤ 300 ms | — |")
        .contains("- start-up | app: skipped: no app");
  }

  @Test
  void thePreambleComesBeforeTheTableAndNamesTheMachineAndWhereNodesFiguresCameFrom() {
    List<Figure> figures =
        List.of(new Figure("a", "p50", "µs", 1, List.of(30.0), Goal.atMost(20, "≤ 20 µs"), null));
    List<String> preamble =
        LoadDriver.preamble(
            Map.of("cpu", "AMD EPYC", "nproc", "2", "started", "2026-11-25T10:00:00Z"));
    String table = Report.markdown(preamble, figures, 1);
    assertThat(table)
        .startsWith("Measured on: AMD EPYC, 2 cores")
        .contains(LoadDriver.NODE)
        .contains("| p50 | 30.0 µs | ≤ 20 µs | missed (+50% over) |");
    assertThat(table.indexOf("| figure |")).isGreaterThan(table.indexOf(LoadDriver.NODE));
  }

  @Test
  void theJsonHoldsEveryRunTheSummaryAndTheGoal() {
    List<Figure> figures =
        List.of(
            new Figure(
                "x", "x", "MiB", 0, List.of(70.0, 64.0, 66.0), Goal.atMost(64, "≤ 64"), null));
    JsonNode json = ProtocolCodec.create().parseJson(Report.json(figures, Map.of("nproc", "2")));
    assertThat(json.at("/machine/nproc").asText()).isEqualTo("2");
    JsonNode figure = json.at("/figures/0");
    assertThat(figure.get("runs")).hasSize(3);
    assertThat(figure.get("median").asDouble()).isEqualTo(66.0);
    assertThat(figure.get("min").asDouble()).isEqualTo(64.0);
    assertThat(figure.get("verdict").asText()).isEqualTo("missed (+3% over)");
    assertThat(figure.get("goalKind").asText()).isEqualTo("AT_MOST");
  }
}
