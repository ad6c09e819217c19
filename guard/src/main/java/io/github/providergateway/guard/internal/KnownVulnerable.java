package io.github.providergateway.guard.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Dependencies pinned to a version with a known advisory or a malicious release (decision 102): the
 * book's {@code rules/advisories.json}, read once, and where a pin is read: a manifest's added
 * lines ({@code package.json}, {@code requirements.txt}, {@code pyproject.toml}, Gradle and Maven
 * files), a {@code jq} that sets a dependency, a package manager's install of {@code name@1.2.3} or
 * {@code name==1.2.3}. Only an exact pin (or a cap below the fix) is one: {@code ^4.17.4} takes the
 * fixed release.
 */
final class KnownVulnerable {
  static final String RESOURCE = "/io/github/providergateway/guard/rules/advisories.json";

  /** Each ecosystem's packages and the first version without their advisory. */
  private static final Map<String, Map<String, String>> FIXED = new HashMap<>();

  /** Each ecosystem's packages and their sabotaged or hijacked releases. */
  private static final Map<String, Map<String, Set<String>>> MALICIOUS = new HashMap<>();

  static {
    try (InputStream in = KnownVulnerable.class.getResourceAsStream(RESOURCE)) {
      if (in == null) {
        throw new IllegalStateException("the guard's rule book has no advisories.json");
      }
      JsonNode root = new ObjectMapper().readTree(in);
      root.path("fixed")
          .properties()
          .forEach(
              ecosystem -> {
                Map<String, String> fixed = new HashMap<>();
                ecosystem
                    .getValue()
                    .properties()
                    .forEach(p -> fixed.put(p.getKey(), p.getValue().asText()));
                FIXED.put(ecosystem.getKey(), fixed);
              });
      root.path("malicious")
          .properties()
          .forEach(
              ecosystem -> {
                Map<String, Set<String>> bad = new HashMap<>();
                ecosystem
                    .getValue()
                    .properties()
                    .forEach(
                        p -> {
                          Set<String> versions = new HashSet<>();
                          p.getValue().forEach(v -> versions.add(v.asText()));
                          bad.put(p.getKey(), versions);
                        });
                MALICIOUS.put(ecosystem.getKey(), bad);
              });
      if (FIXED.isEmpty()) {
        throw new IllegalStateException("advisories.json lists no fixed versions");
      }
    } catch (IOException e) {
      throw new UncheckedIOException("advisories.json does not read", e);
    }
  }

  private KnownVulnerable() {}

  /** A {@code package.json} dependency: {@code "lodash": "4.17.4"}. */
  private static final Pattern NPM_LINE =
      Pattern.compile("\"(@?[\\w.\\-/]{1,100})\"\\s*:\\s*\"([^\"\\s]{1,40})\"");

  /** A Python requirement capped or pinned: {@code PyYAML==5.3}, {@code "jinja2<2.11"}. */
  private static final Pattern PYPI_LINE =
      Pattern.compile(
          "(?:^|[\"'\\s])([A-Za-z0-9][\\w.\\-]{0,100})(?:\\[[^\\]]{0,100}])?\\s*(===|==|<=|<)\\s*([\\w.]{1,40})");

  /** A Gradle coordinate, {@code org.apache.logging.log4j:log4j-core:2.14.1}, or Maven's. */
  private static final Pattern MAVEN_LINE =
      Pattern.compile(
          "['\"][\\w.\\-]{1,100}:([\\w.\\-]{1,100}):([\\w.\\-]{1,40})['\"]"
              + "|<artifactId>([\\w.\\-]{1,100})</artifactId>\\s{0,200}<version>([\\w.\\-]{1,40})</version>");

  /** A jq expression that sets a dependency: {@code .overrides.lodash = "4.17.4"}. */
  private static final Pattern JQ_SET =
      Pattern.compile(
          "\\.(?:dependencies|devDependencies|optionalDependencies|peerDependencies|overrides|resolutions)"
              + "(?:\\.|\\[\\s*\")(@?[\\w.\\-/]{1,100})\"?\\s*]?\\s*\\|?=\\s*\"([^\"\\s]{1,40})\"");

  /** The package managers' installing subcommands. */
  private static final Set<String> INSTALLS = NameSet.of("install", "i", "add");

