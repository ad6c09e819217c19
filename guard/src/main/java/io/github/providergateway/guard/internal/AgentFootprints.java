package io.github.providergateway.guard.internal;

import static java.util.Objects.requireNonNull;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The coding agents' footprints on this machine, stated once (issue 75): the table the public
 * {@code AgentForms} hands over, here where the guard's rules read it too (decision 80: this
 * package names none of the guard's public types). What each agent's program runs under, the npm
 * packages it comes in, the folders its installer keeps versions in, the environment marks it sets
 * on its tools' commands and the variables that point it at other settings. {@code AgentForms} says
 * what was seen of each agent and where.
 */
public final class AgentFootprints {

  /**
   * One agent's footprint.
   *
   * @param id the agent's word ({@code claude}), as {@code gateway hook <word>} names it
   * @param programs the names its program runs under, its usual one first
   * @param npmPackages the npm packages it comes in
   * @param installFolders the folders, under the user's home, its own installer keeps versions in
   * @param environmentMarks the variables it sets on the commands its tools run
   * @param settingsVariables the variables that point it at other settings, hooks or sandbox
   * @param sessionVariable the variable its tools' commands carry its session's id in, or null
   */
  public record Footprint(
      String id,
      List<String> programs,
      List<String> npmPackages,
      List<String> installFolders,
      List<String> environmentMarks,
      List<String> settingsVariables,
      String sessionVariable) {

    /** Checks and copies. */
    public Footprint {
      requireNonNull(id, "id");
      programs = List.copyOf(programs);
      npmPackages = List.copyOf(npmPackages);
      installFolders = List.copyOf(installFolders);
      environmentMarks = List.copyOf(environmentMarks);
      settingsVariables = List.copyOf(settingsVariables);
    }

    /** {@return the name its program usually runs under: {@code claude}, {@code cursor-agent}} */
    public String program() {
      return programs.get(0);
    }
  }

  /** The variable some agents name themselves by in the commands they run, whatever its value. */
  public static final String AI_AGENT = "AI_AGENT";

  private static final List<Footprint> ALL =
      List.of(
          new Footprint(
              "claude",
              List.of("claude", "claude.exe"),
              List.of("@anthropic-ai/claude-code"),
              List.of(".local/share/claude/versions", ".claude/local"),
              List.of("CLAUDECODE", "CLAUDE_CODE_ENTRYPOINT"),
              List.of("CLAUDE_CONFIG_DIR", "ANTHROPIC_CONFIG_DIR"),
              "CLAUDE_CODE_SESSION_ID"),
          new Footprint(
              "copilot",
              List.of("copilot"),
              List.of("@github/copilot"),
              List.of(),
              List.of(),
              List.of("COPILOT_HOME", "XDG_CONFIG_HOME"),
              null),
          new Footprint(
              "gemini",
              List.of("gemini"),
              List.of("@google/gemini-cli"),
              List.of(),
              List.of("GEMINI_CLI"),
              List.of(
                  "GEMINI_CLI_HOME",
                  "GEMINI_CLI_SYSTEM_SETTINGS_PATH",
                  "GEMINI_CLI_SYSTEM_DEFAULTS_PATH",
                  "GEMINI_CLI_TRUSTED_FOLDERS_PATH",
                  "GEMINI_SANDBOX"),
              null),
          new Footprint(
              "codex",
              List.of("codex"),
              List.of("@openai/codex"),
              List.of(),
              List.of("CODEX_THREAD_ID", "CODEX_SESSION_ID", "CODEX_TOOL_CALL_ID"),
              List.of("CODEX_HOME"),
              "CODEX_SESSION_ID"),
          new Footprint(
              "cursor",
              List.of("cursor-agent"),
              List.of(),
              List.of(".local/share/cursor-agent/versions"),
              List.of(),
              List.of("CURSOR_CONFIG_DIR", "XDG_CONFIG_HOME"),
              null),
          new Footprint(
              "opencode",
              List.of("opencode"),
              List.of("opencode-ai"),
              List.of(),
              List.of(),
              List.of("OPENCODE_CONFIG", "OPENCODE_CONFIG_DIR"),
              null));

  private AgentFootprints() {}

  /** {@return every agent known, in the order agents are listed everywhere} */
  public static List<Footprint> all() {
    return ALL;
  }

  /**
   * The agent a program is by its name alone: {@code claude}, {@code /usr/bin/codex}.
   *
   * @param path the program's path or name
   * @return the agent, when its name is one's
   */
  public static Optional<Footprint> byName(String path) {
    String name = path.substring(path.lastIndexOf('/') + 1).toLowerCase(Locale.ROOT);
    for (Footprint agent : ALL) {
      if (agent.programs().contains(name)) {
        return Optional.of(agent);
      }
    }
    return Optional.empty();
  }

