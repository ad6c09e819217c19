package io.github.providergateway.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * Issue 62: {@code --help} on every subcommand prints help ({@code gateway hook claude --help},
 * which the main help points to, printed a deny). Every command the app has, found from the parser
 * itself so that a new one is covered, answers {@code --help} with its usage, exit 0, nothing on
 * stderr.
 */
class EveryCommandHasHelpTest {

  @Test
  void everySubcommandAnswersHelpWithItsUsage() {
    List<List<String>> paths = new ArrayList<>();
    collect(Main.class, new ArrayList<>(), paths);
    assertThat(paths).as("the commands found").hasSizeGreaterThan(10);

    for (List<String> path : paths) {
      List<String> args = new ArrayList<>(path);
      args.add("--help");
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      ByteArrayOutputStream err = new ByteArrayOutputStream();
      int exit =
          Main.run(
              args.toArray(String[]::new),
              new ByteArrayInputStream(new byte[0]),
              out,
              new PrintStream(err, true, StandardCharsets.UTF_8),
              Map.of());

      String printed = out.toString(StandardCharsets.UTF_8);
      assertThat(exit).as("gateway %s --help: %s", String.join(" ", path), err).isZero();
      assertThat(printed)
          .as("gateway %s --help", String.join(" ", path))
          .startsWith("Usage: gateway " + String.join(" ", path));
    }
  }

  /** The commands under {@code command}'s class, read from the annotations the parser reads. */
  private static void collect(Class<?> command, List<String> path, List<List<String>> into) {
    CommandLine.Command annotation = command.getAnnotation(CommandLine.Command.class);
    for (Class<?> sub : annotation.subcommands()) {
      CommandLine.Command its = sub.getAnnotation(CommandLine.Command.class);
      if (its == null || its.hidden()) {
        continue;
      }
      List<String> next = new ArrayList<>(path);
      next.add(its.name());
      into.add(next);
      collect(sub, next, into);
    }
  }
}
