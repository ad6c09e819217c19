package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The supply rules' harms under the spellings the red-team pass of issue 80 found past them: an
 * index added by the installer's environment ({@code PIP_EXTRA_INDEX_URL=… pip install}), a package
 * run by name rather than installed ({@code npx -y crossenv}, {@code uvx}, {@code uv tool install
 * blаck}), git's hooks folder written into {@code .git/config} by hand, and a loader put into every
 * later program of the session manager ({@code systemctl --user set-environment NODE_OPTIONS=…}).
 */
final class SupplySpellings {
  private SupplySpellings() {}

  /** Installer variables that add an index beside the registry. */
  private static final List<String> ADDING_VARIABLES =
      List.of(
          "PIP_EXTRA_INDEX_URL",
          "UV_EXTRA_INDEX_URL",
          "PIP_FIND_LINKS",
          "UV_FIND_LINKS",
          "UV_INDEX");

  /** Installer variables that replace the registry (untrusted only as plain http). */
  private static final List<String> REPLACING_VARIABLES =
      List.of(
          "PIP_INDEX_URL",
          "UV_INDEX_URL",
          "UV_DEFAULT_INDEX",
          "NPM_CONFIG_REGISTRY",
          "npm_config_registry",
          "YARN_NPM_REGISTRY_SERVER");

  /** Variables whose value every later program of their kind loads as code. */
  private static final List<String> LOADER_VARIABLES =
      List.of(
          "NODE_OPTIONS=",
          "LD_PRELOAD=",
          "PYTHONSTARTUP=",
          "PERL5OPT=",
          "RUBYOPT=",
          "BASH_ENV=",
          "JAVA_TOOL_OPTIONS=",
          "_JAVA_OPTIONS=",
          "DYLD_INSERT_LIBRARIES=");

  /** npx's and its kin's options that take the next word. */
  private static final List<String> RUNNER_WITH_VALUE =
      List.of("-p", "--package", "-c", "--call", "--from", "--with", "--python");

  /** Adds the predicates under their names. */
  static void addTo(Map<String, Where.Predicate> named) {
    named.put("index-set-by-environment", (scan, step, read) -> indexByEnvironment(scan.source()));
    named.put(
        "runs-homoglyph-package",
        (scan, step, read) -> {
          String name = packageRun(step.args());
          return name != null && SupplyPredicates.foreignLetters(name);
        });
    named.put(
        "runs-near-miss-package",
        (scan, step, read) -> {
          String name = packageRun(step.args());
          return name != null && PackageNames.nearMiss(name);
        });
    named.put(
        "sets-loader-for-later",
        (scan, step, read) -> {
          List<Word> args = step.args();
          for (int i = 0; i < args.size(); i++) {
            String text = args.get(i).text();
            String next = i + 1 < args.size() ? args.get(i + 1).text() : "";
            if (loads(text) || text.indexOf('=') < 0 && loads(text + "=" + next)) {
              return true; // NAME=value, or launchctl setenv NAME value
            }
          }
          return false;
        });
    named.put(
        "writes-hooks-path-elsewhere",
        (scan, step, read) -> {
          boolean gitConfig = false;
          for (Access access : OwnAccesses.of(scan, step)) {
            Path path = access.target().path();
            gitConfig |=
                access.kind() == Access.Kind.WRITE
                    && path != null
                    && path.endsWith(Path.of(".git", "config"));
          }
          if (!gitConfig) {
            return false;
          }
          for (Word word : step.args()) {
            if (hooksPathElsewhere(word.text())) {
              return true;
            }
          }
          for (var redirect : step.invocation().redirects()) {
            String body = redirect.body();
            if (body != null && body.length() < 4096 && hooksPathElsewhere(body)) {
              return true;
            }
          }
          return false;
        });
  }

  /**
   * Whether an assignment sets a variable that loads code: NODE_OPTIONS only with a module it
   * requires or imports (not {@code --max-old-space-size}), Java's options only with an agent.
   */
  static boolean loads(String assignment) {
    for (String variable : LOADER_VARIABLES) {
      if (assignment.startsWith(variable)) {
        String value = assignment.substring(variable.length());
        if (variable.equals("NODE_OPTIONS=")) {
          return value.contains("--require")
              || value.contains("-r ")
              || value.contains("--import")
              || value.contains("--loader")
              || value.contains("--experimental-loader");
        }
        if (variable.endsWith("JAVA_OPTIONS=") || variable.equals("JAVA_TOOL_OPTIONS=")) {
          return value.contains("-javaagent") || value.contains("-agentpath");
        }
        return !value.isEmpty();
      }
    }
    return false;
  }

  /** {@code hooksPath = /tmp/hooks} (or ~, or a variable): a folder outside the project. */
  static boolean hooksPathElsewhere(String text) {
    if (text.length() > 4096) {
      return false;
    }
    String lower = text.toLowerCase(Locale.ROOT);
    int at = lower.indexOf("hookspath");
    while (at >= 0) {
      int i = at + "hookspath".length();
      while (i < text.length() && (text.charAt(i) == ' ' || text.charAt(i) == '\t')) {
        i++;
      }
      if (i < text.length() && text.charAt(i) == '=') {
        i++;
        while (i < text.length() && (text.charAt(i) == ' ' || text.charAt(i) == '\t')) {
          i++;
        }
        if (i < text.length() && "/~$".indexOf(text.charAt(i)) >= 0) {
          return true;
        }
      }
      at = lower.indexOf("hookspath", at + 1);
    }
    return false;
  }

  /** The package {@code npx}, {@code uvx}, {@code uv tool install|run} and their kin run. */
  static String packageRun(List<Word> args) {
    int from = 0;
    if (!args.isEmpty() && args.get(0).text().equals("tool")) {
      if (args.size() < 2
          || !(args.get(1).text().equals("install") || args.get(1).text().equals("run"))) {
        return null;
      }
      from = 2;
    } else if (!args.isEmpty()
        && (args.get(0).text().equals("run") || args.get(0).text().equals("install"))) {
      from = 1; // pipx run NAME, pipx install NAME
    }
    for (int i = from; i < args.size(); i++) {
      String t = args.get(i).text();
      if (t.startsWith("-")) {
        if (RUNNER_WITH_VALUE.contains(t)) {
          i++;
        }
        continue;
      }
      int at = t.indexOf('@', 1);
      return at > 0 ? t.substring(0, at) : t;
    }
    return null;
  }

  private static boolean indexByEnvironment(String source) {
    if (source == null || source.indexOf('=') < 0 || source.indexOf("http") < 0) {
      return false;
    }
    for (String variable : ADDING_VARIABLES) {
      if (assignedUntrusted(source, variable, true)) {
        return true;
      }
    }
    for (String variable : REPLACING_VARIABLES) {
      if (assignedUntrusted(source, variable, false)) {
        return true;
      }
    }
    return false;
  }

  private static boolean assignedUntrusted(String source, String variable, boolean adds) {
    for (String value : Environments.assignedValues(source, variable)) {
      if (SupplyPredicates.untrustedSource(value, adds)) {
        return true;
      }
    }
    return false;
  }
}
