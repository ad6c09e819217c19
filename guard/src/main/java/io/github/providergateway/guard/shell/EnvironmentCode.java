package io.github.providergateway.guard.shell;

import io.github.providergateway.guard.shell.RawCommand.RawRedirect;
import io.github.providergateway.guard.shell.internal.NameSet;
import io.github.providergateway.guard.shell.programs.EnvironmentForm;
import io.github.providergateway.guard.shell.programs.Programs;
import io.github.providergateway.guard.shell.syntax.ShellParseException;
import java.util.List;
import java.util.Set;

/**
 * The code a command hands its programs through the environment: variables whose values programs
 * run ({@code GIT_PAGER='rm -rf ~' git log}), git's settings given as variables ({@code
 * GIT_CONFIG_KEY_0}, {@code --config-env}), a shell's start-up file fed on its input ({@code
 * BASH_ENV=/dev/stdin}), and the values the program knowledge reads terraform's arguments from.
 * What each variable means is the program knowledge's ({@code Programs}); what a command gives them
 * is the resolution's.
 */
final class EnvironmentCode {
  private EnvironmentCode() {}

  /**
   * Settings given through the environment that a program reads with another: {@code
   * GIT_CONFIG_KEY_n} paired with {@code GIT_CONFIG_VALUE_n} (git's settings), and {@code
   * BASH_ENV=/dev/stdin} with the here-document the command feeds (a shell's start-up code).
   */
  static void environmentFrom(
      Resolver resolver, RawCommand raw, RawCommand.Assignment assignment, List<String> via)
      throws ShellParseException {
    String name = assignment.name();
    Word value = assignment.value();
    if (value == null) {
      return;
    }
    if (name.startsWith("GIT_CONFIG_KEY_")) {
      String index = name.substring("GIT_CONFIG_KEY_".length());
      for (RawCommand.Assignment other : raw.assignments) {
        if (other.name().equals("GIT_CONFIG_VALUE_" + index) && other.value() != null) {
          String setting = value.text() + "=" + other.value().text();
          resolver.script(
              "git -c " + quotedWord(setting) + " status",
              raw.depth + 1,
              Resolver.append(via, "$GIT_CONFIG_KEY"),
              " in git's settings from the environment");
        }
      }
    }
    if ((name.equals("BASH_ENV") || name.equals("ENV")) && Resolver.isStandardInput(value.text())) {
      for (RawRedirect r : raw.redirects) {
        if (r.body != null) {
          resolver.script(
              r.body,
              raw.depth + 1,
              Resolver.append(via, "$" + name),
              " in the start-up code fed to the shell");
        }
      }
    }
  }

  /**
   * {@code git --config-env=KEY=VAR}: the setting's value is the variable's, given before the
   * command or earlier in it; one the guard cannot read is opaque.
   */
  static void configEnv(Resolver resolver, RawCommand raw, List<String> via)
      throws ShellParseException {
    for (Word word : raw.words) {
      String t = word.text();
      if (!t.startsWith("--config-env=")) {
        continue;
      }
      String setting = t.substring("--config-env=".length());
      int eq = setting.lastIndexOf('=');
      if (eq <= 0) {
        continue;
      }
      String variable = setting.substring(eq + 1);
      String value = null;
      for (RawCommand.Assignment a : raw.assignments) {
        if (a.name().equals(variable) && a.value() != null && a.value().literal()) {
          value = a.value().text();
        }
      }
      if (value == null) {
        Word known = resolver.variables.value(variable);
        value = known == null ? null : known.text();
      }
      if (value == null) {
        resolver.opaque(Opaque.Kind.CARRIED_CODE, raw.words, via, t);
      } else {
        resolver.script(
            "git -c " + quotedWord(setting.substring(0, eq) + "=" + value) + " status",
            raw.depth + 1,
            Resolver.append(via, "git --config-env"),
            " in a setting git reads from the environment");
      }
    }
  }

  static String quotedWord(String text) {
    return "'" + text.replace("'", "'\\''") + "'";
  }

  /** {@code NAME=value} words of env, export and the like that carry code. */
  static void carriedInWords(Resolver resolver, List<Word> words, int depth, List<String> via)
      throws ShellParseException {
    for (int i = 1; i < words.size(); i++) {
      String t = words.get(i).text();
      int eq = t.indexOf('=');
      if (eq > 0 && Programs.environmentForm(t.substring(0, eq)) != null) {
        String value = t.substring(eq + 1);
        carried(resolver, t.substring(0, eq), new Word(value, words.get(i).literal()), depth, via);
      }
    }
  }

