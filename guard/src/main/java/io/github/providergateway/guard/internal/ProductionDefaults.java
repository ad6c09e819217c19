package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Invocation;
import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.nio.file.Path;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Production made a tool's default (decision 314, {@code production.default-switched}): a CLI's own
 * settings in the person's home written so that its default place is production ({@code default_env
 * = "prod"} in {@code ~/.config/fvg/config.toml}, {@code current-context: prod-eu} in a kubeconfig,
 * {@code target: prod} in dbt's profiles), or the CLI told to switch to it ({@code kubectl config
 * use-context prod-eu}, {@code gcloud config set project acme-prod}, {@code tsctl config
 * use-context prod}). Every later command of that tool then works on production while naming it
 * nowhere, where no rule that reads production's names can see it.
 *
 * <p>Not a switch: a default set to a test or staging place, another setting of the same file, the
 * project's own configuration (its deploy files name production as their work), and a default that
 * already was production in the text the edit replaces.
 */
final class ProductionDefaults {
  private ProductionDefaults() {}

  /**
   * The keys that choose a tool's default place, lower case with {@code -} and {@code _} taken out,
   * after any {@code default} or {@code current} before them.
   */
  private static final Set<String> PLACE_KEYS =
      NameSet.of(
          "env",
          "environment",
          "stage",
          "target",
          "profile",
          "context",
          "tenant",
          "instance",
          "workspace",
          "cluster",
          "project",
          "subscription",
          "connection",
          "connectionname",
          "org",
          "targetorg",
          "stack");

  /** A key set to a value on a line or in an expression: {@code default_env = "prod"}. */
  private static final Pattern ASSIGNED =
      Pattern.compile(
          "(?m)(?:^|[\\s.\\[{,;'\"/^|(])\\.?([A-Za-z][\\w.-]{0,40})[\"']?\\s*[:=]\\s*[\"']?"
              + "([*&]?[\\w.:/@-]{1,80})");

  /** The endings of a CLI's settings files. */
  private static final Set<String> SETTINGS =
      NameSet.of("toml", "yaml", "yml", "json", "ini", "conf", "cfg", "config", "properties");

  /** The names of settings files that have no ending: a kubeconfig, a CLI's {@code config}. */
  private static final Set<String> BARE_SETTINGS = NameSet.of("config", "credentials", "profile");

  /** What separates the names of an editor's script: {@code /^default_env/s/staging/prod/}. */
  private static final Pattern NOT_NAME = Pattern.compile("[^A-Za-z0-9_-]+");

  /** The longest text read. */
  private static final int MOST = 64 * 1024;

  private static final Pattern LEADING_SLASHES = Pattern.compile("^/+");

  /** Adds the call's predicate under its name. */
  static void addCallsTo(Map<String, Where.CallPredicate> named) {
    named.put("edit-makes-production-default", ProductionDefaults::edited);
  }

  /** Adds the programs' predicate under its name. */
  static void addTo(Map<String, Where.Predicate> named) {
    named.put("makes-production-default", (scan, step, read) -> switched(scan, step) != null);
  }

  /** {@code "makes … the default in <file>"} for a file tool's write that does, else null. */
  static String edited(Scan scan) {
    FileEdit edit = FileEdit.of(scan);
    if (edit == null || !homeSettings(edit.path(), scan.places().home(), scan)) {
      return null;
    }
    String value = productionDefault(edit.now());
    if (value == null || edit.old() != null && value.equals(productionDefault(edit.old()))) {
      return null;
    }
    return "makes " + value + " the default in " + edit.path();
  }

  /**
   * What a program makes the default in the person's settings file it writes ({@code sed -i},
   * {@code yq -i}, {@code crudini --set}, {@code echo … >>}), else null. A CLI told to switch
   * ({@code kubectl config use-context prod}) is {@code deferred.production-selected}'s: it judges
   * the command that acts after the switch, and lets reads through.
   */
  static String switched(Scan scan, Step step) {
    // Asked of every program: whether it writes the home's settings first, the words after.
    if (!writesSettings(scan, step)) {
      return null;
    }
    List<Word> args = step.args();
    String set = null;
    for (int i = 0; i < args.size(); i++) {
      String text = args.get(i).text();
      if (text.length() > MOST) {
        continue;
      }
      String next = i + 1 < args.size() ? args.get(i + 1).text() : "";
      if (placeKey(text) && !next.isEmpty() && productionName(next)) {
        set = next; // crudini --set ~/.x/config.ini defaults env prod
      }
      String assigned = productionDefault(text);
      set = assigned != null ? assigned : set;
      if (set == null) {
        set = keyAndProduction(text); // sed -i '/^default_env/s/staging/prod/', perl -pi -e …
      }
    }
    return set != null ? set : productionDefault(scan.source()); // printf … | tee ~/…, <<EOF
  }

