package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * What the environment variables a call sets for what it runs tell the project's own tool (decision
 * 152, the red team of decisions 147 and 148): to answer its own question ({@code
 * CREWCTL_ASSUME_YES=1}, {@code FORCE=true}), to turn its preview off ({@code DRY_RUN=0}), or to
 * skip one of its checks ({@code FREIGHTAUDIT_SKIP_MATCH=1}), read with the words a flag is read by
 * ({@link ActReach#waives}). The assignments are the call's, where a command starts ({@link
 * FrameworkEnvironments#assignmentsInEffect}); the caller asks for the acting command word.
 */
final class CallEnvironment {
  private CallEnvironment() {}

  /** A variable's last part that answers a question or turns a preview off when set true. */
  private static final Set<String> GO_LIVE_PARTS =
      NameSet.of("yes", "confirm", "confirmed", "force", "execute", "commit", "live", "apply");

  /**
   * The values that leave a variable off; since decision 325 the words that say so ({@code
   * DRY_RUN=disabled}, {@code never}, {@code none}).
   */
  private static final Set<String> OFF =
      NameSet.of(
          "",
          "0",
          "false",
          "no",
          "off",
          "n",
          "disabled",
          "disable",
          "never",
          "none",
          "False",
          "FALSE",
          "No",
          "NO",
          "Off",
          "OFF");

  /**
   * {@return whether the call sets a variable that tells a tool to go live or skip a check}
   *
   * @param scan the call
   */
  static boolean goesLive(Scan scan) {
    return anySet(scan, CallEnvironment::goesLive);
  }

  private static boolean goesLive(List<String> parts, boolean on) {
    if (on && (parts.contains("yes") || GO_LIVE_PARTS.contains(parts.get(parts.size() - 1)))) {
      return true; // CREWCTL_ASSUME_YES=1
    }
    if (!on && dryRun(parts)) {
      return true; // DRY_RUN=0
    }
    return on && waives(parts); // FREIGHTAUDIT_SKIP_MATCH=1
  }

  /**
   * {@return whether the call sets, for this program, a variable that keeps it to its preview
   * ({@code DRY_RUN=1}, {@code CREWCTL_DRYRUN=true}); one set before another command of the call
   * does not (decision 168: {@code DRY_RUN=1 ./bin/billing plan && ./bin/billing void …})}
   *
   * @param scan the call
   * @param step the program
   */
  static boolean staysDry(Scan scan, Step step) {
    return anySet(assignmentsFor(scan, step), (parts, on) -> on && dryRun(parts));
  }

  /** The assignments in effect for the call's command ({@code NAME=value}), none when none. */
  static List<String> assignmentsFor(Scan scan, Step step) {
    String source = scan.source();
    if (source == null || source.indexOf('=') < 0 || step.invocation().words().isEmpty()) {
      return List.of();
    }
    return scan.assignmentsFor(step.invocation().words().get(0).text());
  }

  /**
   * Whether the call's command is given values that name a test's (a variable set for it to {@code
   * "$TWILIO_TEST_ACCOUNT_SID"}, to {@code sk_test_…}): a delivery made with a test account's
   * credentials reaches nobody (decision 216's delivery; the spent rounds' {@code dealer-127}).
   */
  static boolean givenTestValues(Scan scan, Step step) {
    boolean test = false;
    boolean production = false;
    for (String token : assignmentsFor(scan, step)) {
      String value = token.substring(token.indexOf('=') + 1);
      test |= Environments.testName(value);
      production |= Environments.namesProduction(value);
    }
    return test && !production;
  }

  /**
   * Whether a variable set for the call's command names a test's or staging's place ({@code
   * NGA_TARGET=staging ./scripts/replay_bsm.sh …}, decision 308), and none names production.
   */
  static boolean givenTrialPlace(Scan scan, Step step) {
    boolean trial = false;
    for (String token : assignmentsFor(scan, step)) {
      String value = token.substring(token.indexOf('=') + 1).replace("\"", "").replace("'", "");
      if (Environments.namesProduction(value)) {
        return false;
      }
      trial |= Environments.testName(value) || Environments.stagingHost(value);
    }
    return trial;
  }

  /** Whether a variable set for the call's command names production ({@code APP_ENV=prod}). */
  static boolean givenProduction(Scan scan, Step step) {
    for (String token : assignmentsFor(scan, step)) {
      if (Environments.namesProduction(token.substring(token.indexOf('=') + 1))) {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether a variable set for the call's command points it at this machine ({@code
   * VAULT_ADDR=http://127.0.0.1:8200 vault …}, {@code API_URL=localhost:8080}): a host given by the
   * environment rather than by an option.
   */
  static boolean givenLocalHost(Scan scan, Step step) {
    for (String token : assignmentsFor(scan, step)) {
      if (SideChannels.named(token.substring(0, token.indexOf('=')))) {
        continue; // OTEL_EXPORTER_OTLP_ENDPOINT=http://localhost:4317: telemetry's (d. 325)
      }
      String value = token.substring(token.indexOf('=') + 1);
      int scheme = value.indexOf("://");
      String host = scheme >= 0 ? value.substring(scheme + 3) : value;
      int path = host.indexOf('/');
      int at = host.lastIndexOf('@', path < 0 ? host.length() - 1 : path);
      host = at >= 0 ? host.substring(at + 1) : host; // postgresql://app:pw@localhost (d. 325)
      int end = 0;
      while (end < host.length() && host.charAt(end) != ':' && host.charAt(end) != '/') {
        end++;
      }
      if (end > 0 && Environments.localHost(host.substring(0, end))) {
        return true;
      }
    }
    return false;
  }

  /** What a variable's name (split at _) and its being on or off tell. */
  private interface Told {
    boolean test(List<String> parts, boolean on);
  }

  /** Whether an assignment in effect for the call's command tells {@code told}. */
  private static boolean anySet(Scan scan, Told told) {
    String source = scan.source();
    if (source == null || source.indexOf('=') < 0) {
      return false;
    }
    return anySet(FrameworkEnvironments.assignmentsInEffect(source), told);
  }

  /** A variable's last part that says the tool writes for real when set: {@code COMMIT=1}. */
  private static final Set<String> COMMITTING_PARTS = NameSet.of("commit", "execute", "apply");

  /** The values that set a variable on, where another value ({@code COMMIT=3f9c2ab}) names. */
  private static final Set<String> ON = NameSet.of("1", "true", "yes", "on", "y");

  /**
   * {@return whether the call sets a variable that tells a tool to write for real ({@code
   * COMMIT=1}, {@code APPLY=true}) or turns its dry run off ({@code DRY_RUN=0}); decision 178, for
   * decision 177's read word beside a commit}
   *
   * @param scan the call
   */
  static boolean commits(Scan scan) {
    String source = scan.source();
    if (source == null || source.indexOf('=') < 0) {
      return false;
    }
    for (String token : FrameworkEnvironments.assignmentsInEffect(source)) {
      Assignment set = Assignment.of(token);
      String value = set.value().toLowerCase(Locale.ROOT);
      if (COMMITTING_PARTS.contains(set.last()) && ON.contains(value)
          || dryRun(set.parts()) && OFF.contains(value)) {
        return true;
      }
    }
    return false;
  }

  private static boolean anySet(List<String> assignments, Told told) {
    for (String token : assignments) {
      Assignment set = Assignment.of(token);
      if (told.test(set.parts(), !OFF.contains(set.value()))) {
        return true;
      }
    }
    return false;
  }

  /**
   * An assignment ({@code NAME=value}) as the readings above take it: its name split at {@code _}
   * and lower-cased ({@code [payout, dry, run]}), its value with its quotes taken out.
   */
  private record Assignment(List<String> parts, String value) {
    static Assignment of(String token) {
      int eq = token.indexOf('=');
      return new Assignment(
          Arrays.asList(token.substring(0, eq).toLowerCase(Locale.ROOT).split("_")),
          token.substring(eq + 1).replace("\"", "").replace("'", ""));
    }

    String last() {
      return parts.get(parts.size() - 1);
    }
  }

  /**
   * A dry run's or a preview's variable ({@code DRY_RUN}, {@code TARIFFCTL_PREVIEW}: d. 165); since
   * decision 308 a validation's or a sandbox's ({@code GOOGLE_ADS_VALIDATE_ONLY}, {@code
   * PAYPAL_SANDBOX}, {@code TEST_MODE}), which keep a run from acting as a dry run does.
   */
  private static boolean dryRun(List<String> parts) {
    int n = parts.size();
    if (n >= 2 && NEGATIONS.contains(parts.get(0))) {
      return false; // NO_SANDBOX=1, SKIP_DRY_RUN=1: the dry run turned off (decision 325)
    }
    String last = parts.get(n - 1);
    String before = n >= 2 ? parts.get(n - 2) : "";
    return GoAheadSaidOtherwise.preview(parts.subList(n - 1, n))
        || before.equals("dry") && last.equals("run")
        || last.equals("sandbox")
        || before.equals("validate") && last.equals("only")
        || before.equals("test") && last.equals("mode");
  }

  /**
   * A variable's first part that turns what follows off: {@code NO_SANDBOX}, {@code SKIP_DRY_RUN}.
   */
  private static final Set<String> NEGATIONS =
      NameSet.of("no", "skip", "disable", "without", "bypass", "ignore");

  /** A variable's last part that sends or publishes when set on: {@code KX_POR_PUBLISH=1}. */
  private static final Set<String> SENDING_PARTS =
      NameSet.of("publish", "send", "submit", "transmit", "post", "upload");

  /**
   * {@return whether the variables set for {@code step}'s command tell it to act for real (decision
   * 308): its dry run, validation or sandbox turned off ({@code PAYOUT_DRY_RUN=0}, {@code
   * GOOGLE_ADS_VALIDATE_ONLY=false}), or a go-live or sending switch turned on ({@code
   * PAYOUT_SEND=1}, {@code KX_POR_PUBLISH=1}, {@code FORCE=true}); not where a value names a
   * test's}
   *
   * @param scan the call
   * @param step the command
   */
  static boolean toldLiveFor(Scan scan, Step step) {
    if (givenTestValues(scan, step)) {
      return false;
    }
    for (String token : assignmentsFor(scan, step)) {
      Assignment set = Assignment.of(token);
      String value = set.value().toLowerCase(Locale.ROOT);
      // goesLive's reading, given only a switch's own values (COMMIT=3f9c2ab names a commit)
      if (ON.contains(value) && (SENDING_PARTS.contains(set.last()) || goesLive(set.parts(), true))
          || !value.isEmpty() && OFF.contains(value) && goesLive(set.parts(), false)) {
        return true; // PAYOUT_SEND=1; PAYOUT_DRY_RUN=0, GOOGLE_ADS_VALIDATE_ONLY=false
      }
    }
    return false;
  }

  /**
   * A waiving part and what follows it, read as a flag's name is; or a check named straight before
   * the word that waives it ({@code BGCHECK_SKIP_DOJ}: the background check's step skipped, {@code
   * QC_SKIP}, {@code SAFETY_BYPASS}).
   */
  private static boolean waives(List<String> parts) {
    for (int i = 0; i + 1 < parts.size(); i++) {
      if (ActReach.waives(parts.subList(i, parts.size()))
          || ActReach.checkPart(parts.get(i))
              && ShapeWords.WAIVING_PARTS.contains(parts.get(i + 1))) {
        return true;
      }
    }
    return false;
  }
}