  /**
   * A variable given code that programs run ({@link Programs#environmentForm}): its literal value
   * read as the command it is ({@code GIT_PAGER='rm -rf ~'} is {@code rm -rf ~}); a value the guard
   * cannot read is opaque.
   */
  static void carried(Resolver resolver, String name, Word value, int depth, List<String> via)
      throws ShellParseException {
    EnvironmentForm form = Programs.environmentForm(name);
    if (form == null || value == null) {
      return;
    }
    List<Word> shown = List.of(new Word(name + "=" + value.text(), value.literal()));
    boolean readable = value.literal() || Variables.isHomePath(value.text());
    if (form == EnvironmentForm.NODE_OPTIONS) {
      if (!readable || Programs.loadsUnreadCode(value.text())) {
        resolver.opaque(Opaque.Kind.CARRIED_CODE, shown, via, name + "=" + value.text());
      }
      return;
    }
    if (form == EnvironmentForm.PROMPT) {
      readable = true; // a prompt's own text is no code; what it runs is read below
    }
    if (form == EnvironmentForm.LIBRARY) {
      if (!readable || !Programs.systemLibrary(value.text())) {
        resolver.opaque(Opaque.Kind.CARRIED_CODE, shown, via, name + "=" + value.text());
      }
      return;
    }
    // A command whose program is written out (ssh -i $HOME/.ssh/key) is read as any command is,
    // its words' expansions and all; one computed whole ($X, $(…)) cannot be read.
    String text = value.text().strip();
    if (form == EnvironmentForm.SOURCED && text.startsWith("<(") && text.endsWith(")")) {
      // BASH_ENV=<(echo 'rm -rf ~/.aws'): the shell sources what the substitution prints, as
      // source <(…) does, which the resolution reads.
      resolver.script(
          "source " + text,
          depth + 1,
          Resolver.append(via, "$" + name),
          " in the value of " + name);
      return;
    }
    boolean computedWhole = text.startsWith("$") || text.startsWith("`");
    if (!readable && (form != EnvironmentForm.COMMAND || computedWhole)) {
      resolver.opaque(Opaque.Kind.CARRIED_CODE, shown, via, name + "=" + value.text());
      return;
    }
    String command = Programs.environmentCommand(form, value.text());
    if (command != null && !command.isEmpty()) {
      resolver.script(
          command, depth + 1, Resolver.append(via, "$" + name), " in the value of " + name);
    }
  }

  /** The values {@code raw} runs with: its own assignments, then the variables set before it. */
  static Programs.Values values(Resolver resolver, RawCommand raw) {
    return new Programs.Values() {
      @Override
      public Word assigned(String name) {
        for (RawCommand.Assignment assignment : raw.assignments) {
          if (assignment.name().equals(name) && assignment.value() != null) {
            return assignment.value();
          }
        }
        return null;
      }

      @Override
      public Word known(String name) {
        return resolver.variables.value(name);
      }
    };
  }

  /** The package managers that read options from the environment ({@link Programs}). */
  private static final Set<String> PACKAGE_MANAGERS =
      NameSet.of("pip", "pip3", "uv", "npm", "npx", "pnpm", "yarn");

  /**
   * A package manager's command read once more with the options it reads from the environment
   * ({@code PIP_EXTRA_INDEX_URL=… pip install x} as {@code pip install x --extra-index-url …}).
   */
  static void optionsFromEnvironment(Resolver resolver, RawCommand raw, List<String> via)
      throws ShellParseException {
    if (raw.words.isEmpty()
        || !raw.words.get(0).literal()
        || !PACKAGE_MANAGERS.contains(ExeNames.plain(Resolver.basename(raw.words.get(0).text())))
        || via.contains("options from the environment")) {
      return;
    }
    String added = Programs.optionsFromEnvironment(raw.words, values(resolver, raw));
    if (added != null) {
      resolver.script(
          added,
          raw.depth + 1,
          Resolver.append(via, "options from the environment"),
          " in the options a package manager reads from the environment");
    }
  }
}
