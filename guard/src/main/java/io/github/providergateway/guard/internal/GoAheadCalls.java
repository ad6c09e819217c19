package io.github.providergateway.guard.internal;

import java.util.Locale;
import java.util.regex.Pattern;

/**
 * A method named for a loss, called in inline code with the argument that says go ahead ({@code
 * Fleet.from_profile('default').crane('TC-114').datalogger.clear(confirm=True)}, {@code
 * client.devices.wipe({force: true})}): an SDK that asks for a confirmation before it acts says by
 * that argument that the act matters and reaches something that is not the code's own, whichever
 * host, profile or credential it reaches it by ({@code shapes.code-not-only-reads}). A local
 * container's removal ({@code docker}'s {@code remove(force=True)}) and code that names a test's or
 * this machine's place are not.
 */
final class GoAheadCalls {
  private GoAheadCalls() {}

  /**
   * A method whose name holds a verb of loss ({@code clear}, {@code delete_all}, {@code
   * wipeDevice}, {@code factory_reset}), given a go-ahead argument set true within its parentheses
   * ({@code confirm=True}, {@code force: true}, {@code yes=1}), the code lowercased.
   */
  private static final Pattern CALL =
      Pattern.compile(
          "\\.[a-z0-9_]{0,24}?(?:clear|delete|wipe|purge|reset|erase|destroy|disable|revoke"
              + "|remove|drop|truncate|decommission|deprovision|format|void|cancel|deactivate"
              + "|unenroll|retire|rotate|flush|shred|expunge)[a-z0-9_]{0,24}\\s*\\("
              + "(?:[^()]|\\([^()]{0,120}\\)){0,300}?"
              + "(?<![a-z0-9_])(?:confirm|confirmed|force|forced|yes|sure|i_am_sure|really"
              + "|no_prompt|noprompt|skip_confirm|skip_confirmation|skipconfirmation|acknowledge"
              + "|acknowledged|i_understand|irreversible)[\"']?\\s*(?:=|:|=>)\\s*(?:true|1)\\b");

  /** The local libraries whose removals are this machine's: containers, a repository, files. */
  private static final Pattern LOCAL =
      Pattern.compile(
          "\\bimport\\s+docker\\b|\\bdocker\\.from_env\\b|dockerode|\\bimport\\s+git\\b"
              + "|\\bfrom\\s+git\\s+import\\b|\\bshutil\\.|\\bpathlib\\b|localhost|127\\.0\\.0\\.1");

  /**
   * Whether inline code calls a method of loss with its go-ahead.
   *
   * @param code the code
   * @return whether it does
   */
  static boolean in(String code) {
    if (code == null || code.indexOf('(') < 0) {
      return false;
    }
    String lower = code.length() > 16 * 1024 ? code.substring(0, 16 * 1024) : code;
    lower = lower.toLowerCase(Locale.ROOT);
    if (!PatternLiterals.finds(CALL, lower) || PatternLiterals.finds(LOCAL, lower)) {
      return false;
    }
    return Environments.namesProduction(code)
        || !(Environments.testName(code) || Environments.stagingHost(code));
  }
}
