package io.github.providergateway.guard.internal;

import static java.util.Objects.requireNonNull;

import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The coding agents' footprints on this machine, stated once (issue 75; as data since issue 79):
 * the rows of {@code agents.json}, beside this package's resources, read once. The table the public
 * {@code AgentForms} hands over, here where the guard's rules read it too (decision 80: this
 * package names none of the guard's public types). What each agent's program runs under, the npm
 * packages it comes in, the folders its installer keeps versions in, the environment marks it sets
 * on its tools' commands and the variables that point it at other settings; where its settings,
 * hooks, tokens and sandbox files are ({@link AgentGround} reads those for the guard's places).
 * {@code AgentForms} says what was seen of each agent and where.
 */
public final class AgentFootprints {

  /**
   * One agent's footprint: a row of {@code agents.json}, whose {@code about} says what each field
   * is for.
   *
   * @param id the agent's word ({@code claude}), as {@code gateway hook <word>} names it
   * @param displayName its name for a person ({@code Claude Code})
   * @param programs the names its program runs under, its usual one first
   * @param npmPackages the npm packages it comes in
   * @param installFolders the folders, under the user's home, its own installer keeps versions in
   * @param environmentMarks the variables it sets on the commands its tools run
   * @param settingsVariables the variables that point it at other settings, hooks or sandbox
   * @param sessionVariable the variable its tools' commands carry its session's id in, or null
   * @param homeFolder its settings folder in the home, or null
   * @param settingsFolders the folders, anywhere, that hold its hooks
   * @param settingsFiles the files, anywhere, that hold its hooks, MCP servers or permissions
   * @param setupFiles the files, from the home, {@code gateway setup} writes its hook into
   * @param tokenFiles its sign-in tokens, from the home
   * @param sandboxFiles the files, anywhere, that loosen or replace its own sandbox
   */
  public record Footprint(
      String id,
      String displayName,
      List<String> programs,
      List<String> npmPackages,
      List<String> installFolders,
      List<String> environmentMarks,
      List<String> settingsVariables,
      String sessionVariable,
      HomeFolder homeFolder,
      List<String> settingsFolders,
      List<String> settingsFiles,
      List<String> setupFiles,
      List<String> tokenFiles,
      List<String> sandboxFiles) {

    /** Checks and copies. */
    public Footprint {
      requireNonNull(id, "id");
      requireNonNull(displayName, "displayName");
      if (programs.isEmpty()) {
        throw new IllegalArgumentException("agent " + id + " has no program");
      }
      programs = List.copyOf(programs);
      npmPackages = List.copyOf(npmPackages);
      installFolders = List.copyOf(installFolders);
      environmentMarks = List.copyOf(environmentMarks);
      settingsVariables = List.copyOf(settingsVariables);
      settingsFolders = List.copyOf(settingsFolders);
      settingsFiles = List.copyOf(settingsFiles);
      setupFiles = List.copyOf(setupFiles);
      tokenFiles = List.copyOf(tokenFiles);
      sandboxFiles = List.copyOf(sandboxFiles);
    }

    /** {@return the name its program usually runs under: {@code claude}, {@code cursor-agent}} */
    public String program() {
      return programs.get(0);
    }
  }

  /**
   * An agent's settings folder in the home.
   *
   * @param folder the folder, from the home ({@code .codex})
   * @param movedBy the variable that names that folder instead ({@code CODEX_HOME}), or null
   */
  public record HomeFolder(String folder, String movedBy) {

    /** Checks. */
    public HomeFolder {
      requireNonNull(folder, "folder");
    }
  }

  /** The variable some agents name themselves by in the commands they run, whatever its value. */
  public static final String AI_AGENT = "AI_AGENT";

  private static final List<Footprint> ALL = AgentFootprintsFile.read();

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
    return Optional.ofNullable(ByProgram.AGENTS.get(name));
  }

  /** Each agent's program names, to the first agent that has it: asked of every program. */
  private static final class ByProgram {
    static final Map<String, Footprint> AGENTS = byProgram();

    private static Map<String, Footprint> byProgram() {
      Map<String, Footprint> agents = new HashMap<>();
      for (Footprint agent : ALL) {
        for (String program : agent.programs()) {
          agents.putIfAbsent(program, agent);
        }
      }
      return Map.copyOf(agents);
    }
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
    if (path.indexOf('/') < 0) {
      return Optional.empty(); // every folder below is found by a slash before it
    }
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
    // Indexed: asked of every program name of a long command, each loop's iterator was garbage.
    for (int i = 0; i < ALL.size(); i++) {
      Footprint agent = ALL.get(i);
      List<String> packages = agent.npmPackages();
      for (int k = 0; k < packages.size(); k++) {
        String npm = packages.get(k);
        if (spec.startsWith(npm)
            && (spec.length() == npm.length() || spec.charAt(npm.length()) == '@')) {
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
