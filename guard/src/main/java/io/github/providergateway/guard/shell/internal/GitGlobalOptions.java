package io.github.providergateway.guard.shell.internal;

import java.util.Set;

/**
 * git's global options (git(1)), those that come before the subcommand, as every reading of a git
 * command skips them: the one list of those that take the next word as their value.
 */
public final class GitGlobalOptions {
  private GitGlobalOptions() {}

  /** git's global options that take the next word ({@code --attr-source}: git 2.40). */
  private static final Set<String> WITH_VALUE =
      NameSet.of(
          "-C",
          "-c",
          "--git-dir",
          "--work-tree",
          "--namespace",
          "--super-prefix",
          "--config-env",
          "--exec-path",
          "--attr-source",
          "--list-cmds");

  /** {@return whether the global option {@code option} takes the next word as its value} */
  public static boolean takesValue(String option) {
    return WITH_VALUE.contains(option);
  }

  /**
   * {@return whether a config key ({@code alias.pf=…} or {@code alias.pf}) is an alias's: git's
   * section names are compared in any case ({@code Alias.pf})}
   */
  public static boolean isAliasKey(String key) {
    return key.regionMatches(true, 0, "alias.", 0, 6);
  }
}
