package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import java.util.List;
import java.util.Set;

/**
 * What a package runner runs ({@code remote.package-url}): {@code npx}, {@code bunx}, {@code pnpx},
 * {@code uvx}, {@code npm exec}, {@code pnpm dlx}, {@code yarn dlx} and {@code pipx run} run the
 * package their first positional names (or their {@code --package}/{@code --from} option), and hand
 * every word after it to that package's program. Only the package is read as a source: {@code npx
 * playwright screenshot http://localhost:3000 home.png} runs playwright, and the URL is its
 * argument.
 */
final class PackageRunners {
  /** The runners' options that name the package (or another one) in the next word. */
  private static final Set<String> PACKAGE_OPTIONS =
      Set.of("-p", "--package", "--from", "--spec", "--with");

  /** The runners' other options that take the next word. */
  private static final Set<String> OTHER_VALUES = Set.of("-c", "--call", "--python");

  /** The beginnings of a package spec that is no registry's published version. */
  private static final List<String> REMOTE_SPECS =
      List.of("http://", "https://", "github:", "gist:", "gitlab:", "bitbucket:", "git+", "git://");

  private PackageRunners() {}

  /**
   * Whether a runner runs a package from a URL, a gist or a git repository.
   *
   * @param step a program of the call
   * @return whether the package it runs (or is told to install) is one
   */
  static boolean runsPackageFromUrl(Step step) {
    List<Word> args = step.args();
    int from = start(step.program(), args);
    if (from < 0) {
      return false;
    }
    for (int i = from; i < args.size(); i++) {
      String word = args.get(i).text();
      if (word.equals("--")) {
        return i + 1 < args.size() && remote(args.get(i + 1).text());
      }
      if (word.startsWith("-")) {
        int equals = word.indexOf('=');
        String option = equals < 0 ? word : word.substring(0, equals);
        if (PACKAGE_OPTIONS.contains(option)) {
          String value =
              equals >= 0
                  ? word.substring(equals + 1)
                  : i + 1 < args.size() ? args.get(++i).text() : "";
          if (remote(value)) {
            return true;
          }
        } else if (equals < 0 && OTHER_VALUES.contains(option)) {
          i++;
        }
        continue;
      }
      return remote(word); // the package; what follows is its program's
    }
    return false;
  }

  /** Where the runner's own words start: after its subcommand for npm, pnpm, yarn and pipx. */
  private static int start(String program, List<Word> args) {
    Set<String> subcommands =
        switch (program) {
          case "npx", "bunx", "pnpx", "uvx" -> Set.of();
          case "npm" -> Set.of("exec", "x");
          case "pnpm", "yarn" -> Set.of("dlx");
          case "pipx" -> Set.of("run");
          default -> null;
        };
    if (subcommands == null) {
      return -1;
    }
    if (subcommands.isEmpty()) {
      return 0;
    }
    for (int i = 0; i < args.size(); i++) {
      String word = args.get(i).text();
      if (!word.startsWith("-")) {
        return subcommands.contains(word) ? i + 1 : -1;
      }
    }
    return -1;
  }

  private static boolean remote(String spec) {
    for (String beginning : REMOTE_SPECS) {
      if (spec.startsWith(beginning)) {
        return true;
      }
    }
    return false;
  }
}
