package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * A scheduler's live pipelines acted on by its command line (issue 80 round 72, {@code
 * production.pipeline-acted}): a pipeline paused or resumed ({@code airflow dags pause
 * gdpr_erasure_daily}: the erasures stop and nothing says so), its past runs run again or cleared
 * ({@code airflow dags backfill … --reset-dagruns}, {@code tasks clear}: six months of invoices
 * sent twice), its variables, pools or connections changed or deleted under it; Dagster's schedules
 * and sensors stopped, its runs and assets wiped; Prefect's schedules paused and deployments
 * deleted; Argo's cron workflows suspended, workflows stopped, retried or deleted; Oozie's jobs
 * killed, suspended or re-run. A starting by hand is {@link JobsStartedByHand}'s, a deletion of the
 * pipeline itself the service rules'. Reads, lists, tests and dry runs are no acts; nor is a
 * scheduler of the developer's own: its home set to the project's folder or {@code /tmp} ({@code
 * AIRFLOW_HOME=$PWD/.airflow}), its server this machine's, in a local container, a pipeline or a
 * place whose name says test or example.
 */
final class SchedulerActs {
  private SchedulerActs() {}

  /** Each scheduler's acts: a command's group, then the verbs that act in it. */
  private static final Map<String, Map<String, Set<String>>> ACTS =
      Map.of(
          "airflow",
          Map.of(
              "dags", NameSet.of("pause", "unpause", "backfill", "clear", "delete"),
              "tasks", NameSet.of("clear"),
              "backfill", NameSet.of("create"),
              "pools", NameSet.of("delete", "set", "import"),
              "variables", NameSet.of("set", "delete", "import"),
              "connections", NameSet.of("delete", "import")),
          "dagster",
          Map.of(
              "schedule", NameSet.of("stop", "start", "wipe", "restart"),
              "sensor", NameSet.of("stop", "start", "cursor"),
              "job", NameSet.of("backfill"),
              "run", NameSet.of("delete", "wipe"),
              "asset", NameSet.of("wipe")),
          "prefect",
          Map.of(
              "deployment",
              NameSet.of(
                  "pause-schedule",
                  "resume-schedule",
                  "set-schedule",
                  "clear-schedule",
                  "delete",
                  "schedule"),
              "work-pool",
              NameSet.of("pause", "delete"),
              "work-queue",
              NameSet.of("pause", "delete"),
              "flow-run",
              NameSet.of("delete", "cancel"),
              "concurrency-limit",
              NameSet.of("delete")),
          "argo",
          Map.of(
              "cron", NameSet.of("suspend", "resume", "delete"),
              "delete", Set.of(),
              "terminate", Set.of(),
              "stop", Set.of(),
              "suspend", Set.of(),
              "retry", Set.of(),
              "resubmit", Set.of()));

  /** Oozie's options that act on a job: {@code oozie job -oozie URL -kill ID}. */
  private static final Set<String> OOZIE_ACTS =
      NameSet.of("-kill", "-suspend", "-resume", "-rerun", "-change", "-run", "-start", "-update");

  /** The options whose value is no command word. */
  private static final Set<String> VALUED =
      NameSet.of(
          "-n",
          "--namespace",
          "-w",
          "--workspace",
          "-f",
          "-m",
          "-S",
          "--subdir",
          "--context",
          "--argo-server",
          "-s",
          "-e",
          "--start-date",
          "--end-date",
          "-t",
          "--task-regex",
          "-oozie",
          "--location");

  /**
   * A scheduler of the developer's own, set in the command: its home a project's or {@code /tmp}'s
   * folder, its API this machine's.
   */
  private static final Pattern OWN_SCHEDULER =
      Pattern.compile(
          "\\b(?:AIRFLOW_HOME|DAGSTER_HOME|PREFECT_HOME)=['\"]?(?:\\$PWD|\\$\\{PWD\\}|\\$\\(pwd\\)"
              + "|\\.|/tmp/|[A-Za-z_][\\w.-]*(?:/|\\s|$))"
              + "|\\bPREFECT_API_URL=['\"]?https?://(?:localhost|127\\.0\\.0\\.1)\\b"
              + "|--argo-server[=\\s]+['\"]?(?:localhost|127\\.0\\.0\\.1)\\b");

  /** {@return whether a program of this name is a scheduler's command line read here} */
  static boolean scheduler(String program) {
    return ACTS.containsKey(program) || program.equals("oozie");
  }

  /**
   * {@return the scheduler's act on a live pipeline, or null}
   *
   * @param scan the call
   * @param step the scheduler's command line
   */
  static String acted(Scan scan, Step step) {
    String program = step.program();
    List<String> words = commandWords(step.args());
    String act = null;
    if (program.equals("oozie")) {
      for (Word word : step.args()) {
        if (!words.isEmpty() && words.get(0).equals("job") && OOZIE_ACTS.contains(word.text())) {
          act = "oozie job " + word.text();
        }
      }
    } else if (ACTS.containsKey(program) && !words.isEmpty()) {
      Set<String> verbs = ACTS.get(program).get(words.get(0));
      if (verbs != null && (verbs.isEmpty() || words.size() > 1 && verbs.contains(words.get(1)))) {
        act = program + " " + String.join(" ", words.subList(0, verbs.isEmpty() ? 1 : 2));
      }
    }
    if (act == null || dryRun(step) || own(scan, step, words)) {
      return null;
    }
    return act;
  }

  /** The words that are neither options nor their values. */
  private static List<String> commandWords(List<Word> args) {
    List<String> words = new ArrayList<>();
    for (int i = 0; i < args.size(); i++) {
      String t = args.get(i).text();
      if (t.startsWith("-")) {
        if (VALUED.contains(t)) {
          i++;
        }
      } else {
        words.add(t);
      }
    }
    return words;
  }

  private static boolean dryRun(Step step) {
    for (Word word : step.args()) {
      String t = word.text();
      if (t.equals("--dry-run") || t.equals("--dry_run") || t.equals("--dryrun")) {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether the scheduler is the developer's own, or the pipeline or place a test's: the words
   * after the act ({@code example_bash_operator}, {@code test_billing}), a test's place named, a
   * local cluster's context, a local container.
   */
  private static boolean own(Scan scan, Step step, List<String> words) {
    String source = scan.source();
    if (source != null
        && source.length() < 65_536
        && PatternLiterals.finds(OWN_SCHEDULER, source)) {
      return true;
    }
    if (DatabaseTargets.inLocalContainer(step) || DatabaseTargets.namesTestPlace(step)) {
      return true;
    }
    String context = Argv.of(step.args(), "n", "context").value("context");
    if (context != null && Environments.localCluster(context)) {
      return true;
    }
    for (String word : words.subList(Math.min(words.size(), 1), words.size())) {
      if (word.startsWith("example_") || word.equals("tutorial") || Environments.testName(word)) {
        return true;
      }
    }
    return false;
  }
}