  /**
   * The agent a program is, by the path it runs from: its name ({@code claude}, {@code codex}), a
   * folder of one of its npm packages anywhere on the path (how {@code npx} and its kin, and an npm
   * install's platform package, run it), or one of its installer's version folders.
   *
   * @param path the program's path or name, as an executable or an interpreter's script
   * @return the agent, when it is one
   */
  public static Optional<Footprint> ofProgram(String path) {
    if (path == null || path.isEmpty()) {
      return Optional.empty();
    }
    Optional<Footprint> named = byName(path);
    return named.isPresent() ? named : byFolder(path);
  }

  /**
   * The agent a path is one of the folders of: its npm package's ({@code
   * …/node_modules/@anthropic-ai/claude-code/cli.js}, pnpm's {@code @anthropic-ai+claude-code@2.1})
   * or its installer's ({@code ~/.local/share/claude/versions/2.1.332}).
   *
   * @param path a path
   * @return the agent, when the path is in one of its folders
   */
  public static Optional<Footprint> byFolder(String path) {
    for (Footprint agent : ALL) {
      for (String npm : agent.npmPackages()) {
        String folder = "/" + npm;
        if (path.contains(folder + "/") || path.contains(folder + "-") || path.endsWith(folder)) {
          return Optional.of(agent);
        }
        // npm's cache keeps a package's folder with '@scope+name' in some layouts (pnpm's store).
        String flat = "/" + npm.replace('/', '+');
        if (path.contains(flat + "@") || path.contains(flat + "/")) {
          return Optional.of(agent);
        }
      }
      for (String folder : agent.installFolders()) {
        if (path.contains("/" + folder + "/")) {
          return Optional.of(agent);
        }
      }
    }
    return Optional.empty();
  }

  /**
   * The agent a command's words start, when they run one through a package runner: {@code npx
   * @anthropic-ai/claude-code}, {@code npm exec @openai/codex}, {@code bunx}, {@code pnpm dlx},
   * {@code yarn dlx}, with a version ({@code @google/gemini-cli@0.61.0}), options before it, or the
   * package named by {@code -p}/{@code --package}.
   *
   * @param words the command's words, the runner's name first
   * @return the agent, when it is one
   */
  public static Optional<Footprint> runThroughPackageRunner(List<String> words) {
    if (words.isEmpty()) {
      return Optional.empty();
    }
    String runner = words.get(0).substring(words.get(0).lastIndexOf('/') + 1);
    int at = 1;
    if (List.of("npm", "pnpm", "yarn", "bun").contains(runner)) {
      while (at < words.size() && words.get(at).startsWith("-")) {
        at++;
      }
      if (at >= words.size() || !List.of("exec", "dlx", "x").contains(words.get(at))) {
        return Optional.empty();
      }
      at++;
    } else if (!List.of("npx", "bunx", "pnpx").contains(runner)) {
      return Optional.empty();
    }
    for (; at < words.size(); at++) {
      String word = words.get(at);
      if (word.startsWith("--package=")) {
        word = word.substring("--package=".length());
      } else if ((word.equals("-p") || word.equals("--package")) && at + 1 < words.size()) {
        word = words.get(++at);
      } else if (word.startsWith("-")) {
        continue;
      }
      Optional<Footprint> agent = ofPackage(word);
      if (agent.isPresent()
          || !words.get(at - 1).equals("-p")
              && !words.get(at - 1).equals("--package")
              && !words.get(at).startsWith("--package=")) {
        return agent; // the first package named is what runs
      }
    }
    return Optional.empty();
  }

  /**
   * The agent whose npm package {@code spec} names, with or without a version or tag ({@code
   * @openai/codex@0.171.0}, {@code @google/gemini-cli@latest}).
   *
   * @param spec a package as a runner is given it
   * @return the agent, when it is one's package
   */
  public static Optional<Footprint> ofPackage(String spec) {
    for (Footprint agent : ALL) {
      for (String npm : agent.npmPackages()) {
        if (spec.equals(npm) || spec.startsWith(npm + "@")) {
          return Optional.of(agent);
        }
      }
    }
    return Optional.empty();
  }

  /**
   * The agent whose environment mark {@code variable} is ({@link #AI_AGENT}, which any agent may
   * set, is none of them in particular: its reader says so).
   *
   * @param variable a variable's name
   * @return the agent, when it is one's mark
   */
  public static Optional<Footprint> ofEnvironmentMark(String variable) {
    for (Footprint agent : ALL) {
      if (agent.environmentMarks().contains(variable)) {
        return Optional.of(agent);
      }
    }
    return Optional.empty();
  }
}
