package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.internal.AgentFootprints.Footprint;
import io.github.providergateway.guard.internal.AgentFootprints.HomeFolder;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

/**
 * The agents' places the guard keeps, as the rows of {@code agents.json} ({@link AgentFootprints})
 * write them (issue 79): their settings folders in the home and the variables that move them, the
 * folders and files anywhere that hold their hooks, MCP servers and permissions, the files {@code
 * gateway setup} writes into, their sign-in tokens and the files that loosen their own sandbox. The
 * guard's rules read the agents' places here, not from lists of their own, so that a new agent's
 * row is all they need.
 */
final class AgentGround {
  private AgentGround() {}

  /**
   * The folders, from the home, that hold the agents' settings: {@code .claude}, {@code .codex}.
   */
  static final List<String> HOME_FOLDERS =
      AgentFootprints.all().stream()
          .map(Footprint::homeFolder)
          .filter(home -> home != null)
          .map(HomeFolder::folder)
          .toList();

  /**
   * The first names, starting with a dot, that the agents' settings take in a home or a project:
   * their home folders ({@code .claude}) and the files that stand there alone ({@code
   * .claude.json}, {@code .mcp.json}).
   */
  static final List<String> DOT_NAMES = dotNames();

  /** The files, from the home, {@code gateway setup} writes the agents' hooks and servers into. */
  static final List<String> SETUP_FILES = every(Footprint::setupFiles);

  /** The agents' sign-in tokens that are one file each, from the home. */
  static final List<String> LITERAL_TOKEN_FILES =
      every(Footprint::tokenFiles).stream().filter(f -> !Glob.hasWildcard(f)).toList();

  private static final List<PathEnd> SETTINGS =
      PathEnd.all(every(Footprint::settingsFolders), every(Footprint::settingsFiles));

  private static final List<PathEnd> SANDBOX = PathEnd.all(every(Footprint::sandboxFiles));

  /** A token pattern that reads the file's name in any case. */
  private static final String ANY_CASE = "(?i)";

  /**
   * A token file's pattern, from the home.
   *
   * @param glob the pattern
   * @param anyCase whether the file's name is read in lower case
   */
  private record Token(Glob glob, boolean anyCase) {
    static Token of(String pattern) {
      boolean anyCase = pattern.startsWith(ANY_CASE);
      return new Token(
          Glob.path(anyCase ? pattern.substring(ANY_CASE.length()) : pattern), anyCase);
    }
  }

  private static final List<Token> TOKENS =
      every(Footprint::tokenFiles).stream().map(Token::of).toList();

  /**
   * {@return the agents' folders the variables that move them name, by variable: {@code CODEX_HOME}
   * is {@code .codex}}
   */
  static Map<String, String> foldersByVariable() {
    Map<String, String> folders = new LinkedHashMap<>();
    for (Footprint agent : AgentFootprints.all()) {
      HomeFolder home = agent.homeFolder();
      if (home != null && home.movedBy() != null) {
        folders.put(home.movedBy(), home.folder());
      }
    }
    return folders;
  }

  /**
   * Whether a path is a folder or file, anywhere, that holds an agent's hooks, MCP servers or
   * permissions ({@code .claude}, {@code .codex/config.toml}, {@code .github/hooks/x.json}).
   *
   * @param path the absolute path
   * @return whether it holds an agent's settings
   */
  static boolean holdsSettings(Path path) {
    return PathEnd.anyEnds(SETTINGS, path);
  }

  /**
   * Whether a path is a file, anywhere, that loosens or replaces an agent's own sandbox ({@code
   * .codex/rules/default.rules}, {@code .gemini/.env}).
   *
   * @param path the absolute path
   * @return whether it is one
   */
  static boolean holdsSandbox(Path path) {
    return PathEnd.anyEnds(SANDBOX, path);
  }

  /**
   * Whether a path, from the home, is an agent's sign-in token.
   *
   * @param rest the path from the home ({@code .codex/auth.json})
   * @param name its last name
   * @return whether it is one
   */
  static boolean token(String rest, String name) {
    for (Token token : TOKENS) {
      String text =
          token.anyCase()
              ? rest.substring(0, rest.length() - name.length()) + name.toLowerCase(Locale.ROOT)
              : rest;
      if (token.glob().matches(text)) {
        return true;
      }
    }
    return false;
  }

  private static List<String> dotNames() {
    java.util.Set<String> names = new java.util.LinkedHashSet<>(HOME_FOLDERS);
    for (String file : every(Footprint::setupFiles, Footprint::settingsFiles)) {
      if (file.indexOf('/') < 0 && file.startsWith(".")) {
        names.add(file);
      }
    }
    return List.copyOf(names);
  }

  @SafeVarargs
  private static List<String> every(Function<Footprint, List<String>>... fields) {
    List<String> all = new ArrayList<>();
    for (Function<Footprint, List<String>> field : fields) {
      AgentFootprints.all().forEach(agent -> all.addAll(field.apply(agent)));
    }
    return List.copyOf(all);
  }
}
