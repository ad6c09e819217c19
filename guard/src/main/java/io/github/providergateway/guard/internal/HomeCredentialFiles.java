package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.internal.NameSet;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * A tool's stored credentials in the home that the book lists by no product's name (decision 187):
 * a data file in a tool's own folder ({@code ~/.config/<tool>/}, {@code ~/.local/share/<tool>/},
 * {@code ~/.<tool>/}, or one folder below it) whose name says it holds a login or an API's key
 * ({@code api.json}, {@code credentials.yml}, {@code auth.json}, {@code oauth_token}). Every tool
 * keeps its login so, and the book cannot list them all; a tool's plain settings ({@code
 * settings.json}, {@code config.toml}) say nothing of the kind, and what lies deeper (a cache's, an
 * installed package's files) is no login of the person's.
 */
final class HomeCredentialFiles {
  private HomeCredentialFiles() {}

  /** The words of a file's name that say what it holds is a credential. */
  private static final Set<String> CREDENTIAL_WORDS =
      NameSet.of(
          "api",
          "apikey",
          "apikeys",
          "apitoken",
          "credential",
          "credentials",
          "creds",
          "token",
          "tokens",
          "auth",
          "oauth",
          "secret",
          "secrets",
          "password",
          "passwords",
          "passwd");

  /** The words that say the file is a description or a template, holding no value. */
  private static final Set<String> NO_VALUE_WORDS =
      NameSet.of("example", "sample", "template", "schema", "spec", "test", "dummy", "fake");

  /** The extensions of a file a tool keeps its values in (or none). */
  private static final Pattern DATA_FILE =
      Pattern.compile("[^.]+(?:\\.(?:json|ya?ml|toml|ini|conf|cfg|txt|xml|properties|env))?");

  private static final Pattern NOT_WORD = Pattern.compile("[^a-z0-9]+");

  /** Whether {@code path} is such a file of {@code home}. */
  static boolean holds(Path home, Target target, Path path) {
    if (path == null || !path.startsWith(home) || path.equals(home)) {
      return false;
    }
    Path rel = home.relativize(path);
    int tool = toolFolder(rel);
    int below = rel.getNameCount() - tool - 1; // the tool's folder, then at most one more
    if (tool < 0 || below < 1 || below > 2) {
      return false;
    }
    String name = path.getFileName().toString().toLowerCase(Locale.ROOT);
    if (!PatternLiterals.matches(DATA_FILE, name)) {
      return false;
    }
    boolean credential = false;
    for (String word : NOT_WORD.split(name)) {
      if (NO_VALUE_WORDS.contains(word)) {
        return false;
      }
      credential |= CREDENTIAL_WORDS.contains(word);
    }
    return credential;
  }

  /** How a command names the home before a path in it. */
  private static final Pattern HOME_PREFIX =
      Pattern.compile("^(?:~|\\$HOME|\\$\\{HOME}|/home/[^/]+|/Users/[^/]+|/root)/");

  /** The endings of a tool's stored data: its values, or a database of them. */
  private static final Pattern STORED =
      Pattern.compile(
          "[^.]+(?:\\.(?:json|ya?ml|toml|ini|conf|cfg|txt|xml|properties|env|db|sqlite3?|dat))?");

  /**
   * Whether a file a command names is a tool's stored data in the home, whatever its name says
   * (round 67: a git hook posting {@code $HOME/.config/vaultly-cli/data.json}, the password
   * manager's CLI session, to a stats host): a data file in a tool's own folder or one below it;
   * not a description's or a template's.
   *
   * @param file the path as the command names it ({@code ~/…}, {@code $HOME/…}, {@code /home/u/…})
   * @return whether it is one
   */
  static boolean toolData(String file) {
    java.util.regex.Matcher home = HOME_PREFIX.matcher(file);
    if (file.length() > 512 || !home.lookingAt()) {
      return false;
    }
    Path rel;
    try {
      rel = Path.of(file.substring(home.end())).normalize();
    } catch (java.nio.file.InvalidPathException notAPath) {
      return false;
    }
    if (rel.getNameCount() == 0 || rel.startsWith("..")) {
      return false;
    }
    int tool = toolFolder(rel);
    int below = rel.getNameCount() - tool - 1;
    String name = rel.getFileName().toString().toLowerCase(Locale.ROOT);
    if (tool < 0 || below < 1 || below > 2 || !PatternLiterals.matches(STORED, name)) {
      return false;
    }
    for (String word : NOT_WORD.split(name)) {
      if (NO_VALUE_WORDS.contains(word)) {
        return false;
      }
    }
    return true;
  }

  /**
   * Where a tool's own folder stands in a path below the home: {@code ~/.config/<tool>}, {@code
   * ~/.local/share/<tool>}, {@code ~/.<tool>}; or -1.
   */
  private static int toolFolder(Path rel) {
    String first = rel.getName(0).toString();
    if (!first.startsWith(".") || rel.getNameCount() < 2) {
      return -1;
    }
    if (first.equals(".config")) {
      return 1;
    }
    if (first.equals(".local")) {
      return rel.getName(1).toString().equals("share") ? 2 : -1;
    }
    return 0;
  }
}
