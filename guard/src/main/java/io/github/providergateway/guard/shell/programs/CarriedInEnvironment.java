package io.github.providergateway.guard.shell.programs;

import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.Set;

/**
 * The environment variables whose value programs run (issue 60: code carried in the environment): a
 * pager, an editor, git's and ssh's commands, a shell's start-up file, a library loaded into every
 * program. Sources: git(1) ENVIRONMENT VARIABLES (GIT_SSH_COMMAND, GIT_PAGER, GIT_EDITOR,
 * GIT_SEQUENCE_EDITOR, GIT_EXTERNAL_DIFF, GIT_PROXY_COMMAND, GIT_ASKPASS, GIT_CONFIG_PARAMETERS),
 * bash(1) INVOCATION (BASH_ENV, ENV) and PROMPT_COMMAND, less(1) (LESSOPEN, LESSCLOSE), ssh(1)
 * (SSH_ASKPASS), sudo(8) (SUDO_ASKPASS), ld.so(8) (LD_PRELOAD, LD_AUDIT), make's CC and kin,
 * GTFOBins.
 */
final class CarriedInEnvironment {
  private static final Set<String> COMMANDS =
      NameSet.of(
          "GIT_SSH_COMMAND",
          "GIT_SSH",
          "GIT_PAGER",
          "PAGER",
          "MANPAGER",
          "GIT_EDITOR",
          "EDITOR",
          "VISUAL",
          "GIT_SEQUENCE_EDITOR",
          "GIT_EXTERNAL_DIFF",
          "GIT_PROXY_COMMAND",
          "GIT_ASKPASS",
          "SSH_ASKPASS",
          "SUDO_ASKPASS",
          "PROMPT_COMMAND",
          "BROWSER",
          "LESSOPEN",
          "LESSCLOSE",
          "FCEDIT",
          "CVS_RSH",
          "RSYNC_RSH",
          "SVN_SSH",
          "CC",
          "CXX",
          "CPP",
          "LD",
          "MAKE",
          "TERMINAL",
          "DIFFPROG");

  private CarriedInEnvironment() {}

  /** {@return how the variable {@code name}'s value runs, or null when it does not} */
  static EnvironmentForm of(String name) {
    if (COMMANDS.contains(name) || name.endsWith("_PAGER") || name.endsWith("_EDITOR")) {
      return EnvironmentForm.COMMAND;
    }
    if (name.startsWith("BASH_FUNC_")) {
      return EnvironmentForm.FUNCTION;
    }
    return switch (name) {
      case "PS0", "PS1", "PS2", "PS3", "PS4" -> EnvironmentForm.PROMPT;
      case "TAR_OPTIONS" -> EnvironmentForm.TAR_OPTIONS;
      case "NODE_OPTIONS" -> EnvironmentForm.NODE_OPTIONS;
      case "BASH_ENV", "ENV" -> EnvironmentForm.SOURCED;
      case "LD_PRELOAD", "LD_AUDIT" -> EnvironmentForm.LIBRARY;
      case "GIT_CONFIG_PARAMETERS" -> EnvironmentForm.GIT_CONFIG;
      default -> null;
    };
  }

  /**
   * The command a variable's literal value runs, as shell text: {@code LESSOPEN='|cmd %s'} is
   * {@code cmd %s}; a sourced file is {@code source FILE}; git's settings are {@code git -c …}.
   */
  static String command(EnvironmentForm form, String value) {
    return switch (form) {
      case COMMAND -> {
        String command = value.strip();
        while (command.startsWith("|") || command.startsWith("-")) {
          command =
              command.substring(1).strip(); // LESSOPEN's "|" and "||" forms, "-" to keep going
        }
        yield command;
      }
      case SOURCED -> "source " + quoted(value);
      case GIT_CONFIG -> "git -c " + value + " status";
      case FUNCTION -> {
        int open = value.indexOf('{');
        int close = value.lastIndexOf('}');
        yield open >= 0 && close > open ? value.substring(open + 1, close) : value;
      }
      case PROMPT -> {
        // Only what a prompt runs: its $(…) and `…`.
        StringBuilder runs = new StringBuilder();
        for (int at = value.indexOf("$("); at >= 0; at = value.indexOf("$(", at + 2)) {
          int end = value.indexOf(')', at);
          if (end > at) {
            runs.append(value, at + 2, end).append('\n');
          }
        }
        yield runs.toString();
      }
      case TAR_OPTIONS -> "tar " + value + " -cf /dev/null .";
      case NODE_OPTIONS, LIBRARY -> null;
    };
  }

  /**
   * Whether node's options load code the guard cannot read: a data: module, a module fetched, or
   * (issue 80) a file named by an absolute or home path ({@code --require /tmp/.cache/n.js}), which
   * no command of the call shows; a module's name or a path in the project ({@code -r
   * dotenv/config}, {@code --import ./otel.mjs}) is the project's own.
   */
  static boolean loadsUnreadCode(String options) {
    if (options.contains("data:") || options.contains("http://") || options.contains("https://")) {
      return true;
    }
    String[] words = options.strip().split("\\s+", 64);
    for (int i = 0; i < words.length; i++) {
      String word = words[i];
      String loaded = null;
      int equals = word.indexOf('=');
      String option = equals > 0 ? word.substring(0, equals) : word;
      if (!NODE_LOADERS.contains(option)) {
        continue;
      }
      if (equals > 0) {
        loaded = word.substring(equals + 1);
      } else if (i + 1 < words.length) {
        loaded = words[i + 1];
      }
      if (loaded != null
          && (loaded.startsWith("/") || loaded.startsWith("~") || loaded.startsWith("$"))) {
        return true;
      }
    }
    return false;
  }

  /** node's options that load a module before the program. */
  private static final Set<String> NODE_LOADERS =
      NameSet.of("-r", "--require", "--import", "--loader", "--experimental-loader");

  /** Whether a library's path is one of the system's, loaded by every program anyway. */
  static boolean systemLibrary(String path) {
    for (String part : path.split("[: ]")) {
      if (!part.isEmpty()
          && !(part.startsWith("/usr/lib")
              || part.startsWith("/lib")
              || part.startsWith("/usr/local/lib"))) {
        return false;
      }
    }
    return true;
  }

  private static String quoted(String text) {
    return "'" + text.replace("'", "'\\''") + "'";
  }
}
