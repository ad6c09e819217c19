package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Build tools deploying what they built to a repository or registry ({@code mvn deploy}, {@code
 * ./gradlew publish}, {@code sbt publishSigned}, {@code lein deploy}), and container images pushed
 * to a registry. The other publishing rules are word patterns in the book; these need predicates. A
 * build tool runs a list of phases, goals and tasks among options that take values ({@code mvn -P
 * deploy package} builds with a profile named {@code deploy} and deploys nothing), a task's name
 * says where it publishes ({@code publishToMavenLocal} stays on this machine) and Gradle runs a
 * task by an abbreviation of its name ({@code pTS}). An image command names several images, and
 * only where it pushes decides ({@code skopeo copy docker://localhost:5000/a docker://ghcr.io/a}
 * pushes to ghcr.io; {@code -t localhost:5000/a -t ghcr.io/a} pushes to both).
 *
 * <p>The two rules are the book's ({@code publish.maven}, {@code publish.image}): their clauses
 * name the build tools and these predicates.
 */
final class BuildPublishes {

  /** Maven's options whose value is the next word when not attached. */
  private static final Set<String> MAVEN_VALUES =
      NameSet.of(
          "-f",
          "--file",
          "-s",
          "--settings",
          "-gs",
          "--global-settings",
          "-t",
          "--toolchains",
          "-P",
          "--activate-profiles",
          "-pl",
          "--projects",
          "-rf",
          "--resume-from",
          "-T",
          "--threads",
          "-l",
          "--log-file",
          "-b",
          "--builder",
          "-D",
          "--define");

  /** Gradle's options whose value is the next word when not attached. */
  private static final Set<String> GRADLE_VALUES =
      NameSet.of(
          "-p",
          "--project-dir",
          "-b",
          "--build-file",
          "-c",
          "--settings-file",
          "-g",
          "--gradle-user-home",
          "-I",
          "--init-script",
          "-x",
          "--exclude-task",
          "-D",
          "--system-prop",
          "-P",
          "--project-prop",
          "--console",
          "--warning-mode",
          "--max-workers",
          "--include-build",
          "--project-cache-dir",
          "--priority",
          "-M",
          "--write-verification-metadata",
          "-F",
          "--dependency-verification");

  /** Maven goals that upload to a remote repository or registry. */
  private static final Set<String> MAVEN_GOALS =
      NameSet.of(
          "deploy:deploy",
          "deploy:deploy-file",
          "release:perform",
          "nexus-staging:deploy",
          "nexus-staging:release",
          "nexus-staging:deploy-staged",
          "central-publishing:publish",
          "gpg:sign-and-deploy-file",
          "jib:build");

  /** Gradle tasks that upload, besides {@code publish…To…Repository}. */
  private static final Set<String> GRADLE_TASKS =
      NameSet.of(
          "publish",
          "publishToSonatype",
          "publishPlugins",
          "publishPlugin",
          "publishAllPublicationsToMavenCentral",
          "publishAndReleaseToMavenCentral",
          "publishToMavenCentral",
          "closeAndReleaseSonatypeStagingRepository",
          "closeAndReleaseStagingRepositories",
          "releaseSonatypeStagingRepository",
          "uploadArchives",
          "jib");

  /**
   * sbt's commands that upload to a remote repository (sbt-pgp's, sbt-sonatype's, sbt-release's).
   */
  private static final Set<String> SBT_COMMANDS =
      NameSet.of(
          "publish",
          "publishSigned",
          "sonatypeBundleRelease",
          "sonatypeRelease",
          "sonatypeReleaseAll",
          "sonatypeCentralRelease",
          "sonatypeCentralUpload",
          "ci-release",
          "release",
          "releaseEarly");

  private BuildPublishes() {}

  /**
   * Adds the predicates of {@code publish.maven} and {@code publish.image} under their names: a
   * build tool deploying what it built, an image pushed to a registry.
   */
  static void addTo(Map<String, Where.Predicate> named) {
    named.put("maven-deploys", (scan, step, read) -> maven(step.args()));
    named.put("gradle-publishes", (scan, step, read) -> gradle(step.args()));
    named.put("sbt-publishes", (scan, step, read) -> sbt(step.args()));
    named.put("lein-deploys", (scan, step, read) -> lein(step.args()));
    named.put(
        "image-pushed", ProgramNames.of(Images.PUSHERS, (scan, step, read) -> Images.pushes(step)));
    named.put("workflow-publishes", (scan, step, read) -> WorkflowsDispatched.publishes(step));
  }

  /**
   * Whether Maven is asked for the deploy phase, or a goal that uploads (by its prefix or its full
   * coordinates), and not to skip it: of two {@code -Dmaven.deploy.skip} the last decides, as
   * Maven's. A deployment to a local repository ({@code -DaltDeploymentRepository=id::file:…}) or
   * Jib's to a local registry uploads nothing.
   */
  private static boolean maven(List<Word> args) {
    boolean deploys = false;
    boolean jib = false;
    Map<String, String> defined = new HashMap<>();
    for (int i = 0; i < args.size(); i++) {
      String word = args.get(i).text();
      if (word.startsWith("-D") || word.equals("--define") || word.startsWith("--define=")) {
        String definition =
            word.startsWith("--define=")
                ? word.substring(9)
                : word.startsWith("-D") && word.length() > 2
                    ? word.substring(2)
                    : i + 1 < args.size() ? args.get(++i).text() : "";
        int eq = definition.indexOf('=');
        defined.put(
            eq < 0 ? definition : definition.substring(0, eq),
            eq < 0 ? "true" : definition.substring(eq + 1));
      } else if (word.startsWith("-")) {
        if (MAVEN_VALUES.contains(word)) {
          i++; // the value: a profile or module may be named deploy
        }
      } else {
        String goal = mavenGoal(word);
        if (goal.equals("deploy") || goal.startsWith("deploy:")) {
          deploys |= goal.equals("deploy") || MAVEN_GOALS.contains(goal);
        } else if (goal.equals("jib:build")) {
          jib = true;
        } else {
          deploys |= MAVEN_GOALS.contains(goal);
        }
      }
    }
    if (deploys && "true".equalsIgnoreCase(defined.get("maven.deploy.skip"))) {
      deploys = false;
    }
    if (deploys) {
      String alternative = defined.get("altDeploymentRepository");
      deploys = alternative == null || !localRepository(alternative);
    }
    if (jib) {
      String image = defined.getOrDefault("jib.to.image", defined.get("image"));
      jib = image == null || Images.remote(image);
    }
    return deploys || jib;
  }

  /**
   * A goal as its plugin's prefix and name ({@code deploy:deploy}), written so or by the plugin's
   * coordinates ({@code org.apache.maven.plugins:maven-deploy-plugin:3.1.2:deploy}); a phase as
   * written.
   */
  static String mavenGoal(String word) {
    String[] parts = word.split(":", -1);
    if (parts.length < 2) {
      return word;
    }
    String plugin = parts.length == 2 ? parts[0] : parts[1];
    String goal = parts[parts.length - 1];
    // Maven's naming: maven-<prefix>-plugin for its own plugins, <prefix>-maven-plugin for others.
    if (plugin.startsWith("maven-") && plugin.endsWith("-plugin")) {
      plugin = plugin.substring(6, plugin.length() - 7);
    } else if (plugin.endsWith("-maven-plugin")) {
      plugin = plugin.substring(0, plugin.length() - 13);
    }
    return plugin + ":" + goal;
  }

  /** Whether Maven's {@code id::url} (or {@code id::layout::url}) repository is on this machine. */
  private static boolean localRepository(String repository) {
    String url = repository.substring(repository.lastIndexOf("::") + 2);
    return url.startsWith("file:") || !Images.remote(url.replaceFirst("^https?://", ""));
  }

  /**
   * Whether Gradle is asked for a task that uploads, by its name or an abbreviation Gradle takes
   * for it, and it is no dry run.
   */
  private static boolean gradle(List<Word> args) {
    boolean publishes = false;
    for (int i = 0; i < args.size(); i++) {
      String word = args.get(i).text();
      if (word.equals("--dry-run") || word.equals("-m")) {
        return false; // Gradle lists the tasks it would run and runs none
      }
      if (word.startsWith("-")) {
        if (GRADLE_VALUES.contains(word)) {
          i++; // -x publish excludes the task
        }
        continue;
      }
      // A task of a subproject is written with its path (:lib:publish).
      publishes |= gradleUploads(word.substring(word.lastIndexOf(':') + 1));
    }
    return publishes;
  }

  /**
   * Whether a task as written names a task that uploads. Gradle takes a task's name in any case
   * ({@code Publish}) and abbreviated by the beginnings of its camel-case words ({@code pTS} is
   * {@code publishToSonatype}, {@code cARSSR} {@code closeAndReleaseSonatypeStagingRepository}, a
   * beginning of the name alone when it is one word: {@code pub}); an abbreviation that fits two
   * tasks is refused by Gradle, so reading it as the one that uploads costs nothing.
   */
  static boolean gradleUploads(String task) {
    if (task.isEmpty()) {
      return false;
    }
    for (String upload : GRADLE_TASKS) {
      if (abbreviates(task, upload)) {
        return true;
      }
    }
    // publish<Publication>PublicationTo<Repository>Repository, which a project names: the tasks
    // to Maven Local stay here.
    List<String> parts = camelParts(task);
    if (parts.size() < 2 || !abbreviates(parts.get(0), "publish")) {
      return false;
    }
    int to = -1;
    for (int k = 1; k < parts.size(); k++) {
      if (abbreviates(parts.get(k), "To")) {
        to = k;
      }
    }
    if (to < 0) {
      return false;
    }
    List<String> after = parts.subList(to + 1, parts.size());
    boolean local =
        after.size() >= 2
            && abbreviates(after.get(0), "Maven")
            && abbreviates(after.get(1), "Local")
            && (after.size() == 2 || after.size() == 3 && abbreviates(after.get(2), "Repository"));
    return !local;
  }

  /**
   * Whether Gradle would take {@code given} for the task {@code name}: the same name in any case,
   * or each camel-case word of it the beginning of a word of the name, in order, the last one of
   * the words that follow too (Gradle's NameMatcher).
   */
  private static boolean abbreviates(String given, String name) {
    if (given.equalsIgnoreCase(name)) {
      return true;
    }
    // Each given word begins the next word of the name (between two, Gradle's pattern takes only
    // lower-case letters and digits, the rest of a word); the name may go on after the last. Read
    // in any case, as Gradle's last reading is.
    List<String> wanted = camelParts(given);
    List<String> words = camelParts(name);
    if (wanted.size() > words.size()) {
      return false;
    }
    for (int k = 0; k < wanted.size(); k++) {
      if (!startsWith(words.get(k), wanted.get(k))) {
        return false;
      }
    }
    return true;
  }

  private static boolean startsWith(String word, String part) {
    return word.length() >= part.length() && word.regionMatches(true, 0, part, 0, part.length());
  }

  /** A name's camel-case words: {@code publishToSonatype} is publish, To, Sonatype. */
  private static List<String> camelParts(String name) {
    List<String> parts = new ArrayList<>();
    int start = 0;
    for (int i = 1; i <= name.length(); i++) {
      if (i == name.length()
          || Character.isUpperCase(name.charAt(i))
          || Character.isDigit(name.charAt(i)) && !Character.isDigit(name.charAt(i - 1))) {
        parts.add(name.substring(start, i));
        start = i;
      }
    }
    return parts;
  }

  /**
   * Whether sbt is given a command that uploads: {@code publish}, {@code publishSigned}, a Sonatype
   * release, in a project ({@code core/publish}), cross-built ({@code +publishSigned}) or among
   * others ({@code "clean; publishSigned"}). {@code publishLocal} and {@code publishM2} stay here.
   */
  private static boolean sbt(List<Word> args) {
    for (Word word : args) {
      for (String command : word.text().split("[;\\s]+")) {
        String c = command.startsWith("+") ? command.substring(1) : command;
        c = c.substring(c.lastIndexOf('/') + 1);
        if (SBT_COMMANDS.contains(c)) {
          return true;
        }
      }
    }
    return false;
  }

  /** Whether Leiningen is asked to deploy ({@code lein deploy clojars}) or release. */
  private static boolean lein(List<Word> args) {
    for (Word word : args) {
      String t = word.text();
      String task = t.endsWith(",") ? t.substring(0, t.length() - 1) : t; // lein do a, deploy
      if (task.equals("deploy") || task.equals("release")) {
        return true;
      }
    }
    return false;
  }
}
