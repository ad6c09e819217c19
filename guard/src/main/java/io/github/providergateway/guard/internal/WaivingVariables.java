package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A variable the command sets that waives a check or sends a run through unattended (decision 255,
 * for {@link RunnerTargets}): {@code export DIALER_SKIP_DNC_SCRUB=1 && npm run dialer:load}, {@code
 * NTD_AUTO_SUBMIT=1 make ntd-monthly}. The project's task reads it where nobody sees it, as a
 * trade's tool reads {@code --skip-hold-check} or {@code --auto-submit}: the run then goes past its
 * screening, or files what it made with no person looking. A preview turned off ({@code
 * REFILLBOT_DRY_RUN=0 make reminders-send}) sends the run through as {@code CONFIRM=yes} given to
 * the runner does (decision 289).
 */
final class WaivingVariables {
  private WaivingVariables() {}

  /** An assignment of the command's text: its name, its value. */
  private static final Pattern ASSIGNMENT =
      Pattern.compile("(?<![\\w$-])([A-Za-z][A-Za-z0-9_]{2,63})=[\"']?([A-Za-z0-9]{1,8})\\b");

  /** The words of a name that waive what follows them. */
  private static final Set<String> WAIVING =
      NameSet.of("skip", "no", "disable", "disabled", "bypass", "ignore", "without", "omit");

  /** The checks a run may be told to go past. */
  private static final Set<String> CHECKS =
      NameSet.of(
          "check",
          "checks",
          "scrub",
          "scrubbing",
          "validation",
          "validate",
          "validator",
          "verify",
          "verification",
          "screening",
          "screen",
          "approval",
          "approvals",
          "review",
          "dnc",
          "kyc",
          "aml",
          "sanctions",
          "safety",
          "consent",
          "compliance",
          "limits",
          "limit",
          "hold",
          "holds",
          // a signature's check (decision 289: SKIP_SIG=1 on a firmware rollout)
          "sig",
          "sigs",
          "signature",
          "signatures",
          "checksum");

  /** What a run files or sends once told to by itself. */
  private static final Set<String> UNATTENDED =
      NameSet.of(
          "submit",
          "send",
          "publish",
          "approve",
          "post",
          "pay",
          "release",
          "file",
          "notify",
          "mail",
          "email",
          "dispatch",
          "deploy");

  /** The values that turn a switch on. */
  private static final Set<String> ON = NameSet.of("1", "true", "yes", "y", "on");

  /** The values that turn a preview off. */
  private static final Set<String> OFF = NameSet.of("0", "false", "no", "n", "off");

  /** The longest text read. */
  private static final int READ = 8 * 1024;

  /**
   * The first variable of the call's text that waives a check or sends a run through unattended.
   *
   * @param scan the call
   * @return the assignment as written, or {@code null}
   */
  static String found(Scan scan) {
    String source = scan.source();
    if (source == null || source.indexOf('=') < 0) {
      return null;
    }
    return scan.once("WaivingVariables", call -> read(call.source()));
  }

  /**
   * Whether the call sets a variable that takes in what the trade keeps out ({@code
   * PORTAL_INCLUDE_SEALED=1}, {@code INCLUDE_ARMS=1}): a task that only exports or reads then hands
   * over what others may not see.
   */
  static boolean includesKeptOut(Scan scan) {
    String found = found(scan);
    if (found == null) {
      return false;
    }
    String name = found.substring(0, found.indexOf('='));
    return FinalisingOptions.includesKeptOut(List.of(name.toLowerCase(Locale.ROOT).split("_")));
  }

  private static String read(String source) {
    Matcher assignment =
        ASSIGNMENT.matcher(source.length() > READ ? source.substring(0, READ) : source);
    while (assignment.find()) {
      String value = assignment.group(2).toLowerCase(Locale.ROOT);
      List<String> words = List.of(assignment.group(1).toLowerCase(Locale.ROOT).split("_"));
      if (OFF.contains(value) && dryRunNamed(words)) {
        return assignment.group(1) + "=" + assignment.group(2); // REFILLBOT_DRY_RUN=0 (d. 289)
      }
      if (!ON.contains(value)) {
        continue;
      }
      if (waives(words) || unattended(words) || FinalisingOptions.includesKeptOut(words)) {
        return assignment.group(1) + "=" + assignment.group(2);
      }
    }
    return null;
  }

  /** A run's preview by its name's end: {@code DRY_RUN}, {@code REFILLBOT_DRYRUN}, {@code NOOP}. */
  private static boolean dryRunNamed(List<String> words) {
    int last = words.size() - 1;
    String end = words.get(last);
    return end.equals("dryrun")
        || end.equals("noop")
        || end.equals("run") && last > 0 && words.get(last - 1).equals("dry");
  }

  /**
   * {@code SKIP_DNC_SCRUB}, {@code NO_VALIDATION}, {@code BYPASS_APPROVAL}, {@code SKIP_BGCHECK};
   * and the check named first, the waiving word straight after it: {@code BGCHECK_SKIP_DOJ} (a
   * background check's state step skipped), {@code VALIDATION_DISABLED}, {@code KYC_BYPASS}.
   */
  private static boolean waives(List<String> words) {
    int last = words.size() - 1;
    if (check(words.get(last)) && words.subList(0, last).stream().anyMatch(WAIVING::contains)) {
      return true;
    }
    for (int i = 0; i < last; i++) {
      if (check(words.get(i)) && WAIVING.contains(words.get(i + 1))) {
        return true;
      }
    }
    return false;
  }

  /** A check by its name, or a word that ends in one: {@code bgcheck}, {@code precheck}. */
  private static boolean check(String word) {
    return CHECKS.contains(word)
        || word.length() > 5 && (word.endsWith("check") || word.endsWith("checks"));
  }

  /** {@code AUTO_SUBMIT}, {@code NTD_AUTO_SUBMIT}, {@code AUTOSEND}. */
  private static boolean unattended(List<String> words) {
    for (int i = 0; i < words.size(); i++) {
      String word = words.get(i);
      if (word.equals("auto") && i + 1 < words.size() && UNATTENDED.contains(words.get(i + 1))) {
        return true;
      }
      if (word.startsWith("auto") && UNATTENDED.contains(word.substring(4))) {
        return true;
      }
    }
    return false;
  }
}
