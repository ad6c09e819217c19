package io.github.providergateway.guard.internal;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Where a project's package settings send the next install (decision 330, {@code
 * supply.package-source-unsafe}): a registry or an index over plain HTTP to another machine, or a
 * scope of the company's own sent to the public registry, read in what an edit or a write puts in
 * {@code .npmrc}, {@code .yarnrc(.yml)}, {@code bunfig.toml}, {@code pip.conf}, {@code uv.toml},
 * {@code pyproject.toml}, {@code Pipfile} or a requirements file.
 */
final class PackageSourceSettings {
  private PackageSourceSettings() {}

  /**
   * A package source a project's settings name, with the scope it is for where it is a scope's:
   * {@code @acme:registry=https://…}, {@code index-url = http://…}, {@code --extra-index-url …}.
   */
  private static final Pattern PACKAGE_SOURCE =
      Pattern.compile(
          "(?im)^[ \\t\"']*(@[\\w.-]{1,100}:)?(?:registry|npmRegistryServer|index-url|extra-index-url"
              + "|--index-url|--extra-index-url|-i|url)[\"']?[ \\t]*[=: \\t][ \\t]*['\"]?(https?)://"
              + "(?:[^@/\\s\"']{1,200}@)?([\\w.-]{1,200})");

  /** The public registries a scope of the company's own must never be sent to. */
  private static final Pattern PUBLIC_NPM =
      Pattern.compile(
          "(?i)registry\\.npmjs\\.org|registry\\.yarnpkg\\.com|registry\\.npmmirror\\.com");

  /**
   * What the text puts in a file of this name that lets someone else choose the next install's
   * code, or {@code null}.
   *
   * @param name the file's name, in lower case
   * @param text what is written
   * @return what it is, as the reason shows it, or {@code null}
   */
  static String unsafe(String name, String text) {
    return settings(name) ? source(text) : null;
  }

  /** Whether a file of this name tells a package manager where packages come from. */
  private static boolean settings(String name) {
    return name.equals(".npmrc")
        || name.equals(".yarnrc")
        || name.equals(".yarnrc.yml")
        || name.equals("bunfig.toml")
        || name.equals("pip.conf")
        || name.equals("pip.ini")
        || name.equals("uv.toml")
        || name.equals("poetry.toml")
        || name.equals("pyproject.toml")
        || name.equals("pipfile")
        || name.endsWith(".txt")
            && (name.startsWith("requirements") || name.startsWith("constraints"));
  }

  /**
   * A package source that lets someone else choose the code the next install runs: one over plain
   * HTTP to another machine (anyone on the way serves its packages), or a scope of the project's
   * own sent to the public registry (anyone may publish a package of that name there).
   */
  private static String source(String text) {
    Matcher source = PatternLiterals.matcher(PACKAGE_SOURCE, text);
    while (source.find()) {
      String host = source.group(3);
      if (source.group(2).equalsIgnoreCase("http") && !ToolingShapes.ownHost(host)) {
        return "a package source over plain HTTP (" + host + ")";
      }
      if (source.group(1) != null && PatternLiterals.matches(PUBLIC_NPM, host)) {
        return "the scope "
            + source.group(1).substring(0, source.group(1).length() - 1)
            + " sent to the public registry ("
            + host
            + ")";
      }
    }
    return null;
  }
}
