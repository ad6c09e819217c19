package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * An application's task run in a cluster's pod, named for an act (decision 287): {@code kubectl
 * exec deploy/rx-api -- bundle exec rake 'patients:purge_inactive[2016-01-01]'}, {@code php artisan
 * patients:purge}, {@code npm run purge-inactive}. The task runs in the deployed application, on
 * its data; read by its name as a company's tool is ({@code ledger-ctl purge-inactive}), where
 * {@code rake}, {@code artisan} and {@code npm} are local tools whose tasks the families leave
 * alone.
 */
final class PodTasks {
  private PodTasks() {}

  /** Runners whose first word that is no option is the task: {@code rake patients:purge}. */
  private static final Set<String> TASK_FIRST = Set.of("rake", "rails", "mix");

  /** Package managers whose task follows {@code run}: {@code npm run purge-inactive}. */
  private static final Set<String> SCRIPT_RUNNERS = Set.of("npm", "pnpm", "yarn", "bun");

  /**
   * Whether the step runs an application's task named for an act.
   *
   * @param step a command a pod runs
   * @return whether its task's name says it acts
   */
  static boolean acting(Step step) {
    String task = task(step.program(), texts(step.args()));
    if (task == null) {
      return false;
    }
    int bracket = task.indexOf('[');
    String name = bracket > 0 ? task.substring(0, bracket) : task;
    if (ProductionActs.namedForAct(name)) {
      return true;
    }
    for (String part : ServiceVerbs.split(name)) {
      if (THINNING.contains(part)) {
        return true; // revisions:compact[keep=1]: all but the last revision deleted (decision 299)
      }
    }
    return false;
  }

  /** The words of a task that thins records out: what it keeps is less than what was there. */
  private static final Set<String> THINNING =
      Set.of("compact", "prune", "trim", "cleanup", "dedupe", "dedup", "squash", "collapse");

  private static List<String> texts(List<Word> args) {
    List<String> texts = new ArrayList<>(args.size());
    for (Word word : args) {
      texts.add(word.text() == null ? "" : word.text());
    }
    return texts;
  }

  /** The task the runner is given, or null. */
  static String task(String program, List<String> args) {
    String runner = program.substring(program.lastIndexOf('/') + 1);
    int at = 0;
    if (runner.equals("bundle") && args.size() > 1 && args.get(0).equals("exec")) {
      runner = args.get(1).substring(args.get(1).lastIndexOf('/') + 1);
      at = 2;
    }
    if ((runner.equals("php") || runner.startsWith("php")) && !args.isEmpty()) {
      if (!args.get(0).endsWith("artisan")) {
        return null;
      }
      return firstOperand(args, 1);
    }
    if (TASK_FIRST.contains(runner)) {
      return firstOperand(args, at);
    }
    if (SCRIPT_RUNNERS.contains(runner) && !args.isEmpty()) {
      boolean run = args.get(0).equals("run") || args.get(0).equals("run-script");
      return run ? firstOperand(args, 1) : runner.equals("yarn") ? firstOperand(args, 0) : null;
    }
    return null;
  }

  private static String firstOperand(List<String> args, int from) {
    for (int i = from; i < args.size(); i++) {
      if (!args.get(i).startsWith("-")) {
        return args.get(i);
      }
    }
    return null;
  }
}
