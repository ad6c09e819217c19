package io.github.providergateway.guard.internal;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A settings or configuration file the session wrote to inherit production's, then a command that
 * selects it (issue 80 round 33, decision 220): {@code review_app/settings/local.py} written as
 * {@code from .production import *}, then {@code python manage.py loaddata …
 * --settings=review_app.settings.local}. The file is production's whatever its name, so the command
 * is judged as the same command selecting production would be (production's module, file, Rails
 * environment or Spring profile put in the selection's place), and a rule that would ask or deny
 * there makes the call {@code deferred.production-selected}'s, as a tool switched to production by
 * a command is (decision 128) and by a copied file (decision 209). The file is remembered under
 * {@code holds:<file>#inherits-production} with what it inherits; written again inheriting nothing,
 * it is forgotten.
 */
final class InheritedProduction {
  private InheritedProduction() {}

  /** The pseudo-path's mark, after the file's path. */
  private static final String MARK = "#inherits-production";

  /** What a Python settings module inherits: {@code from .production import *}. */
  private static final Pattern PYTHON_STAR =
      Pattern.compile(
          "(?m)^[ \\t]*from[ \\t]+(\\.{0,3}[A-Za-z_][\\w.]{0,200})[ \\t]+import[ \\t]+\\*");

  /**
   * What a configuration file extends, includes or merges: {@code extends: production.yaml}, {@code
   * "inherits": "./prod.json"}, {@code <<: *production}, an env file's {@code source
   * .env.production}.
   */
  private static final Pattern CONFIG_PARENT =
      Pattern.compile(
          "(?m)^[ \\t]*(?:[\"']?(?:extends|inherits?|includes?|imports?|<<|base_config|parent)[\"']?[ \\t]*[:=]"
              + "|(?:source|\\.|dotenv|source_env|source_up)[ \\t])[ \\t]*\\[?[ \\t]*[\"']?\\*?"
              + "([^\\s\"',\\]#]{1,200})");

  /** A configuration file's name: YAML, JSON, TOML, INI, properties, an env file. */
  private static final Pattern CONFIG_FILE =
      Pattern.compile(
          "[^/]*\\.(?:ya?ml|json|toml|ini|cfg|conf|properties|env)|\\.env(?:\\.[^/]*|rc)?");

  /** A Rails database.yml entry that is production's: {@code development: *production}, a merge. */
  private static final Pattern RAILS_ALIAS =
      Pattern.compile(
          "(?m)^([A-Za-z_][\\w-]{0,60}):[ \\t]*(?:\\*(\\w{1,60})[ \\t]*$|\\r?\\n(?:[ \\t]+[^\\n]*\\n){0,20}?[ \\t]+<<:[ \\t]*\\*(\\w{1,60}))");

  /** A Spring profile's file: {@code application-local.yml}. */
  private static final Pattern SPRING_FILE =
      Pattern.compile("application-([\\w-]{1,60})\\.(?:ya?ml|properties)");

  /** The profiles a Spring profile's file adds: {@code spring.profiles.include: prod}. */
  private static final Pattern SPRING_INCLUDE =
      Pattern.compile(
          "(?m)^[ \\t]*(?:spring\\.profiles\\.)?(?:include|active|group\\.[\\w-]{1,60})[ \\t]*[:=][ \\t]*\\[?[ \\t]*([\\w\\-, \"']{1,200})");

  /**
   * A command's selection of a settings module, a configuration file, an environment or a profile:
   * the option or variable, then its value.
   */
  private static final Pattern SELECTION =
      Pattern.compile(
          "(?<![^\\s;&|(])(?:(--settings|--config|--env-file|--spring\\.profiles\\.active"
              + "|-Dspring\\.profiles\\.active)(?:=|[ \\t]+)|(-c)[ \\t]+"
              + "|(DJANGO_SETTINGS_MODULE|RAILS_ENV|RACK_ENV|SPRING_PROFILES_ACTIVE)=)"
              + "(['\"]?)([^\\s'\";&|()]{1,300})\\4");

  /** How a held file is selected: by its module or path, a Rails environment, a Spring profile. */
  private static final String BY_PATH = "path";

  private static final String BY_RAILS = "rails=";

  private static final String BY_PROFILE = "profile";

  /** A file's extension of letters, at its name's end. */
  private static final Pattern EXTENSION = Pattern.compile("\\.[a-z]+$");

  /**
   * {@return the name, {@code name.replaceFirst("\\.[a-z]+$", "")}: with the pattern made once, and
   * no matcher for a name with no dot}
   */
  private static String withoutExtension(String name) {
    return name.indexOf('.') < 0 ? name : EXTENSION.matcher(name).replaceFirst("");
  }

  /**
   * Remembers a written file that inherits production's settings: with how it is selected and what
   * production's is called there; a whole text inheriting nothing forgets it.
   *
   * @param path the file's absolute path
   * @param text what is written
   * @param whole whether it is the file's whole text
   * @param found where it is remembered
   */
  static void written(String path, String text, boolean whole, FlowReading.Found found) {
    String name = path.substring(path.lastIndexOf('/') + 1).toLowerCase(Locale.ROOT);
    if (Environments.namesProduction(withoutExtension(name))) {
      return; // production's own file is named by the command that selects it
    }
    String held = inherited(name, text);
    if ((held != null || whole) && found.writesSenders().size() < 16) {
      found
          .writesSenders()
          .put(
              HeldContent.KEY + path + MARK,
              held == null ? "" : DeferredRules.SELECTED + " " + held);
    }
  }

  /** {@code <how selected> <production's name>} of a file that inherits it, or null. */
  private static String inherited(String name, String text) {
    Matcher profile = PatternLiterals.matcher(SPRING_FILE, name);
    if (profile.matches()) {
      Matcher include = PatternLiterals.matcher(SPRING_INCLUDE, text);
      while (include.find()) {
        for (String each : include.group(1).split("[,\\s\"']+")) {
          if (!each.isEmpty() && Environments.namesProduction(each)) {
            return BY_PROFILE + " " + each;
          }
        }
      }
      return null;
    }
    if (name.equals("database.yml")) {
      Matcher alias = PatternLiterals.matcher(RAILS_ALIAS, text);
      while (alias.find()) {
        String anchor = alias.group(2) != null ? alias.group(2) : alias.group(3);
        if (!Environments.namesProduction(alias.group(1)) && Environments.namesProduction(anchor)) {
          return BY_RAILS + alias.group(1) + " " + anchor;
        }
      }
      return null;
    }
    boolean python = name.endsWith(".py");
    if (!python && !PatternLiterals.matcher(CONFIG_FILE, name).matches()) {
      return null;
    }
    Matcher parent = PatternLiterals.matcher(python ? PYTHON_STAR : CONFIG_PARENT, text);
    while (parent.find()) {
      String inherited = parent.group(1);
      String last = inherited.substring(inherited.lastIndexOf(python ? '.' : '/') + 1);
      if (Environments.namesProduction(last)) {
        return BY_PATH + " " + inherited;
      }
    }
    return null;
  }

  /**
   * What a command does through the files the session made production's: for each selection of one,
   * the command with production's selected in its place, as the guard's rules judge it; a rule that
   * would deny or ask there makes the call {@code deferred.production-selected}'s.
   *
   * @param scan the call's scan
   * @param written the session's written files, where the inheriting ones are kept
   * @return what it found, at most one
   */
  static List<WrittenRules.Found> through(Scan scan, Map<String, String> written) {
    String command = scan.source();
    List<WrittenRules.Found> found = new ArrayList<>();
    if (command == null || !command.contains("=") && !command.contains("-")) {
      return found;
    }
    Path cwd = scan.call().cwd() == null ? Path.of("/") : scan.call().cwd();
    for (Map.Entry<String, String> file : written.entrySet()) {
      String key = file.getKey();
      String[] kept = file.getValue().split(" ", 3);
      if (!key.startsWith(HeldContent.KEY) || !key.endsWith(MARK) || kept.length < 3) {
        continue;
      }
      String path = key.substring(HeldContent.KEY.length(), key.length() - MARK.length());
      Matcher selection = PatternLiterals.matcher(SELECTION, command);
      while (selection.find()) {
        String production = production(selection, path, kept[1], kept[2], cwd);
        if (production == null) {
          continue;
        }
        String typed =
            command.substring(0, selection.start(5))
                + production
                + command.substring(selection.end(5));
        Hit hit = WrittenRules.typedBlocks(scan, cwd, typed);
        if (hit != null) {
          found.add(
              new WrittenRules.Found(
                  RuleBook.rule(DeferredRules.SELECTED),
                  hit.rule(),
                  "`"
                      + FlowReading.shorten(typed)
                      + "` ("
                      + hit.rule().id()
                      + "), as "
                      + path
                      + " was written earlier in this session to inherit "
                      + kept[2]
                      + ":"));
          return found;
        }
      }
    }
    return found;
  }

  /**
   * Production's name in a selection's place when the selection names the held file, or null: its
   * module resolved from the selected one, its path beside the selected file, the Rails environment
   * or Spring profile it takes.
   */
  private static String production(
      Matcher selection, String path, String how, String inherited, Path cwd) {
    String option =
        selection.group(1) != null
            ? selection.group(1)
            : selection.group(2) != null ? selection.group(2) : selection.group(3);
    String value = selection.group(5);
    if (how.startsWith(BY_RAILS)) {
      return (option.equals("RAILS_ENV") || option.equals("RACK_ENV"))
              && value.equals(how.substring(BY_RAILS.length()))
              && RunFolders.related(path, cwd.toString())
          ? inherited
          : null;
    }
    if (how.equals(BY_PROFILE)) {
      return option.toLowerCase(Locale.ROOT).contains("profiles")
              && RunFolders.related(path, cwd.toString())
              && path.matches(".*/application-" + Pattern.quote(value) + "\\.(?:ya?ml|properties)")
          ? inherited
          : null;
    }
    if (path.endsWith(".py")) {
      String module = "/" + value.replace('.', '/');
      boolean names =
          (option.equals("--settings") || option.equals("DJANGO_SETTINGS_MODULE"))
              && (path.endsWith(module + ".py") || path.endsWith(module + "/__init__.py"));
      return names ? module(value, inherited) : null;
    }
    String relative = value.startsWith("./") ? value.substring(2) : value;
    boolean names =
        !option.equals("DJANGO_SETTINGS_MODULE")
            && (path.equals(cwd.resolve(value).normalize().toString())
                || path.endsWith("/" + relative));
    if (!names || inherited.startsWith("/")) {
      return names ? inherited : null;
    }
    int slash = relative.lastIndexOf('/');
    String beside = inherited.startsWith("./") ? inherited.substring(2) : inherited;
    return (slash < 0 ? "" : relative.substring(0, slash + 1)) + beside;
  }

  /** A module imported from the selected one: {@code .production} beside it, or an absolute one. */
  private static String module(String selected, String inherited) {
    int dots = 0;
    while (dots < inherited.length() && inherited.charAt(dots) == '.') {
      dots++;
    }
    if (dots == 0) {
      return inherited;
    }
    String base = selected;
    for (int i = 0; i < dots; i++) {
      int at = base.lastIndexOf('.');
      base = at < 0 ? "" : base.substring(0, at);
    }
    return (base.isEmpty() ? "" : base + ".") + inherited.substring(dots);
  }
}
