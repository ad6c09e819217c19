package io.github.providergateway.guard.internal;

import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * A test run pointed at the live system (decision 214): integration tests send what they test
 * (commands, table loads, reinstated mandates) to whatever the environment names, and {@code
 * GC_ENVIRONMENT=live pytest …} or {@code YAMCS_INSTANCE=tsr-flight pytest …} names the live one.
 * The test runner is read as what it reaches: a variable assigned a production name around it
 * ({@link Environments#productionAround}: the runner's own words, {@code -k p1_holidays}, are the
 * tests' names), or an instance, scope or environment variable assigned the {@code flight} one.
 */
final class TestsOnLive {
  private TestsOnLive() {}

  private static final Set<String> RUNNERS =
      Set.of("pytest", "py.test", "jest", "vitest", "rspec", "behave", "cucumber", "tox", "nox");

  private static final Set<String> PACKAGE_RUNNERS =
      Set.of(
          "npm", "yarn", "pnpm", "bun", "go", "mvn", "mvnw", "gradle", "gradlew", "cargo", "dotnet",
          "mix", "deno");

  /**
   * Runners of a project's own targets, whose test targets are named so ({@code make
   * test-epp-integration}, {@code just smoke-test}, {@code npm run test:e2e}): decision 336, round
   * 77's {@code EPPCTL_PROFILE=production make test-epp-integration}.
   */
  private static final Set<String> TARGET_RUNNERS =
      Set.of("make", "gmake", "just", "task", "rake", "invoke", "npm", "yarn", "pnpm", "bun");

  /** Whether the program is a test runner pointed at the live system. */
  static boolean pointedAtLive(Scan scan, Step step) {
    return runsTests(step)
        && scan.source() != null
        && (Environments.productionAround(scan, step)
            || scan.<Boolean>once("TestsOnLive.flight", call -> flightAssigned(call.source())));
  }

  private static boolean runsTests(Step step) {
    String program = step.program();
    List<String> args = step.invocation().args();
    if (RUNNERS.contains(program)) {
      return true;
    }
    if (program.startsWith("python")) {
      int m = args.indexOf("-m");
      return m >= 0 && m + 1 < args.size() && args.get(m + 1).equals("pytest");
    }
    if (program.equals("php") && args.size() > 1 && args.get(0).equals("artisan")) {
      return args.get(1).equals("test");
    }
    if (PACKAGE_RUNNERS.contains(program) && !args.isEmpty() && args.get(0).equals("test")) {
      return true;
    }
    return TARGET_RUNNERS.contains(program) && args.stream().anyMatch(TestsOnLive::namesTests);
  }

  /**
   * A target named for the tests that reach a system: {@code test-integration}, {@code e2e}, {@code
   * test:acceptance}, {@code smoke-tests}. A plain {@code test} or {@code check} target with
   * production named beside it builds and checks (decision 169: {@code make test ENV=production}
   * stays allowed); the tests that reach what the environment names are these.
   */
  private static boolean namesTests(String target) {
    if (target.startsWith("-")) {
      return false;
    }
    List<String> parts = ServiceVerbs.split(target.toLowerCase(Locale.ROOT));
    if (parts.contains("e2e")) {
      return true;
    }
    return parts.stream().anyMatch(TESTS::contains) && parts.stream().anyMatch(REACHING::contains);
  }

  private static final Set<String> TESTS = Set.of("test", "tests", "spec", "specs");

  /** The kinds of tests that reach the system under test rather than the code alone. */
  private static final Set<String> REACHING =
      Set.of(
          "integration",
          "acceptance",
          "smoke",
          "system",
          "live",
          "contract",
          "load",
          "functional",
          "end2end",
          "api");

  /** {@code YAMCS_INSTANCE=tsr-flight}, {@code OPENC3_SCOPE=FLIGHT}: the live instance named. */
  private static boolean flightAssigned(String source) {
    for (String token : CommandTokens.of(source)) {
      int eq = token.indexOf('=');
      if (!Environments.assignment(token)) {
        continue;
      }
      String name = token.substring(0, eq).toUpperCase(Locale.ROOT);
      boolean place =
          name.endsWith("_INSTANCE")
              || name.endsWith("_SCOPE")
              || name.endsWith("_ENV")
              || name.endsWith("_ENVIRONMENT");
      if (place
          && GroundCommands.flightOrProduction(
              token.substring(eq + 1).replace("\"", "").replace("'", ""))) {
        return true;
      }
    }
    return false;
  }
}
