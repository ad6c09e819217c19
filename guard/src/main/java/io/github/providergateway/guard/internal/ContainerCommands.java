package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Invocation;
import io.github.providergateway.guard.shell.ShellParser;
import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.ContainerOptions;
import io.github.providergateway.guard.shell.internal.NameSet;
import io.github.providergateway.guard.shell.syntax.ShellParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The command a container runs, where it reaches past the container (issue 75): an agent started in
 * one is the agent ({@code docker run … node:22 npx -y @anthropic-ai/claude-code
 * --dangerously-skip-permissions} is an agent with its safety off, as outside it), and a container
 * that shares the machine's processes ({@code --pid=host}) signals them as a command outside it
 * would ({@code docker run --pid=host alpine pkill -f provider-gateway}). {@link Scan} adds each
 * such command as a program of its own; what else a container runs stays inside it, and its image's
 * own entry point is not known.
 */
final class ContainerCommands {
  private ContainerCommands() {}

  /** The container runners and their subcommands that start a container with a command. */
  private static final Set<String> RUNNERS = NameSet.of("docker", "podman", "nerdctl");

  private static final Set<String> STARTS = NameSet.of("run", "create");

  /**
   * The commands the call's containers run that reach past them, each as a program of its own.
   *
   * @param scan the call's scan
   * @param parsed its steps so far
   * @return the steps
   */
  static List<Step> steps(Scan scan, List<Step> parsed) {
    List<Step> out = new ArrayList<>(0);
    for (Step step : parsed) {
      if (!RUNNERS.contains(step.program())) {
        continue;
      }
      List<Word> args = step.args();
      int at = 0;
      while (at < args.size() && args.get(at).text().startsWith("-")) {
        at++; // the runner's own options (--context, -H are rare: not read)
      }
      if (at >= args.size() || !STARTS.contains(args.get(at).text())) {
        continue;
      }
      boolean hostProcesses = false;
      int image = -1;
      for (int i = at + 1; i < args.size(); i++) {
        String t = args.get(i).text();
        if (t.equals("--pid") && i + 1 < args.size()) {
          hostProcesses |= args.get(i + 1).text().equals("host");
        }
        hostProcesses |= t.equals("--pid=host");
        if (ContainerOptions.RUN_WITH_VALUE.contains(t)) {
          i++;
        } else if (!t.startsWith("-")) {
          image = i;
          break;
        }
      }
      if (image < 0 || image + 1 >= args.size()) {
        continue;
      }
      for (Invocation command : parsed(args.subList(image + 1, args.size()))) {
        List<Word> words = command.words();
        List<String> via = new ArrayList<>(command.via());
        via.add(0, step.program() + " " + args.get(at).text());
        Step inside =
            new Step(
                new Invocation(words, command.wrappers(), command.redirects(), via), step.cwds());
        boolean agent =
            !words.isEmpty() && AgentFootprints.byName(words.get(0).text()).isPresent()
                || AgentPrograms.of(scan, inside) != null;
        if (hostProcesses || agent) {
          out.add(inside);
          scan.note(step.shown() + ": its container runs " + Scan.render(command));
        }
      }
    }
    return out;
  }

  /** The programs of a container's command, its words quoted as they were given. */
  private static List<Invocation> parsed(List<Word> words) {
    StringBuilder text = new StringBuilder();
    for (Word word : words) {
      text.append('\'').append(word.text().replace("'", "'\\''")).append("' ");
    }
    try {
      return ShellParser.parseRunnable(text.toString()).invocations();
    } catch (ShellParseException e) {
      return List.of(); // a command past the parser's bounds is the container's own
    }
  }
}
