package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.Locale;
import java.util.Set;

/**
 * A variable set for the call that chooses its environment and names a test's or staging's place
 * (decision 336, issue 80's ordinary work): {@code TP_ENV=staging tms reboot 99000012}, {@code
 * STAGE=qa orderctl cancel …}. A company's tool reads its place from its own variable as often as
 * from {@code --env}; {@code --env staging} lets an act through ({@link TestPlaceNamed}), and so
 * does the variable. Only a variable whose name chooses a place counts ({@code …_ENV}, {@code
 * …_ENVIRONMENT}, {@code STAGE}, {@code …_TARGET}, {@code …_TIER}): {@code LOG_LEVEL=debug} or
 * {@code NOTES=staging} say nothing of where; and a variable naming production beside it wins.
 */
final class PlaceVariables {
  private PlaceVariables() {}

  /** The parts of a variable's name that say it chooses the environment. */
  private static final Set<String> PLACE_PARTS =
      NameSet.of("env", "environment", "stage", "target", "tier", "mode");

  /** Whether a variable set for the call's command chooses a test's or staging's place. */
  static boolean trial(Scan scan, Step step) {
    boolean trial = false;
    for (String token : CallEnvironment.assignmentsFor(scan, step)) {
      int eq = token.indexOf('=');
      String value = token.substring(eq + 1).replace("\"", "").replace("'", "");
      if (Environments.namesProduction(value)) {
        return false;
      }
      trial |=
          choosesPlace(token.substring(0, eq))
              && value.length() < 64
              && (Environments.testName(value) || Environments.stagingHost(value));
    }
    return trial;
  }

  private static boolean choosesPlace(String name) {
    for (String part : name.toLowerCase(Locale.ROOT).split("_")) {
      if (PLACE_PARTS.contains(part)) {
        return true;
      }
    }
    return false;
  }
}
