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
    collect(Main.commands(), new ArrayList<>(), paths);
    assertThat(paths)
        .as("the commands found, each agent's hook among them")
        .hasSizeGreaterThan(10)
        .contains(List.of("hook", "claude"), List.of("hook", "cursor"));

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

  @Test
  void theHelpOptionIsWrittenOnceAMixinEveryCommandTakes() {
    assertThat(ArchitectureTest.mainSources("reference-app"))
        .as("main sources that declare --help themselves instead of the HelpOption mixin")
        .filteredOn(file -> ArchitectureTest.read(file).contains("\"--help\""))
        .extracting(file -> file.getFileName().toString())
        .containsExactly("HelpOption.java");
  }

  /**
   * The commands under {@code command}, as the parser has them: those its annotations name and
   * those added to it (each agent's {@code gateway hook AGENT}).
   */
  private static void collect(CommandLine command, List<String> path, List<List<String>> into) {
    command
        .getSubcommands()
        .forEach(
            (name, sub) -> {
              if (sub.getCommandSpec().usageMessage().hidden()) {
                return;
              }
              List<String> next = new ArrayList<>(path);
              next.add(name);
              into.add(next);
              collect(sub, next, into);
            });
  }
}
