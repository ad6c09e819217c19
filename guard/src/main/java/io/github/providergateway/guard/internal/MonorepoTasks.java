package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.List;
import java.util.Set;

/**
 * The tasks of the monorepo and build runners, for {@link RunnerTargets} (decision 175): {@code nx
 * run billing:reprice --configuration=production}, {@code nx run-many -t sync -c production},
 * {@code turbo run db:reset --filter=api -- --env production}, {@code mise -E prod run settle},
 * {@code ./gradlew :billing:rerateInvoices -Penv=prod}. Each reads its words into the tasks it runs
 * and the words after them, as {@link RunnerTargets} reads {@code make}'s, and says whether an
 * option of its own names production (nx's configuration, mise's environment, gradle's properties).
 */
final class MonorepoTasks {
  private MonorepoTasks() {}

  /** The runners read. */
  static final Set<String> RUNNERS = NameSet.of("nx", "turbo", "mise", "gradle", "gradlew");

  /** nx's own commands, which run no target of the project. */
  private static final Set<String> NX_COMMANDS =
      NameSet.of(
          "graph",
          "show",
          "reset",
          "migrate",
          "generate",
          "g",
          "list",
          "report",
          "daemon",
          "init",
          "add",
          "release",
          "sync",
          "watch",
          "exec",
          "connect",
          "format:write",
          "format:check",
          "view-logs",
          "repair",
          "import");

  /** Options of these runners that take the next word. */
  private static final Set<String> VALUED =
      NameSet.of(
          "-c",
          "--configuration",
          "-t",
          "--target",
          "--targets",
          "-p",
          "--projects",
          "--filter",
          "-F",
          "--exclude",
          "-E",
          "--env",
          "-C",
          "--cd",
          "-x",
          "--exclude-task",
          "-b",
          "--build-file",
          "--project-dir",
          "-g",
          "--gradle-user-home",
          "-I",
          "--init-script",
          "--concurrency",
          "--parallel",
          "--cache-dir",
          "--output-logs",
          "--base",
          "--head");

  /** Options whose value names where the tasks run: nx's configuration, mise's environment. */
  private static final Set<String> PLACES = NameSet.of("-c", "--configuration", "-E", "--env");

  /**
   * Reads a runner's words into its tasks and the words after them; true when an option of its own
   * names production.
   */
  static boolean read(String program, List<Word> args, List<String> tasks, List<Word> rest) {
    boolean production = false;
    boolean gradle = program.startsWith("gradle");
    boolean command = gradle; // gradle's words are its tasks; the others' first is a command
    boolean running = false; // nx run, turbo run, mise run: the words after are tasks
    for (int i = 0; i < args.size() && i < 64; i++) {
      String text = args.get(i).text();
      if (text.equals("--")) {
        rest.addAll(args.subList(i, Math.min(args.size(), i + 33)));
        break;
      }
      if (text.startsWith("-")) {
        int eq = text.indexOf('=');
        String option = eq > 0 ? text.substring(0, eq) : text;
        String value = eq > 0 ? text.substring(eq + 1) : null;
        if (value == null && VALUED.contains(option) && i + 1 < args.size()) {
          value = args.get(++i).text();
        }
        if (gradle && (option.startsWith("-P") || option.startsWith("-D"))) {
          production |= Environments.namesProduction(text.substring(2)); // -Penv=prod, -Pprod
        } else if (value != null && PLACES.contains(option)) {
          production |= Environments.namesProduction(value);
        } else if (value != null && (option.equals("-t") || option.startsWith("--target"))) {
          tasks.addAll(List.of(value.split(",", 8))); // nx run-many -t sync-prices
        } else if (text.equals("--prod") && program.equals("nx")) {
          production = true; // nx's own flag for its production configuration
        }
        rest.add(args.get(i));
        continue;
      }
      if (!command) {
        command = true;
        running = text.equals("run") || text.equals("r") && program.equals("mise");
        boolean ownCommand =
            program.equals("nx")
                ? text.startsWith("run-many")
                    || text.equals("affected")
                    || NX_COMMANDS.contains(text)
                : program.equals("mise");
        if (!running && !ownCommand) {
          tasks.add(text); // nx deploy api, turbo build: the command is the target
        }
        continue;
      }
      if (program.equals("nx") && running && tasks.isEmpty() && text.indexOf(':') > 0) {
        String[] parts = text.split(":", 3); // billing:reprice-plans:production
        tasks.add(parts[1]);
        production |= parts.length > 2 && Environments.namesProduction(parts[2]);
      } else if (gradle
          || running && (tasks.isEmpty() || program.equals("turbo") && rest.isEmpty())) {
        tasks.add(gradle ? text.substring(text.lastIndexOf(':') + 1) : text);
      } else {
        rest.add(args.get(i));
      }
    }
    return production;
  }
}
