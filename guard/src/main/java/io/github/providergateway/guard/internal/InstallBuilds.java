package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

/**
 * A build of a clone the agents' hooks run the gateway from ({@link GroundInstalls}): its launcher
 * runs the jar its build leaves in the clone's {@code reference-app/target}, so a build there
 * ({@code ./mvnw -f /opt/pg/pom.xml package}, {@code cd /opt/pg && mvn install}) writes the program
 * every later hook runs ({@code guard.self}, issue 75). Where the clone is the session's project,
 * it is the person's work on the gateway and no install ({@link GroundInstalls}).
 */
final class InstallBuilds {
  private static final BuiltinRule SELF = RuleBook.rule("guard.self");

  private InstallBuilds() {}

  /** Maven's and Gradle's launchers. */
  private static final Set<String> BUILDERS =
      NameSet.of("mvn", "mvnw", "mvnd", "gradle", "gradlew");

  /**
   * Scans each build for a clone of the gateway it builds.
   *
   * @param scan the call's scan
   */
  static void scan(Scan scan) {
    for (Step step : scan.steps()) {
      if (!BUILDERS.contains(step.program())) {
        continue;
      }
      GroundInstalls.Installs installs = scan.places().installs();
      if (installs.folders().isEmpty()) {
        return;
      }
      List<Word> args = step.args();
      Word project = null;
      for (int i = 0; i < args.size(); i++) {
        String t = args.get(i).text();
        if ((t.equals("-f") || t.equals("--file") || t.equals("-p") || t.equals("--project-dir"))
            && i + 1 < args.size()) {
          project = args.get(i + 1);
        } else if (t.startsWith("--file=") || t.startsWith("--project-dir=")) {
          project = new Word(t.substring(t.indexOf('=') + 1), args.get(i).literal());
        }
      }
      if (project == null) {
        for (Path cwd : step.cwds()) {
          if (cwd != null && installs.holds(cwd)) {
            scan.hit(SELF, step, null);
            return;
          }
        }
        continue;
      }
      for (Target target : scan.targets(step, project)) {
        if (target.path() != null && installs.holds(target.path())) {
          scan.hit(SELF, step, target);
          return;
        }
      }
    }
  }
}
