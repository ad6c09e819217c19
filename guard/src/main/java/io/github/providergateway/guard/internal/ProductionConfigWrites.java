package io.github.providergateway.guard.internal;

import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Production's configuration written whole by the file tools (decision 182, {@code
 * shapes.production-config-written}): a settings file of the project whose path names production
 * ({@code config/prod/auctions.yaml}, {@code deploy/helm/values-prod.yaml}, {@code
 * k8s/prod/cronjobs/recall-sync.yaml}, {@code config/environments/production.rb}). Which way a
 * whole file moves the trade's settings (a circuit breaker's level, a classifier's threshold, a
 * retention, a minor's default) the guard cannot read, having no old text to set beside it; where
 * it goes it can, and that is the person's to see before a deploy or a merge takes it there. An
 * edit that shows its old text is left to the readers of changes, which see which way it moves (a
 * setting tightened in production's file is ordinary work: decision 167).
 *
 * <p>Not production's: a test's or CI's file ({@link Environments#testFile}), a file whose path
 * names production only after a "not" prefix ({@code preprod}, {@code non-prod}), code that is not
 * settings ({@code routes/live.js}), documents ({@code docs/prod-runbook.md}).
 */
final class ProductionConfigWrites {
  private ProductionConfigWrites() {}

  /** The endings of settings files. */
  private static final Set<String> SETTINGS =
      Set.of(
          "yaml",
          "yml",
          "json",
          "json5",
          "jsonc",
          "toml",
          "ini",
          "conf",
          "cfg",
          "config",
          "properties",
          "env",
          "tfvars",
          "tf",
          "hcl",
          "xml",
          "cnf",
          "j2");

  /** The folders whose code is settings: {@code settings/production.py}, Rails' environments. */
  private static final Set<String> SETTINGS_FOLDERS =
      Set.of("settings", "config", "configs", "environments", "conf");

  /** The endings of code that is settings in those folders. */
  private static final Set<String> CODE =
      Set.of("py", "rb", "js", "ts", "php", "exs", "cjs", "mjs");

  /** Adds the call's predicate under its name. */
  static void addCallsTo(Map<String, Where.CallPredicate> named) {
    named.put("edit-production-config", ProductionConfigWrites::written);
  }

  /** Adds the programs' predicates under their names: {@link ProductionConfigShellWrites}. */
  static void addTo(Map<String, Where.Predicate> named) {
    named.put(
        "sets-production-config",
        (scan, step, read) -> ProductionConfigShellWrites.sets(scan, step));
    named.put(
        "writes-production-config",
        (scan, step, read) -> ProductionConfigShellWrites.writes(scan, step));
  }

  /**
   * Whether a path a program names is production's settings file in the project: {@code
   * config/production.yaml}, {@code ./config/prod/limits.yaml}, the project's own path before it.
   */
  static boolean productionSettings(String text, Path project) {
    return shownIfProduction(text, project) != null;
  }

  /** {@code "writes <file>"} for production's settings file written by a file tool, else null. */
  static String written(Scan scan) {
    FileEdit edit = FileEdit.of(scan);
    if (edit == null || edit.old() != null && !edit.old().isEmpty()) {
      return null; // an edit shows which way it moves: the readers of changes read it
    }
    String shown = shownIfProduction(edit.path(), scan.places().project());
    return shown == null ? null : "writes " + shown;
  }

  /**
   * The path as the project shows it ({@code config/prod/x.yaml}) where it is production's settings
   * file in the project; else null (outside the project, the machine's and the home's rules read
   * it).
   */
  private static String shownIfProduction(String text, Path project) {
    String shown =
        project != null && text.startsWith(project + "/")
            ? text.substring(project.toString().length() + 1)
            : text.startsWith("./") ? text.substring(2) : text;
    return !shown.isEmpty()
            && !shown.startsWith("/")
            && !shown.startsWith("~")
            && shown.length() <= 1024
            && settings(shown)
            && Environments.namesProduction(shown)
            && !Environments.testFile(text, project)
        ? shown
        : null;
  }

  /** Whether a path of the project is a settings file by its ending and folder. */
  private static boolean settings(String path) {
    String name = path.substring(path.lastIndexOf('/') + 1).toLowerCase(Locale.ROOT);
    int dot = name.lastIndexOf('.');
    if (dot < 0) {
      return false;
    }
    String ending = name.substring(dot + 1);
    if (SETTINGS.contains(ending) || name.startsWith(".env") || name.endsWith(".env")) {
      return true;
    }
    if (!CODE.contains(ending)) {
      return false;
    }
    for (String folder : path.toLowerCase(Locale.ROOT).split("/")) {
      if (SETTINGS_FOLDERS.contains(folder)) {
        return true;
      }
    }
    return false;
  }
}
