package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.internal.FlowReading.Found;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A tool pointed at production by a file the session wrote (decision 209), as {@code firebase use
 * prod} points it by a command (decision 128): production's configuration copied over the one the
 * tool reads by default ({@code cp fly.production.toml fly.toml}, then a bare {@code fly deploy}),
 * and the Shopify theme CLI's default environment set to a live theme ({@code shopify.theme.toml}
 * with {@code allow-live = true}, then a bare {@code shopify theme push}). Both are answered by
 * {@code deferred.production-selected}; a copy of another environment's configuration forgets it.
 */
final class SelectedByFiles {
  private SelectedByFiles() {}

  /** The configuration a deploy tool reads when no option names one, and the tool's programs. */
  private static final Map<String, List<String>> DEFAULT_CONFIGS =
      Map.of(
          "fly.toml", List.of("fly", "flyctl"),
          "wrangler.toml", List.of("wrangler"),
          "serverless.yml", List.of("serverless", "sls"),
          "deploy.yml", List.of("kamal"),
          "app.yaml", List.of("gcloud"),
          "netlify.toml", List.of("netlify"),
          "vercel.json", List.of("vercel"),
          "samconfig.toml", List.of("sam"),
          "zappa_settings.json", List.of("zappa"));

  /** The run entry of a theme push that names no theme: {@code theme-default:<folder>}. */
  static final String THEME_RUN = "theme-default";

  /** The Shopify theme CLI's environments file. */
  static final String THEME_FILE = "shopify.theme.toml";

  /** Its default environment's table, up to the next table. */
  private static final Pattern DEFAULT_ENVIRONMENT =
      Pattern.compile("(?ms)^\\s*\\[environments\\.default\\]\\s*$(.{0,2000}?)(?=^\\s*\\[|\\z)");

  /** A push to the live theme allowed: {@code allow-live = true}, {@code live = true}. */
  private static final Pattern LIVE =
      Pattern.compile("(?m)^\\s*(?:allow-live|live)\\s*=\\s*true\\b");

  private static final Pattern STORE =
      Pattern.compile("(?m)^\\s*store\\s*=\\s*[\"']([^\"']{1,200})");

  /** The theme push's options that name where it goes, so the default environment is not obeyed. */
  private static final List<String> THEME_TARGETS =
      List.of("-t", "--theme", "-u", "--unpublished", "-d", "--development", "--live", "-l");

  /**
   * Reads a copy ({@code cp}, {@code mv}, {@code install}) onto a deploy tool's default
   * configuration: production's is remembered for each of the tool's programs, another forgets it.
   *
   * @param step the program
   * @param words its arguments' texts
   * @param found where it goes
   */
  static void copied(Step step, List<String> words, Found found) {
    String program = step.program();
    if (!program.equals("cp") && !program.equals("mv") && !program.equals("install")) {
      return;
    }
    List<String> operands = words.stream().filter(word -> !word.startsWith("-")).toList();
    if (operands.size() != 2) {
      return;
    }
    String from = name(operands.get(0));
    List<String> tools = DEFAULT_CONFIGS.get(name(operands.get(1)));
    if (tools == null || from.equals(name(operands.get(1)))) {
      return;
    }
    boolean production = Environments.namesProduction(from);
    String shown = FlowReading.shorten(program + " " + String.join(" ", words));
    for (Path cwd : step.cwds()) {
      for (String tool : tools) {
        if (cwd != null && found.writesSenders().size() < 16) {
          found
              .writesSenders()
              .put(
                  DeferredRules.selectedKey(cwd, tool),
                  production ? DeferredRules.SELECTED + " " + shown : "");
        }
      }
    }
  }

  private static String name(String path) {
    return path.substring(path.lastIndexOf('/') + 1);
  }

  /**
   * What a written {@code shopify.theme.toml} selects: its default environment pushing to the live
   * theme of a store not named for development, or nothing (which forgets an earlier one).
   *
   * @param text the file's text
   * @return the held shape, or an empty text
   */
  static String theme(String text) {
    Matcher table = PatternLiterals.matcher(DEFAULT_ENVIRONMENT, text);
    if (!table.find() || !PatternLiterals.finds(LIVE, table.group(1))) {
      return "";
    }
    Matcher store = PatternLiterals.matcher(STORE, table.group(1));
    String named = store.find() ? store.group(1) : "the store";
    if (Environments.testName(named) || Environments.stagingHost(named)) {
      return "";
    }
    return DeferredRules.SELECTED + " " + THEME_FILE + " defaulting to the live theme of " + named;
  }

  /**
   * The folder whose {@code shopify.theme.toml} a theme push obeys: {@code shopify theme push}
   * naming no theme, no environment but the default and no development or unpublished theme; or
   * null.
   *
   * @param step the program
   * @param words its arguments' texts
   * @param cwd the folder it runs in
   */
  static String themePush(Step step, List<String> words, Path cwd) {
    if (!step.program().equals("shopify")
        || words.size() < 2
        || !words.get(0).equals("theme")
        || !words.get(1).equals("push")) {
      return null;
    }
    String folder = cwd.toString();
    for (int i = 2; i < words.size(); i++) {
      String word = words.get(i);
      String option = word.contains("=") ? word.substring(0, word.indexOf('=')) : word;
      String value =
          word.contains("=")
              ? word.substring(word.indexOf('=') + 1)
              : i + 1 < words.size() ? words.get(i + 1) : "";
      if (THEME_TARGETS.contains(option)
          || option.startsWith("--development-")
          || (option.equals("-e") || option.equals("--environment")) && !value.equals("default")) {
        return null;
      }
      if (option.equals("--path") || option.equals("-p")) {
        folder = cwd.resolve(value).normalize().toString();
      }
    }
    return folder;
  }
}
