package io.github.providergateway.gateway.internal;

import com.networknt.schema.regex.RegularExpression;
import com.networknt.schema.regex.RegularExpressionFactory;
import io.github.providergateway.protocol.RegexSteps;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * The regex engine of argument schemas ({@code pattern}, {@code patternProperties}): providers'
 * patterns run through {@link RegexGuard}, under the same step budget, per-message spend and
 * per-provider allowance as their hook rules, so a catastrophic pattern cannot hold the loop.
 * Compiling only checks the syntax; the compiled pattern is kept by the guard's bounded cache, not
 * by the schema (a compiled pattern holds about 100 bytes per character of its source).
 *
 * <p>A match that runs out of steps throws {@link OutOfSteps}: returning "no match" would let a
 * property through {@code patternProperties} unchecked. Loop only.
 */
final class GuardedPatterns implements RegularExpressionFactory {

  private final RegexGuard guard;

  /** The validation under way: whose allowance and which spend its matches charge. */
  private RegexGuard.Spend spend;

  private RegexGuard.Allowance allowance;

  GuardedPatterns(RegexGuard guard) {
    this.guard = guard;
  }

  /** Charges the matches until {@link #end} to a new spend and to {@code owner}'s allowance. */
  void begin(RegexGuard.Allowance owner) {
    this.spend = guard.spend();
    this.allowance = owner;
  }

  void end() {
    this.spend = null;
    this.allowance = null;
  }

  @Override
  public RegularExpression getRegularExpression(String regex) {
    Pattern.compile(regex); // a syntax error refuses the schema at registration
    String unbounded = RegexSteps.refusal(regex);
    if (unbounded != null) {
      throw new PatternSyntaxException(unbounded, regex, -1); // refuses the schema likewise
    }
    return text -> matches(regex, text);
  }

  private boolean matches(String regex, String text) {
    if (spend == null) {
      throw new IllegalStateException("a schema pattern ran outside a validation");
    }
    RegexGuard.Result result = guard.find(regex, text, spend, allowance);
    if (result == RegexGuard.Result.OUT_OF_STEPS) {
      throw new OutOfSteps(regex);
    }
    return result == RegexGuard.Result.MATCHED;
  }

  /**
   * A schema pattern ran out of regex steps; the arguments do not pass. Stackless: control flow.
   */
  static final class OutOfSteps extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private static final int SHOWN_CHARS = 80;
    private final String pattern;

    OutOfSteps(String pattern) {
      super(null, null, false, false);
      this.pattern = pattern;
    }

    /** The pattern, cut to a length fit for an error message. */
    String pattern() {
      return pattern.length() <= SHOWN_CHARS ? pattern : pattern.substring(0, SHOWN_CHARS) + "…";
    }
  }
}
