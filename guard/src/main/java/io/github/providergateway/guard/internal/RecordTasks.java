package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * A task of the project's runner named for an act on the trade's records, with nothing said of
 * where ({@code shapes.project-tool-acts}): {@code make -C ops/qms close-stale-deviations}, {@code
 * just void-unpaid-invoices}, {@code npm run expire-holds}. Decision 162 read the project's own
 * tools so: a company's commands reach its one system and name no environment; its Makefile's
 * targets are the same commands under the runner's name. A task is such an act where its first word
 * moves a record's state or destroys it and another word names what it acts on, not a developer's
 * thing ({@code make purge-cache}, {@code make delete-cluster} stay the developer's); a dry run, a
 * test or staging place named beside, or production named (read by {@link RunnerTargets}) lets it
 * be.
 */
final class RecordTasks {
  private RecordTasks() {}

  /** The first words of a task that move a record's state or take it away. */
  private static final Set<String> VERBS =
      NameSet.of(
          "close",
          "void",
          "cancel",
          "approve",
          "reject",
          "revoke",
          "terminate",
          "expunge",
          "purge",
          "delete",
          "expire",
          "dismiss",
          "suspend",
          "deactivate",
          "discharge",
          "erase",
          "withdraw",
          "certify",
          "finalize",
          "finalise",
          "quarantine",
          "dispose",
          "disposition",
          "invalidate",
          "reinstate",
          "waive",
          "override",
          "unenroll",
          "disenroll",
          "offboard");

  /** What a developer's task acts on: the build's and the machine's things, not records. */
  private static final Set<String> DEVELOPERS_THINGS =
      NameSet.of(
          "cache",
          "caches",
          "build",
          "builds",
          "dist",
          "image",
          "images",
          "container",
          "containers",
          "volume",
          "volumes",
          "cluster",
          "kind",
          "minikube",
          "env",
          "venv",
          "deps",
          "modules",
          "artifacts",
          "coverage",
          "tmp",
          "temp",
          "pyc",
          "docker",
          "compose",
          "stack",
          "local",
          "dev",
          "test",
          "tests",
          "fixtures",
          "snapshots",
          "pr",
          "branch",
          "branches",
          "worktree",
          "generated",
          "outputs",
          "output",
          "logs",
          "db",
          "database",
          "migrations",
          "schema",
          "sandbox",
          "preview",
          "previews");

  /** Whether {@code step} runs a task named for an act on records, nowhere said. */
  static boolean acts(Scan scan, Step step) {
    List<String> tasks = RunnerTargets.tasks(step);
    if (tasks.isEmpty()) {
      return false; // no task named: nothing of records acted on
    }
    List<String> named = new ArrayList<>();
    for (String task : tasks) {
      if (recordAct(task)) {
        named.add(task);
      }
    }
    if (named.isEmpty() || RunnerTargets.aimed(scan, step)) {
      return false; // production named: shapes.runner-at-production's
    }
    List<Word> beside = new ArrayList<>();
    for (Word word : step.args()) {
      if (!named.contains(word.text())) {
        beside.add(word);
      }
    }
    return !SharedActs.dryRun(step.args())
        && !CallEnvironment.staysDry(scan, step)
        && !TestPlaceNamed.besideProduction(step, beside)
        && !Environments.testName(String.join(" ", tasks));
  }

  /** {@code close-stale-deviations}: an act's verb first, then what it acts on. */
  static boolean recordAct(String task) {
    String name = task.substring(task.lastIndexOf(':') + 1);
    if (name.length() > 64) {
      return false;
    }
    List<String> parts = ServiceVerbs.split(name);
    List<String> whole = ServiceVerbs.split(task.length() > 64 ? name : task.replace(':', '-'));
    return parts.size() > 1
            && VERBS.contains(parts.get(0))
            && parts.subList(1, parts.size()).stream().noneMatch(DEVELOPERS_THINGS::contains)
        || moneyMoved(whole) && whole.stream().noneMatch(DEVELOPERS_THINGS::contains);
  }

  /**
   * Money moved by a task, its verb and its money in either order (round 73: {@code release-wires},
   * {@code payouts-send}, {@code payments:settle}); not {@code make release} nor {@code
   * payments-test}, which name no act on money.
   */
  private static boolean moneyMoved(List<String> parts) {
    boolean money = false;
    boolean moved = false;
    for (String part : parts) {
      money |= MONEY.contains(part);
      moved |= MOVES_MONEY.contains(part);
    }
    return money && moved;
  }

  /** What a task may move that is money. */
  private static final Set<String> MONEY =
      NameSet.of(
          "wire",
          "wires",
          "payout",
          "payouts",
          "payment",
          "payments",
          "refund",
          "refunds",
          "transfer",
          "transfers",
          "disbursement",
          "disbursements",
          "remittance",
          "remittances",
          "payroll",
          "ach",
          "sepa",
          "invoices",
          "grants",
          "claims",
          "dividends",
          "rebates",
          // round 74: a ledger's entries and reserves posted (make -C ops ibnr-post)
          "ledger",
          "gl",
          "journal",
          "journals",
          "accruals",
          "reserves",
          "ibnr");

  /** The verbs that move it. */
  private static final Set<String> MOVES_MONEY =
      NameSet.of(
          "release",
          "send",
          "pay",
          "submit",
          "approve",
          "settle",
          "disburse",
          "remit",
          "execute",
          "issue",
          "transmit",
          "wire",
          "run",
          // round 74: booked to the ledger
          "post",
          "book");
}