  /**
   * The first pin to a known-vulnerable version among a manifest's added lines.
   *
   * @param file the manifest's path
   * @param added the lines the change adds
   * @return the pin, as the reason shows it, or {@code null}
   */
  static String inManifest(String file, String added) {
    String name = file.substring(file.lastIndexOf('/') + 1).toLowerCase(Locale.ROOT);
    if (name.equals("package.json")) {
      return first("npm", NPM_LINE.matcher(added), 1, 2);
    }
    if (name.startsWith("requirements")
        || name.startsWith("constraints")
        || name.equals("pyproject.toml")
        || name.equals("setup.py")
        || name.equals("setup.cfg")
        || name.equals("pipfile")) {
      Matcher pin = PYPI_LINE.matcher(added);
      while (pin.find()) {
        String found = vulnerable("pypi", pin.group(1), pin.group(3));
        if (found != null) {
          return found;
        }
      }
      return null;
    }
    if (name.startsWith("build.gradle")
        || name.equals("pom.xml")
        || name.endsWith(".versions.toml")) {
      Matcher pin = MAVEN_LINE.matcher(added);
      while (pin.find()) {
        String found =
            pin.group(1) != null
                ? vulnerable("maven", pin.group(1), pin.group(2))
                : vulnerable("maven", pin.group(3), pin.group(4));
        if (found != null) {
          return found;
        }
      }
    }
    return null;
  }

  /** Whether a program pins a known-vulnerable version: a jq that sets one, an install of one. */
  static boolean pinnedBy(Step step) {
    String program = step.program();
    List<Word> args = step.args();
    if (program.equals("jq") || program.equals("gojq")) {
      for (Word word : args) {
        String text = word.text();
        if (text.length() <= 4096 && text.contains("=")) {
          if (first("npm", JQ_SET.matcher(text), 1, 2) != null) {
            return true;
          }
        }
      }
      return false;
    }
    boolean npm =
        program.equals("npm")
            || program.equals("pnpm")
            || program.equals("yarn")
            || program.equals("bun");
    boolean pip =
        program.equals("pip")
            || program.equals("pip3")
            || program.equals("uv")
            || program.equals("poetry")
            || program.equals("pipenv");
    if (!npm && !pip) {
      return false;
    }
    boolean installing = false;
    for (Word word : args) {
      String text = word.text();
      if (!installing) {
        installing = INSTALLS.contains(text);
        continue;
      }
      if (text.startsWith("-") || text.length() > 200) {
        continue;
      }
      if (npm) {
        int at = text.lastIndexOf('@');
        if (at > 0 && vulnerable("npm", text.substring(0, at), text.substring(at + 1)) != null) {
          return true;
        }
      } else {
        Matcher pin = PYPI_LINE.matcher(text);
        if (pin.find() && vulnerable("pypi", pin.group(1), pin.group(3)) != null) {
          return true;
        }
      }
    }
    return false;
  }

  private static String first(String ecosystem, Matcher pin, int name, int version) {
    int pins = 0;
    while (pin.find() && pins++ < 256) {
      String found = vulnerable(ecosystem, pin.group(name), pin.group(version));
      if (found != null) {
        return found;
      }
    }
    return null;
  }

  /**
   * Whether a version of a package is one with a known advisory or a malicious release.
   *
   * @return the package and version, as the reason shows it, or {@code null}
   */
  static String vulnerable(String ecosystem, String name, String version) {
    String key = name.toLowerCase(Locale.ROOT);
    if (ecosystem.equals("pypi")) {
      key = key.replace('_', '-');
    }
    String exact = version.startsWith("=") ? version.substring(1) : version;
    exact = exact.startsWith("v") ? exact.substring(1) : exact;
    Set<String> bad = MALICIOUS.getOrDefault(ecosystem, Map.of()).get(key);
    if (bad != null && bad.contains(exact)) {
      return name + " " + exact + " (a malicious release)";
    }
    String fixed = FIXED.getOrDefault(ecosystem, Map.of()).get(key);
    if (fixed == null || !exact.matches("\\d{1,6}(?:\\.\\d{1,6}){0,3}")) {
      return null; // a range (^4.17.4, ~1.2) takes the fixed release; a tag is not known
    }
    return older(exact, fixed) ? name + " " + exact + " (fixed in " + fixed + ")" : null;
  }

  /** Whether a dotted version is older than another. */
  private static boolean older(String version, String than) {
    String[] a = version.split("\\.");
    String[] b = than.split("\\.");
    for (int i = 0; i < Math.max(a.length, b.length); i++) {
      int x = i < a.length ? Integer.parseInt(a[i]) : 0;
      int y =
          i < b.length
              ? Integer.parseInt(
                  b[i].replaceAll("\\D.*", "").isEmpty() ? "0" : b[i].replaceAll("\\D.*", ""))
              : 0;
      if (x != y) {
        return x < y;
      }
    }
    return false;
  }
}
