package io.github.providergateway.guard;

import static io.github.providergateway.guard.GuardFixture.guard;
import static io.github.providergateway.guard.GuardFixture.shell;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.guard.GuardVerdict.Outcome;
import io.github.providergateway.guard.shell.internal.Runners;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The red-team pass over the table of programs that run programs (issue 60): every row's ways of
 * running a command are tried with a destructive one ({@code rm -rf ~}, in the row's language),
 * which must be denied, and with one the guard cannot read ({@code "$X"}), which must not be
 * allowed. A row with no way written down fails, so a program added to the table is tried too.
 */
class RunnersRedTeamTest {
  private static final Guard STANDARD = guard(GuardPreset.STANDARD);

  /** The destructive command in each language the table names. */
  private static final Map<String, String> DESTRUCTIVE =
      Map.ofEntries(
          Map.entry("{argv}", "rm -rf ~"),
          Map.entry("{code}", "'rm -rf ~'"),
          Map.entry("{vim}", "':!rm -rf ~'"),
          Map.entry("{gdb}", "'shell rm -rf ~'"),
          Map.entry("{lldb}", "'platform shell rm -rf ~'"),
          Map.entry("{ed}", "'!rm -rf ~'"),
          Map.entry("{emacs}", "'(shell-command \"rm -rf ~\")'"),
          Map.entry("{lua}", "'os.execute(\"rm -rf ~\")'"),
          Map.entry("{tcl}", "'exec rm -rf " + GuardFixture.HOME + "'"),
          Map.entry("{r}", "'system(\"rm -rf ~\")'"),
          Map.entry("{julia}", "'run(`rm -rf " + GuardFixture.HOME + "`)'"),
          Map.entry("{applescript}", "'do shell script \"rm -rf ~\"'"));

  /** The same places with what the guard cannot read. */
  private static final Map<String, String> OPAQUE =
      Map.ofEntries(
          Map.entry("{argv}", "\"$X\" -rf build"),
          Map.entry("{code}", "\"$X\""),
          Map.entry("{program}", "\"$X\""),
          Map.entry("{vim}", "\"$X\""),
          Map.entry("{gdb}", "\"$X\""),
          Map.entry("{lldb}", "\"$X\""),
          Map.entry("{ed}", "\"$X\""),
          Map.entry("{emacs}", "\"$X\""),
          Map.entry("{lua}", "\"$X\""),
          Map.entry("{tcl}", "\"$X\""),
          Map.entry("{r}", "\"$X\""),
          Map.entry("{julia}", "\"$X\""),
          Map.entry("{applescript}", "\"$X\""));

  static Stream<Arguments> destructive() {
    List<Arguments> cases = new ArrayList<>();
    for (Runners.Row row : Runners.rows()) {
      for (String template : row.redteam()) {
        for (String command : forEachName(row, template)) {
          if (!template.contains("{program}")) {
            cases.add(Arguments.of(row.names().get(0), fill(command, DESTRUCTIVE)));
          }
        }
      }
    }
    return cases.stream();
  }

  static Stream<Arguments> opaque() {
    List<Arguments> cases = new ArrayList<>();
    for (Runners.Row row : Runners.rows()) {
      for (String template : row.redteam()) {
        for (String command : forEachName(row, template)) {
          String filled = fill(command, OPAQUE);
          if (!filled.equals(fill(command, Map.of()))) {
            cases.add(Arguments.of(row.names().get(0), filled));
          }
        }
      }
    }
    return cases.stream();
  }

  /**
   * A template as each name of its row writes it: with {@code {name}} put in, or with the row's
   * first name it starts with replaced; else as written, once.
   */
  private static List<String> forEachName(Runners.Row row, String template) {
    List<String> out = new ArrayList<>();
    String first = row.names().get(0);
    for (String name : row.names()) {
      if (template.contains("{name}")) {
        out.add(template.replace("{name}", name));
      } else if (template.startsWith(first + " ")) {
        out.add(name + template.substring(first.length()));
      }
    }
    return out.isEmpty() ? List.of(template) : out;
  }

  private static String fill(String command, Map<String, String> with) {
    String filled = command;
    String sql = command.contains("sqlite") ? "'.shell rm -rf ~'" : "'\\! rm -rf ~'";
    filled =
        filled.replace("{sql}", with == DESTRUCTIVE ? sql : with.isEmpty() ? "{sql}" : "\"$X\"");
    for (Map.Entry<String, String> entry : with.entrySet()) {
      filled = filled.replace(entry.getKey(), entry.getValue());
    }
    return filled;
  }

  @ParameterizedTest(name = "{0}: {1}")
  @MethodSource("destructive")
  void aDestructiveCommandRunThroughEveryRowIsDenied(String program, String command) {
    GuardVerdict verdict = STANDARD.decide(shell(command));
    assertThat(verdict.outcome()).as(command + " → " + verdict.reason()).isEqualTo(Outcome.DENY);
  }

  @ParameterizedTest(name = "{0}: {1}")
  @MethodSource("opaque")
  void aCommandTheGuardCannotReadRunThroughEveryRowIsNotAllowed(String program, String command) {
    GuardVerdict verdict = STANDARD.decide(shell(command));
    assertThat(verdict.outcome())
        .as(command + " → " + verdict.reason())
        .isNotEqualTo(Outcome.ALLOW);
  }

  @Test
  void everyRowSaysHowTheRedTeamRunsACommandThroughItAndWhereItsKnowledgeComesFrom() {
    for (Runners.Row row : Runners.rows()) {
      assertThat(row.redteam()).as(row.names() + " has red-team templates").isNotEmpty();
      assertThat(row.source()).as(row.names() + " names its source").isNotBlank();
    }
  }
}
