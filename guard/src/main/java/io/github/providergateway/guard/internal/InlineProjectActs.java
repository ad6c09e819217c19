package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Inline code that loads the project's own code and calls one of its acts, with an environment that
 * names production (session 15, issue 80 round 71): {@code NODE_ENV=production node -e
 * "require('./lib/wallet').credit({playerId: 4471902, amount: 250})"}, the project's library driven
 * by hand against live data, as a production console's runner is ({@link ProductionConsoles}, which
 * reads scripts, not inline code). A call that reads ({@code .balance(…)}, {@code console.log(…)})
 * or code that loads nothing of the project's is not this.
 */
final class InlineProjectActs {
  private InlineProjectActs() {}

  /** The interpreters read, and the options that give them code. */
  private static final Set<String> INTERPRETERS =
      Set.of("node", "nodejs", "bun", "deno", "python", "python3", "ruby");

  private static final Set<String> CODE_OPTIONS = Set.of("-e", "-c", "--eval", "-p", "--print");

  /** The project's own code loaded: a relative require, a relative import, Django's set-up. */
  private static final Pattern LOADS_PROJECT =
      Pattern.compile(
          "require\\s*\\(\\s*['\"]\\.{1,2}/|import\\s*\\(\\s*['\"]\\.{1,2}/|from\\s+['\"]\\.{1,2}/"
              + "|require_relative\\b|django\\.setup\\s*\\(");

  /** A method called: {@code .credit(}, {@code .objects.get(3).refund(}. */
  private static final Pattern CALLED =
      Pattern.compile("\\.([A-Za-z_][A-Za-z0-9_]{1,60})!?\\s*\\(");

  /** The environment variables whose production value puts the code on live data. */
  private static final Set<String> ENVIRONMENTS =
      Set.of(
          "NODE_ENV",
          "RAILS_ENV",
          "RACK_ENV",
          "DJANGO_SETTINGS_MODULE",
          "DJANGO_ENV",
          "APP_ENV",
          "ENVIRONMENT",
          "APP_ENVIRONMENT");

  /**
   * Whether the step is such inline code.
   *
   * @param scan the call
   * @param step the interpreter's step
   * @return whether it drives the project's code to act on production
   */
  static boolean found(Scan scan, Step step) {
    if (!INTERPRETERS.contains(step.program()) || scan.source() == null) {
      return false;
    }
    String code = code(step.args());
    return code != null
        && PatternLiterals.finds(LOADS_PROJECT, code)
        && acts(code)
        && production(scan);
  }

  private static String code(List<Word> args) {
    for (int i = 0; i + 1 < args.size() && i < 16; i++) {
      if (CODE_OPTIONS.contains(args.get(i).text())) {
        String code = args.get(i + 1).text();
        return code.length() > 8_192 ? code.substring(0, 8_192) : code;
      }
    }
    return null;
  }

  /** Whether a method the code calls is named for an act: {@code credit}, {@code refundOrder}. */
  private static boolean acts(String code) {
    Matcher called = PatternLiterals.matcher(CALLED, code);
    while (called.find()) {
      List<String> parts = ServiceVerbs.split(called.group(1));
      if (!parts.isEmpty() && TradeVerbs.verb(parts.get(0))) {
        return true;
      }
    }
    return false;
  }

  private static boolean production(Scan scan) {
    for (String token : ProductionConsoles.assignments(scan)) {
      int eq = token.indexOf('=');
      if (eq > 0
          && ENVIRONMENTS.contains(token.substring(0, eq))
          && Environments.namesProduction(token.substring(eq + 1))) {
        return true;
      }
    }
    return false;
  }
}
