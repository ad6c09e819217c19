package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.internal.Scan.Step;
import io.github.providergateway.guard.shell.Word;
import java.util.List;
import java.util.Set;

/**
 * Maven and Gradle deploying what they built to a repository or registry ({@code mvn deploy},
 * {@code ./gradlew publish}). The other publishing rules are word patterns in the book; these two
 * tools need code, since what they run is a list of phases, goals and tasks among options that take
 * values ({@code mvn -P deploy package} builds with a profile named {@code deploy} and deploys
 * nothing) and a task's name says where it publishes ({@code publishToMavenLocal} stays on this
 * machine).
 */
final class PublishRules implements Family {
  static final BuiltinRule MAVEN = RuleBook.rule("publish.maven");

  /** Maven's options whose value is the next word when not attached. */
  private static final Set<String> MAVEN_VALUES =
      Set.of(
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
      Set.of(
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
      Set.of(
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
      Set.of(
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

  @Override
  public List<BuiltinRule> rules() {
    return List.of(MAVEN);
  }

  @Override
  public void scan(Scan scan) {
    for (Step step : scan.steps()) {
      boolean publishes =
          switch (step.program()) {
            case "mvn", "mvnw", "mvnd" -> maven(step.args());
            case "gradle", "gradlew" -> gradle(step.args());
            default -> false;
          };
      if (publishes) {
        scan.hit(MAVEN, step, null);
      }
    }
  }

  /** Whether Maven is asked for the deploy phase, or a goal that uploads, and not to skip it. */
  private static boolean maven(List<Word> args) {
    boolean deploys = false;
    for (int i = 0; i < args.size(); i++) {
      String word = args.get(i).text();
      if (word.startsWith("-")) {
        if (word.equals("-Dmaven.deploy.skip=true") || word.equals("-Dmaven.deploy.skip")) {
          return false;
        }
        if (MAVEN_VALUES.contains(word)) {
          i++; // the value: a profile or module may be named deploy
        }
      } else {
        deploys |= word.equals("deploy") || MAVEN_GOALS.contains(word);
      }
    }
    return deploys;
  }

  /** Whether Gradle is asked for a task that uploads, and it is no dry run. */
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
      String task = word.substring(word.lastIndexOf(':') + 1);
      publishes |=
          GRADLE_TASKS.contains(task)
              || task.startsWith("publish")
                  && task.endsWith("Repository")
                  && !task.endsWith("MavenLocalRepository");
    }
    return publishes;
  }
}
