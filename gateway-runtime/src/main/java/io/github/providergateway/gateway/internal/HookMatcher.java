package io.github.providergateway.gateway.internal;

import io.github.providergateway.protocol.HookAction;
import io.github.providergateway.protocol.HookMatch;
import io.github.providergateway.protocol.HookRule;
import io.github.providergateway.protocol.Limits;
import java.lang.System.Logger.Level;
import java.util.HashSet;
import java.util.Set;

/**
 * Whether a hook rule matches a call (spec: Hook rules — match): its tool, its provider, its file
 * glob and its argument regex, each regex run step-guarded ({@link RegexGuard}) and paid from the
 * evaluation's and the rule owner's steps. A pattern that cannot be run within them fails safe
 * (design brief, decision 8), and is logged once. Loop only.
 */
final class HookMatcher {

  private static final System.Logger LOG = System.getLogger(HookMatcher.class.getName());

  private static final int MAX_LOGGED_OUT_OF_STEPS = 10_000;

  private final Limits limits;
  private final Listeners listener;
  private final RegexGuard regex;

  /** Rules whose regex has run out of steps once already: logged once each. Loop only. */
  private final Set<String> loggedOutOfSteps = new HashSet<>();

  HookMatcher(Limits limits, Listeners listener, RegexGuard regex) {
    this.limits = limits;
    this.listener = listener;
    this.regex = regex;
  }

  /**
   * Whether {@code rule} of {@code binding} matches the call as {@code run} has it now: its tool,
   * provider, file and argument patterns. A pattern that runs out of steps fails safe: a deny or
   * gate counts as matched (and {@code run} says so), a context not.
   */
  boolean matches(HookEvaluation run, Binding binding, HookRule rule) {
    HookMatch match = rule.match();
    if (match == null) {
      return true;
    }
    if (match.tool() != null && !match.tool().equals(run.tool)) {
      return false;
    }
    if (match.provider() != null && !match.provider().equals(run.toolProvider)) {
      return false;
    }
    if (match.file() != null) {
      String file = Globs.fileArgument(match.file(), run.args());
      if (file == null || !found(run, binding, rule, Globs.toRegex(match.file()), file)) {
        return false;
      }
    }
    return match.args() == null
        || found(run, binding, rule, match.args(), run.argsText(limits.regex().maxMatchedChars()));
  }

  /** One guarded match of a rule's pattern, paid from the run's and the rule owner's steps. */
  private boolean found(
      HookEvaluation run, Binding binding, HookRule rule, String regexText, String text) {
    RegexGuard.Result found =
        regex.find(regexText, text, run.regexSpend(), binding.provider.regexAllowance(regex));
    if (found == RegexGuard.Result.OUT_OF_STEPS) {
      logOutOfStepsOnce(binding, regexText);
      // Fail safe (design brief, decision 8): a deny or gate counts as matched, context not.
      run.unrun = true;
      return rule.action() != HookAction.CONTEXT;
    }
    return found == RegexGuard.Result.MATCHED;
  }

  /** What a deny rule that matched says: its reason, or that it could not be run. */
  static String denyReason(HookEvaluation run, Binding binding, HookRule rule) {
    if (run.unrun) {
      return notChecked(binding);
    }
    return rule.reason() != null
        ? rule.reason()
        : "Blocked by provider '" + binding.provider.name + "'";
  }

  /**
   * The reason of a deny rule that could not be run: a fail-safe denial says it is one, never the
   * rule's own reason (which would tell the agent its call holds what it does not).
   */
  private static String notChecked(Binding binding) {
    return "Not checked: a rule of provider '"
        + binding.provider.name
        + "' could not be run (its regex work for this call or this moment is spent), so the call"
        + " is denied to be safe; try again";
  }

  private void logOutOfStepsOnce(Binding binding, String pattern) {
    if (loggedOutOfSteps.size() >= MAX_LOGGED_OUT_OF_STEPS) {
      loggedOutOfSteps.clear(); // bounded: a provider cycling patterns must not grow it forever
    }
    if (loggedOutOfSteps.add(binding.provider.name + "\u0000" + pattern)) {
      String message =
          "Hook regex of provider '"
              + binding.provider.name
              + "' ran out of steps (it failed safe): "
              + pattern;
      LOG.log(Level.WARNING, message);
      listener.warning(message);
    }
  }
}
