package io.github.providergateway.gateway.internal;

import io.github.providergateway.protocol.ErrorCode;
import io.github.providergateway.protocol.HookRule;
import io.github.providergateway.protocol.Hooks;
import io.github.providergateway.protocol.Limits;
import io.github.providergateway.protocol.PromptSections;
import io.github.providergateway.protocol.RegexSteps;
import io.github.providergateway.protocol.TransformRule;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * Checks hook rules and transforms when they are registered, so a bad one is refused with an error
 * naming it rather than failing at match time (spec: Hook rules, Protected prompt sections, Regex
 * execution safety).
 */
final class HookRules {

  private HookRules() {}

  /**
   * Refuses more than {@code maxHookRulesPerProvider} rules ({@code PAYLOAD_TOO_LARGE}), an invalid
   * {@code match.args} regex ({@code INVALID_JSON}), and any transform but {@code append} on a
   * protected section ({@code UNAUTHORIZED}, whatever the trust level).
   */
  static void check(Hooks hooks, Limits limits) {
    List<HookRule> rules = hooks.onPreToolUse();
    if (rules != null) {
      if (rules.size() > limits.registration().maxHookRulesPerProvider()) {
        throw new ProtocolViolation(
            ErrorCode.PAYLOAD_TOO_LARGE,
            "A provider may hold at most "
                + limits.registration().maxHookRulesPerProvider()
                + " hook rules; got "
                + rules.size());
      }
      for (int i = 0; i < rules.size(); i++) {
        HookRule rule = rules.get(i);
        String where = "onPreToolUse[" + i + "]" + describe(rule);
        if (rule.match() != null && rule.match().args() != null) {
          checkRegex(rule.match().args(), where + " match.args");
        }
        if (rule.match() != null && rule.match().file() != null) {
          checkLength(rule.match().file(), where + " match.file");
        }
        if (rule.match() != null
            && rule.match().file() != null
            && !Globs.isValid(rule.match().file())) {
          throw new ProtocolViolation(
              ErrorCode.INVALID_JSON,
              where + " match.file is not a valid glob: " + rule.match().file());
        }
      }
    }
    Map<String, Optional<TransformRule>> transforms = hooks.transforms();
    if (transforms != null && transforms.size() > limits.registration().maxHookRulesPerProvider()) {
      throw new ProtocolViolation(
          ErrorCode.PAYLOAD_TOO_LARGE,
          "A provider may transform at most "
              + limits.registration().maxHookRulesPerProvider()
              + " sections; got "
              + transforms.size());
    }
    if (transforms != null) {
      transforms.forEach(
          (section, rule) ->
              rule.ifPresent(
                  r -> {
                    if (!PromptSections.allows(section, r.action())) {
                      throw new ProtocolViolation(
                          ErrorCode.UNAUTHORIZED,
                          "Section '"
                              + section
                              + "' is protected: only append is allowed, not "
                              + r.action().wireName());
                    }
                  }));
    }
  }

  private static String describe(HookRule rule) {
    return rule.gateId() == null ? "" : " (gate '" + rule.gateId() + "')";
  }

  /**
   * The longest regex or glob a rule may hold. Compiled patterns are cached (512 of them) and a
   * compiled pattern holds several times its source, so the cache needs a bound per pattern;
   * patterns people write for tools, arguments, files and pushes are a few dozen characters.
   */
  static final int MAX_PATTERN_CHARS = 1024;

  /** Refuses a pattern longer than {@link #MAX_PATTERN_CHARS} with {@code PAYLOAD_TOO_LARGE}. */
  static void checkLength(String pattern, String where) {
    if (pattern.length() > MAX_PATTERN_CHARS) {
      throw new ProtocolViolation(
          ErrorCode.PAYLOAD_TOO_LARGE,
          where
              + " has "
              + pattern.length()
              + " characters; a pattern may have at most "
              + MAX_PATTERN_CHARS);
    }
  }

  /**
   * Refuses a pattern that is too long, does not compile, or does work the regex step budget cannot
   * count ({@link RegexSteps#refusal}), naming where it is.
   */
  static void checkRegex(String pattern, String where) {
    checkLength(pattern, where);
    try {
      Pattern.compile(pattern);
    } catch (PatternSyntaxException e) {
      throw new ProtocolViolation(
          ErrorCode.INVALID_JSON,
          where + " is not a valid regular expression: " + e.getDescription());
    }
    String unbounded = RegexSteps.refusal(pattern);
    if (unbounded != null) {
      throw new ProtocolViolation(ErrorCode.INVALID_JSON, where + " is refused: " + unbounded);
    }
  }
}
