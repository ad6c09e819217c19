package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * A job a shared scheduler runs on its own, started by hand, whose name says it acts (decision 273,
 * {@code production.job-started}): {@code airflow dags trigger
 * collections_remote_disconnect_batch}, {@code kubectl create job
 * --from=cronjob/remote-disconnect-nightly …}, {@code gh workflow run settlement-submit.yml},
 * {@code gcloud scheduler jobs run nightly-purge-accounts}, {@code aws glue start-job-run
 * --job-name purge_inactive_customers}, {@code nomad job dispatch refund-batch}. The job's own code
 * is out of the guard's sight, but its name is the company's word for what it does, and a scheduler
 * runs it with the company's credentials on the company's systems: a disconnection, a settlement, a
 * purge or a mailing run now, out of its window, with nobody watching it.
 *
 * <p>The names read are the command's words that are neither options nor their values, and the
 * values of the options that name a job ({@code --from}, {@code --job-name}, {@code
 * --state-machine-arn}, {@code --name}, {@code -j}), in every part of a path or an ARN. A name acts
 * when one of its parts ({@link ServiceVerbs#split}) is a strong act ({@code strongVerbs}), a
 * sending ({@code sendingOptions}) or one of {@link #ACTS}, and none reads, tries or names a test's
 * place ({@code purge_report}, {@code refund-dry-run}). Not read here: a forge's own workflows
 * ({@code gh workflow run release.yml}, {@code deploy.yml}, {@code ci.yml}: {@code
 * publish.workflow-dispatched}, decision 283, and the deploy's rules weigh those), a job whose name
 * says nothing ({@code airflow dags trigger etl_daily}), and a call that names a local or a test
 * place.
 *
 * <p>AutoSys, a batch scheduler no laptop runs of its own, acts by its events whatever the job's
 * name (decision 278): {@code sendevent -E FORCE_STARTJOB -J NB_ACH_TRANSMIT_1700} sends the
 * payments file before it is balanced, {@code -E JOB_ON_ICE -J NB_EOD_GL_INTERFACE} skips tonight's
 * ledger; a comment is no act.
 */
final class JobsStartedByHand {
  private JobsStartedByHand() {}

  /** The acts beyond the strong and the sending verbs a job's name says it does. */
  private static final Set<String> ACTS =
      NameSet.of(
          "disconnect",
          "disconnects",
          "disconnection",
          "cancel",
          "cancellation",
          "cancellations",
          "refund",
          "refunds",
          "charge",
          "charges",
          "pay",
          "payout",
          "payouts",
          "settle",
          "disburse",
          "disbursement",
          "disbursements",
          "remit",
          "dunning",
          "suspend",
          "suspension",
          "expire",
          "void",
          "reject",
          "evict",
          "kill",
          "reset",
          "rebill",
          "resend",
          "resubmit",
          "replay",
          "reprocess",
          "email",
          "emails",
          "mailer",
          "mailing",
          "sms",
          "anonymize",
          "anonymise",
          "redact",
          "offboard",
          "close",
          "lock",
          "freeze",
          "recall",
          "release",
          "approve",
          "post");

  /** Words of a name that read, try or name a test's place: the job acts on nothing live. */
  private static final Set<String> HARMLESS =
      NameSet.of(
          "dry",
          "preview",
          "test",
          "tests",
          "staging",
          "sandbox",
          "demo",
          "dev",
          "simulate",
          "simulation",
          "sim",
          "check",
          "validate",
          "report",
          "reports",
          "audit",
          "export",
          "summary",
          "stats",
          "metrics",
          "dashboard");

  /**
   * A forge's own workflows, whose acts the release's, the deploy's and the build's rules weigh,
   * and its housekeeping, which acts on the forge's own issues, threads and artifacts ({@code
   * close-stale-issues.yml}, {@code lock-threads.yml}, {@code delete-old-artifacts.yml}).
   */
  private static final Set<String> FORGE_OWN =
      NameSet.of(
          "release",
          "releases",
          "publish",
          "deploy",
          "deployment",
          "build",
          "ci",
          "test",
          "tests",
          "lint",
          "docs",
          "pages",
          "preview",
          "codeql",
          "e2e",
          "bench",
          "issues",
          "issue",
          "stale",
          "threads",
          "pr",
          "prs",
          "pulls",
          "labels",
          "discussions",
          "artifacts",
          "caches",
          "runs",
          "branches");

  /** The options whose value names the job started. */
  private static final Set<String> NAMING_OPTIONS =
      NameSet.of("--from", "--job-name", "--state-machine-arn", "--name", "-j", "--job");

  /**
   * The schedulers' commands that start a job now, by program: each a run of command words, in
   * order among the first words. Read here rather than named in a clause, since a program a clause
   * names is its family's to read, and the shapes' readings of {@code airflow db clean} or {@code
   * nomad job stop} would be lost.
   */
  private static final Map<String, List<List<String>>> STARTS =
      Map.of(
          "airflow", List.of(List.of("dags", "trigger")),
          "kubectl", List.of(List.of("create", "job")),
          "oc", List.of(List.of("create", "job")),
          "gh", List.of(List.of("workflow", "run")),
          "gcloud", List.of(List.of("scheduler", "jobs", "run")),
          "aws",
              List.of(
                  List.of("glue", "start-job-run"),
                  List.of("stepfunctions", "start-execution"),
                  List.of("batch", "submit-job")),
          "nomad", List.of(List.of("job", "dispatch"), List.of("job", "periodic", "force")),
          "prefect", List.of(List.of("deployment", "run")),
          "dagster", List.of(List.of("job", "launch")),
          "argo", List.of(List.of("submit")));

  /** How many words the command words are looked for in. */
  private static final int COMMAND_SCAN = 8;

  /**
   * The schedulers' own command words ({@link #STARTS}'s), never a job's name: {@code submit-job}
   * and {@code submit} name no act of the job started.
   */
  private static final Set<String> COMMAND_WORDS =
      STARTS.values().stream()
          .flatMap(List::stream)
          .flatMap(List::stream)
          .collect(java.util.stream.Collectors.toUnmodifiableSet());

  /**
   * Whether the call starts a scheduler's job ({@link #STARTS}) named for an act, on no local or
   * test place.
   *
   * @param step the call
   * @return whether its job's name acts
   */
  static boolean namedForAnAct(Step step) {
    List<Word> args = step.args();
    if (step.program().equals("sendevent")) {
      return autosysEvent(args); // the event is the act, whatever the job's name (decision 278)
    }
    if (!startsJob(step.program(), args)
        || SharedActs.localOrTest(step, RemarkOptions.without(args))
        || SharedActs.dryRun(args)) {
      return false;
    }
    boolean forge = step.program().equals("gh");
    boolean value = false;
    boolean acts = false;
    for (int i = 0; i < args.size(); i++) {
      Word word = args.get(i);
      String text = word.text();
      if (text.equals("--")) {
        break;
      }
      boolean named = value;
      value = false;
      if (text.startsWith("-")) {
        int eq = text.indexOf('=');
        String option = eq > 0 ? text.substring(0, eq) : text;
        if (eq > 0 && NAMING_OPTIONS.contains(option)) {
          text = text.substring(eq + 1);
        } else {
          value = eq < 0 && !text.equals("-y") && !text.equals("--yes");
          continue;
        }
      } else if (named && !NAMING_OPTIONS.contains(args.get(i - 1).text())) {
        continue; // -c '{"env":"prod"}', --location us-central1: an option's value
      }
      if (!word.literal() || COMMAND_WORDS.contains(text) || text.indexOf('=') >= 0) {
        continue;
      }
      // cronjob/remote-disconnect-nightly, arn:…:stateMachine:SendDunningLetters, purge/nightly
      List<String> parts = ServiceVerbs.split(text.replace('/', '-'));
      if (forge && parts.stream().anyMatch(FORGE_OWN::contains)) {
        return false;
      }
      if (parts.stream().anyMatch(HARMLESS::contains)) {
        return false;
      }
      acts |= parts.stream().anyMatch(JobsStartedByHand::acting);
    }
    return acts;
  }

  private static boolean startsJob(String program, List<Word> args) {
    for (List<String> command : STARTS.getOrDefault(program, List.of())) {
      int next = 0;
      for (int i = 0; i < args.size() && i < COMMAND_SCAN && next < command.size(); i++) {
        if (args.get(i).literal() && args.get(i).text().equals(command.get(next))) {
          next++;
        }
      }
      if (next == command.size()) {
        return true;
      }
    }
    return false;
  }

  /**
   * The events of AutoSys's {@code sendevent} that start, stop, hold or change a job or the
   * scheduler: a job forced to start, iced so tonight's run is skipped, killed, deleted, its status
   * set by hand. A comment or an alarm's acknowledgement acts on no job.
   */
  private static final Set<String> AUTOSYS_EVENTS =
      Set.of(
          "STARTJOB",
          "FORCE_STARTJOB",
          "KILLJOB",
          "DELETEJOB",
          "JOB_ON_ICE",
          "JOB_OFF_ICE",
          "JOB_ON_HOLD",
          "JOB_OFF_HOLD",
          "JOB_ON_NOEXEC",
          "CHANGE_STATUS",
          "CHANGE_PRIORITY",
          "SET_GLOBAL",
          "SEND_SIGNAL",
          "STOP_DEMON");

  /** Whether AutoSys's {@code sendevent -E EVENT …} sends an event that acts on a job. */
  private static boolean autosysEvent(List<Word> args) {
    for (int i = 0; i + 1 < args.size(); i++) {
      if (args.get(i).text().equals("-E") || args.get(i).text().equals("-e")) {
        return AUTOSYS_EVENTS.contains(args.get(i + 1).text().toUpperCase(Locale.ROOT));
      }
    }
    return false;
  }

  private static boolean acting(String part) {
    return ShapeWords.STRONG.contains(part)
        || ShapeWords.SENDS.contains(part)
        || ACTS.contains(part);
  }
}
