package io.github.providergateway.app.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.app.home.ProjectConfig;
import io.github.providergateway.app.run.ReloadPlan.Action;
import io.github.providergateway.app.run.ReloadPlan.Reason;
import io.github.providergateway.app.run.ReloadPlan.Session;
import io.github.providergateway.app.run.ReloadPlan.Step;
import io.github.providergateway.guard.GuardSettings;
import io.github.providergateway.host.protocol.ReloadReport;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;

/** A reload's plan: what runs and the config read again in, the diff out; no process anywhere. */
class ReloadPlanTest {

  private static final Predicate<String> NEVER = name -> false;

  private static final ProjectConfig.Entry A = entry("a", ProjectConfig.SessionMode.EACH, "run-a");
  private static final ProjectConfig.Entry B = entry("b", ProjectConfig.SessionMode.EACH, "run-b");
  private static final ProjectConfig.Entry FIRST =
      entry("solo", ProjectConfig.SessionMode.FIRST, "run-solo");

  @Test
  void theSameConfigKeepsEveryRunningEntry() {
    ReloadPlan plan = ReloadPlan.of(List.of(session("s1", true, A, B)), config(A, B), null, NEVER);
    assertThat(plan.steps())
        .containsExactly(
            new Step("s1", "a", Action.KEEP, Reason.SAME, A, null),
            new Step("s1", "b", Action.KEEP, Reason.SAME, B, null));
    assertThat(plan.report(List.of()))
        .isEqualTo(new ReloadReport(List.of(), List.of(), List.of(), List.of()));
  }

  @Test
  void anAddedEntryStartsInEverySessionItIsDueIn() {
    ReloadPlan plan =
        ReloadPlan.of(
            List.of(session("s1", true, A), session("s2", false, A)), config(A, B), null, NEVER);
    assertThat(plan.of(Action.START))
        .containsExactly(
            new Step("s1", "b", Action.START, Reason.NOT_RUNNING, null, B),
            new Step("s2", "b", Action.START, Reason.NOT_RUNNING, null, B));
    assertThat(plan.report(List.of()).started()).containsExactly("b");
  }

  @Test
  void anEntryForTheFirstSessionStartsOnlyThere() {
    ReloadPlan plan =
        ReloadPlan.of(
            List.of(session("s1", true), session("s2", false)), config(FIRST), null, NEVER);
    assertThat(plan.steps())
        .containsExactly(new Step("s1", "solo", Action.START, Reason.NOT_RUNNING, null, FIRST));
  }

  @Test
  void aRemovedEntryStops() {
    ReloadPlan plan = ReloadPlan.of(List.of(session("s1", true, A, B)), config(A), null, NEVER);
    assertThat(plan.of(Action.STOP))
        .containsExactly(new Step("s1", "b", Action.STOP, Reason.REMOVED, B, null));
    assertThat(plan.report(List.of()).stopped()).containsExactly("b");
  }

  @Test
  void anEntryThatNowRunsForTheFirstSessionOnlyStopsInTheOthers() {
    ProjectConfig.Entry onlyFirst = entry("a", ProjectConfig.SessionMode.FIRST, "run-a");
    ReloadPlan plan =
        ReloadPlan.of(
            List.of(session("s1", true, A), session("s2", false, A)),
            config(onlyFirst),
            null,
            NEVER);
    assertThat(plan.steps())
        .containsExactly(
            new Step("s1", "a", Action.RESTART, Reason.CHANGED, A, onlyFirst),
            new Step("s2", "a", Action.STOP, Reason.NOT_DUE, A, null));
  }

  @Test
  void aChangedEntryRestartsFromItsNewVersion() {
    ProjectConfig.Entry changed = entry("a", ProjectConfig.SessionMode.EACH, "run-a", "--verbose");
    ReloadPlan plan =
        ReloadPlan.of(List.of(session("s1", true, A, B)), config(changed, B), null, NEVER);
    assertThat(plan.of(Action.RESTART))
        .containsExactly(new Step("s1", "a", Action.RESTART, Reason.CHANGED, A, changed));
    assertThat(plan.report(List.of()).restarted()).containsExactly("a");
  }

  @Test
  void anUnchangedEntryRestartsWhenTheReloadAsks() {
    ReloadPlan plan =
        ReloadPlan.of(List.of(session("s1", true, A, B)), config(A, B), null, "b"::equals);
    assertThat(plan.steps())
        .containsExactly(
            new Step("s1", "a", Action.KEEP, Reason.SAME, A, null),
            new Step("s1", "b", Action.RESTART, Reason.ASKED, B, B));
  }

  @Test
  void entriesTheReloadDoesNotNameAreKeptWhateverChanged() {
    ProjectConfig.Entry changed = entry("a", ProjectConfig.SessionMode.EACH, "run-a", "--verbose");
    ReloadPlan plan =
        ReloadPlan.of(
            List.of(session("s1", true, A, B)), config(changed), Set.of("b"), name -> true);
    assertThat(plan.steps())
        .containsExactly(
            new Step("s1", "a", Action.KEEP, Reason.NOT_NAMED, A, null),
            new Step("s1", "b", Action.STOP, Reason.REMOVED, B, null));
  }

  @Test
  void anEntryTheNewConfigCannotReadIsKeptAsItRuns() {
    ProjectConfig next =
        new ProjectConfig(
            Path.of("/p/tap.config.json"),
            List.of(B),
            List.of("/p/tap.config.json: a: command: missing"),
            Set.of("a"),
            GuardSettings.defaults());
    ReloadPlan plan = ReloadPlan.of(List.of(session("s1", true, A)), next, null, name -> true);
    assertThat(plan.steps())
        .containsExactly(
            new Step("s1", "b", Action.START, Reason.NOT_RUNNING, null, B),
            new Step("s1", "a", Action.KEEP, Reason.UNREADABLE, A, null));
    assertThat(plan.report(next.problems()).problems()).isEqualTo(next.problems());
  }

  @Test
  void dueEntriesComeInConfigOrderThenTheOthersInStartOrderAndEachNameOnceInTheReport() {
    ProjectConfig.Entry c = entry("c", ProjectConfig.SessionMode.EACH, "run-c");
    ReloadPlan plan =
        ReloadPlan.of(
            List.of(session("s1", true, c, A), session("s2", false, c, A)), config(B), null, NEVER);
    assertThat(plan.steps())
        .extracting(step -> step.sessionId() + ":" + step.name() + ":" + step.action())
        .containsExactly(
            "s1:b:START", "s1:c:STOP", "s1:a:STOP", "s2:b:START", "s2:c:STOP", "s2:a:STOP");
    assertThat(plan.report(List.of()).stopped()).containsExactly("c", "a");
  }

  @Test
  void withoutActiveSessionsThePlanIsEmpty() {
    assertThat(ReloadPlan.of(List.of(), config(A), null, name -> true).steps()).isEmpty();
  }

  private static ProjectConfig.Entry entry(
      String name, ProjectConfig.SessionMode mode, String... command) {
    return new ProjectConfig.Entry(name, Arrays.asList(command), Path.of("/p"), Map.of(), mode);
  }

  private static ProjectConfig config(ProjectConfig.Entry... entries) {
    return new ProjectConfig(Path.of("/p/tap.config.json"), List.of(entries), List.of());
  }

  private static Session session(String id, boolean first, ProjectConfig.Entry... running) {
    Map<String, ProjectConfig.Entry> byName = new LinkedHashMap<>();
    for (ProjectConfig.Entry entry : running) {
      byName.put(entry.name(), entry);
    }
    return new Session(id, first, byName);
  }
}
