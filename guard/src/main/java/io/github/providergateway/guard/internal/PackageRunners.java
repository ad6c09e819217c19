package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

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
      NameSet.of("-p", "--package", "--from", "--spec", "--with");

  /**
   * The runners' other options that take the next word: a folder ({@code npx --prefix apps/web},
   * pnpm's {@code -C}, yarn's {@code --cwd}, npm's {@code --workspace}) is no package.
   */
  private static final Set<String> OTHER_VALUES =
      NameSet.of(
          "-c",
          "--call",
          "--python",
          "--prefix",
          "-C",
          "--dir",
          "--cwd",
          "--workspace",
          "-w",
          "--cache",
          "--userconfig");

  /** A GitHub account's name, as the shorthand's owner. */
  private static final Pattern GITHUB_OWNER = Pattern.compile("[A-Za-z0-9][A-Za-z0-9-]{0,38}");

  /** A repository's name, as the shorthand's second part. */
  private static final Pattern GITHUB_REPO = Pattern.compile("[A-Za-z0-9._-]{1,100}");

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
        String spec = i + 1 < args.size() ? args.get(i + 1).text() : "";
        return remote(spec) || npmSpec(step.program()) && gitHubShorthand(spec);
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
      // the package; what follows is its program's
      return remote(word) || npmSpec(step.program()) && gitHubShorthand(word);
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

  /** Whether the runner reads its package as npm does (npm-package-arg): npx and npm exec. */
  private static boolean npmSpec(String program) {
    return program.equals("npx") || program.equals("npm");
  }

  /**
   * npm's GitHub shorthand, {@code owner/repo} (or {@code owner/repo#ref}): a repository, not a
   * registry's package. A scoped name ({@code @scope/pkg}), a path ({@code ./x}, {@code ../x},
   * {@code /x}, {@code ~/x}) and a tarball's name are not.
   */
  static boolean gitHubShorthand(String spec) {
    if (spec.isEmpty() || "@.~/".indexOf(spec.charAt(0)) >= 0) {
      return false;
    }
    int slash = spec.indexOf('/');
    if (slash <= 0 || spec.indexOf('/', slash + 1) >= 0) {
      return false;
    }
    String lower = spec.toLowerCase(java.util.Locale.ROOT);
    if (lower.endsWith(".tgz") || lower.endsWith(".tar.gz") || lower.endsWith(".tar")) {
      return false;
    }
    String repo = spec.substring(slash + 1);
    int hash = repo.indexOf('#');
    repo = hash >= 0 ? repo.substring(0, hash) : repo;
    return GITHUB_OWNER.matcher(spec).region(0, slash).matches()
        && PatternLiterals.matches(GITHUB_REPO, repo);
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