  /** Whether the program names or writes a settings file of the home (an argument, a redirect). */
  private static boolean writesSettings(Scan scan, Step step) {
    Path home = scan.places().home();
    for (Word word : step.args()) {
      if (homeSettings(word.text(), home, scan)) {
        return true;
      }
    }
    return scan.once("ProductionDefaults", ProductionDefaults::settingsWriters)
        .contains(step.invocation());
  }

  /**
   * The programs of a call that write a settings file of the home, read once a call: every program
   * asks, and a long call has hundreds of programs and of accesses.
   */
  private static Set<Invocation> settingsWriters(Scan scan) {
    Set<Invocation> writers = Collections.newSetFromMap(new IdentityHashMap<>());
    Path home = scan.places().home();
    for (Access access : scan.accesses()) {
      if (access.invocation() != null
          && access.kind() == Access.Kind.WRITE
          && access.target().known()
          && homeSettings(access.target().path().toString(), home, scan)) {
        writers.add(access.invocation());
      }
    }
    return writers;
  }

  /** {@return the production value a text gives a place's key, or null} */
  private static String productionDefault(String text) {
    if (text == null || text.length() > MOST || text.indexOf('=') < 0 && text.indexOf(':') < 0) {
      return null;
    }
    Matcher assigned = ASSIGNED.matcher(text);
    while (assigned.find()) {
      if (placeKey(assigned.group(1)) && productionName(assigned.group(2))) {
        return assigned.group(2);
      }
    }
    return null;
  }

  /**
   * {@return the production name of a word that also names a place's key, as an editor's script
   * does ({@code /^default_env/s/staging/prod/}), or null}
   */
  private static String keyAndProduction(String text) {
    if (text.length() > 1024 || text.startsWith("-")) {
      return null;
    }
    String[] parts = NOT_NAME.split(text);
    boolean key = false;
    String place = null;
    for (String part : parts) {
      key |= !part.isEmpty() && placeKey(part);
      place = place == null && productionName(part) ? part : place;
    }
    return key ? place : null;
  }

  private static boolean productionName(String text) {
    String value = text.startsWith("*") || text.startsWith("&") ? text.substring(1) : text;
    return Environments.namesProduction(value) && !Environments.testName(value);
  }

  /** Whether a key chooses a default place: {@code default_env}, {@code current-context}. */
  private static boolean placeKey(String key) {
    String last = key.substring(Math.max(key.lastIndexOf('_'), key.lastIndexOf('.')) + 1);
    return placeWord(key.substring(key.lastIndexOf('.') + 1)) || placeWord(last); // FVG_ENV
  }

  private static boolean placeWord(String key) {
    String name = key.toLowerCase(Locale.ROOT);
    name = name.replace("-", "").replace("_", "");
    if (name.startsWith("default")) {
      name = name.substring("default".length());
    } else if (name.startsWith("current")) {
      name = name.substring("current".length());
    }
    return PLACE_KEYS.contains(name);
  }

  /**
   * Whether a path is a settings file of the person's home outside the project: a CLI's own ({@code
   * ~/.config/fvg/config.toml}, {@code ~/.kube/config}, {@code ~/.dbt/profiles.yml}).
   */
  private static boolean homeSettings(String text, Path home, Scan scan) {
    if (home == null || text.isEmpty() || text.length() > 1024) {
      return false;
    }
    char first = text.charAt(0);
    if (first != '~' && first != '$' && first != '/') {
      return false; // most words: not a path of the home
    }
    String path =
        text.startsWith("~/")
            ? home + text.substring(1)
            : text.startsWith("$HOME/")
                ? home + text.substring(5)
                : text.startsWith("//") ? LEADING_SLASHES.matcher(text).replaceFirst("/") : text;
    Path project = scan.places().project();
    if (!below(path, home.toString(), "/.")
        || project != null && below(path, project.toString(), "/")) {
      return false; // a hidden folder or file of the home: a CLI's settings
    }
    String name = path.substring(path.lastIndexOf('/') + 1).toLowerCase(Locale.ROOT);
    int dot = name.lastIndexOf('.');
    if (name.equals(".env") || name.endsWith(".env")) {
      return true; // ~/.config/fvg/.env
    }
    return dot > 0 ? SETTINGS.contains(name.substring(dot + 1)) : BARE_SETTINGS.contains(name);
  }

  /** {@return whether {@code path} starts with {@code folder + after}, with no text made} */
  private static boolean below(String path, String folder, String after) {
    return path.startsWith(folder) && path.startsWith(after, folder.length());
  }
}
