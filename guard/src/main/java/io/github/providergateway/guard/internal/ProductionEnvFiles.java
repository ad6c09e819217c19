package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.internal.FlowReading.Found;
import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Production's credentials put where an ordinary task loads them, then a task that acts (issue 80
 * round 32, decision 208): production's env file copied into a tool's folder as its {@code .env}
 * ({@code cp .env.production erp-sync/.env}), an env file or a secrets manager's template pointed
 * at live items ({@code SHOPIFY_ADMIN_TOKEN=op://Clients/bloom-live/admin-token} in {@code
 * .env.tpl}). The file is remembered among the session's written files under {@code
 * holds:<file>#production-env}; a later task of the project's runner that does more than build,
 * check, serve or read, or a script of the project, run where it loads that file (its folder's
 * {@code .env}, {@code .env.local} or {@code .envrc}, or the file {@code op run --env-file}, {@code
 * dotenv -e}, {@code env-cmd -f} or {@code node --env-file} names) is answered by {@value #RULE}:
 * its command names no production, its credentials are production's. A file named by a relative
 * path is matched below the call's folder too, as an agent's shell keeps the folder an earlier call
 * moved to.
 */
final class ProductionEnvFiles {
  private ProductionEnvFiles() {}

  /** The rule that answers a task run with the file. */
  static final String RULE = "deferred.production-env-acts";

  /** The pseudo-path's mark, after the file's path. */
  private static final String MARK = "#production-env";

  /** The run entry of a task that loads its folder's env file: {@code env-in-folder:<folder>}. */
  private static final String IN_FOLDER = "env-in-folder";

  /** The run entry of a task given an env file by name: {@code env-named:<path>}. */
  private static final String NAMED = "env-named";

  /** Between a folder and a relative path in a named entry: {@code /work/p//.env.tpl}. */
  private static final String BELOW = "//";

  /** The env files a task's tools load from its folder by themselves. */
  private static final Set<String> LOADED = NameSet.of(".env", ".env.local", ".envrc");

  /** The programs whose {@code -e} or {@code -f} names the env file they load. */
  private static final Set<String> LOADERS = NameSet.of("dotenv", "dotenvx", "env-cmd");

  /**
   * An assignment of an env file: {@code export NAME="value"}, or a value a command gives ({@code
   * DATABASE_URL=$(cat ~/.acme/fleet_db_prod_url)}, round 66), its command's whole text.
   */
  private static final Pattern ASSIGNMENT =
      Pattern.compile(
          "(?m)^[ \\t]*(?:export[ \\t]+)?([A-Za-z_][A-Za-z0-9_]{0,100})[ \\t]*=[ \\t]*['\"]?"
              + "(\\$\\([^)\\n]{1,500}\\)|[^'\"\\s#]{1,500})");

  /**
   * A variable that chooses which account, cluster or environment every later command works on
   * ({@code AWS_PROFILE}, {@code KUBECONFIG}, {@code APP_ENV}, {@code VF_ENV}): given production's
   * name in a file a task loads, the task acts there (round 66: {@code .envrc} with {@code
   * AWS_PROFILE=prod}, then {@code direnv allow .} and {@code make db-reset}). Not {@code
   * NODE_ENV}, the build's mode.
   */
  private static final Pattern CHOOSES_PLACE =
      Pattern.compile(
          "(?i)^(?!NODE_ENV$)(?:KUBECONFIG|CLOUDSDK_ACTIVE_CONFIG_NAME|CLOUDSDK_CORE_PROJECT"
              + "|GOOGLE_CLOUD_PROJECT|[A-Z0-9_]*_(?:ENV|ENVIRONMENT|PROFILE|CONTEXT|STAGE))$");

  /** A database's address by its variable's name. */
  private static final Pattern DATABASE =
      Pattern.compile(
          "(?i)(?:^|_)(?:DATABASE|DB|REDIS|MONGO|MONGODB|POSTGRES|MYSQL)(?:_\\w*)?_(?:URL|URI|DSN)$");

  /**
   * Remembers an env file a file tool or a command's text writes: pointed at production where an
   * assignment gives a credential, a database or a secret manager's item a value that names it; a
   * whole text that gives none forgets it.
   *
   * @param path the file's absolute path
   * @param text what is written
   * @param whole whether it is the file's whole text
   * @param found where it is remembered
   */
  static void written(String path, String text, boolean whole, Found found) {
    String name = name(path);
    if (!envFile(name) || Environments.namesProduction(name)) {
      return; // production's own file is named by the call that loads it
    }
    Matcher assignment = PatternLiterals.matcher(ASSIGNMENT, text);
    while (assignment.find()) {
      String variable = assignment.group(1);
      String value = assignment.group(2);
      if ((SecretNames.secret(variable)
              || value.startsWith("op://")
              || PatternLiterals.finds(DATABASE, variable)
              || PatternLiterals.matches(CHOOSES_PLACE, variable))
          && Environments.namesProduction(value)) {
        keep(path, variable + "=" + value + " in " + path, found);
        return;
      }
    }
    if (whole) {
      keep(path, null, found);
    }
  }

  /**
   * Remembers the env files a shell call writes by copying: production's own ({@code
   * .env.production}, {@code prod.env}) copied to one a tool loads; another copied there forgets
   * it.
   *
   * @param scan the call's scan
   * @param found where it is remembered
   */
  static void copied(Scan scan, Found found) {
    List<Access> accesses = scan.accesses();
    for (Access write : accesses) {
      if (write.kind() != Access.Kind.WRITE || !write.target().known()) {
        continue;
      }
      String to = write.target().path().toString();
      String toName = name(to);
      if (!envFile(toName) || Environments.namesProduction(toName)) {
        continue;
      }
      String from = null;
      for (Access read : accesses) {
        if (read.kind() == Access.Kind.READ
            && read.invocation() == write.invocation()
            && read.target().known()) {
          String source = read.target().path().toString();
          if (envFile(name(source)) && Environments.namesProduction(name(source))) {
            from = source;
            break;
          }
          from = from == null ? "" : from;
        }
      }
      if (from != null) {
        keep(to, from.isEmpty() ? null : from + " copied to " + to, found);
      }
    }
  }

  private static void keep(String path, String what, Found found) {
    if (found.writesSenders().size() < 16) {
      found
          .writesSenders()
          .put(
              HeldContent.KEY + path + MARK,
              what == null ? "" : RULE + " " + FlowReading.shorten(what));
    }
  }

  /**
   * The run entries of a program that acts with what its environment gives it: a runner's task that
   * does more than build, check, serve or read, or a script of the project. Its folder's env files,
   * and those a loader around it names, are what it loads.
   *
   * @param scan the call's scan
   * @param step the program
   * @param found where the entries go
   */
  static void runs(Scan scan, Step step, Found found) {
    if (!RunnerTargets.acts(scan, step) && !ProductionConsoles.runsScript(step)) {
      return;
    }
    for (Path cwd : step.cwds()) {
      if (cwd != null && found.runs().size() < 32) {
        found.runs().add(IN_FOLDER + ":" + cwd);
      }
    }
    for (Step loader : scan.steps()) {
      List<Word> args = loader.args();
      boolean lettered = LOADERS.contains(loader.program());
      for (int i = 0; i < args.size() && !args.get(i).text().equals("--"); i++) {
        String text = args.get(i).text();
        String file = null;
        if (text.startsWith("--env-file=")) {
          file = text.substring("--env-file=".length());
        } else if ((text.equals("--env-file")
                || lettered && (text.equals("-e") || text.equals("-f") || text.equals("--file")))
            && i + 1 < args.size()) {
          file = args.get(++i).text();
        }
        if (file != null && !file.isEmpty()) {
          named(loader, file, found);
        }
      }
    }
  }

  /** The entries of an env file a loader names: its path, and below its folder when relative. */
  private static void named(Step loader, String file, Found found) {
    if (file.startsWith("/")) {
      found.runs().add(NAMED + ":" + Path.of(file).normalize());
      return;
    }
    String relative = file.startsWith("./") ? file.substring(2) : file;
    for (Path cwd : loader.cwds()) {
      if (cwd != null && !relative.startsWith("~") && found.runs().size() < 32) {
        found.runs().add(NAMED + ":" + cwd + BELOW + relative);
      }
    }
  }

  /**
   * Whether a run entry of this class reaches a remembered env file.
   *
   * @param what the entry's kind
   * @param path the remembered pseudo-path
   * @param folder the entry's folder, or its named file
   * @return whether the task loads the file
   */
  static boolean reaches(String what, String path, String folder) {
    if (!path.endsWith(MARK)) {
      return false;
    }
    String file = path.substring(0, path.length() - MARK.length());
    if (what.equals(IN_FOLDER)) {
      return LOADED.contains(name(file)) && RunFolders.related(file, folder);
    }
    if (!what.equals(NAMED)) {
      return false;
    }
    int below = folder.indexOf(BELOW);
    if (below < 0) {
      return file.equals(folder);
    }
    String relative = folder.substring(below + BELOW.length());
    String base = folder.substring(0, below);
    return file.equals(Path.of(base, relative).normalize().toString())
        || RunFolders.under(file, base) && file.endsWith("/" + relative);
  }

  /** Whether a file's name, in lower case, is an env file's and not an example of one. */
  private static boolean envFile(String name) {
    return (name.equals(".env")
            || name.startsWith(".env.")
            || name.endsWith(".env")
            || name.equals(".envrc"))
        && !name.contains("example")
        && !name.contains("sample");
  }

  private static String name(String path) {
    return path.substring(path.lastIndexOf('/') + 1).toLowerCase(Locale.ROOT);
  }
}
