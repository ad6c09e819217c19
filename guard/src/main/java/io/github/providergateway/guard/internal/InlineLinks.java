package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.internal.Access.Kind;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Inline code's link calls, read as {@code ln -s} is (issue 75): a link made to the guard's ground
 * lets a later call reach it under a name the guard does not protect, so making one is {@code
 * guard.self} whoever makes it. Python's {@code os.symlink}, {@code os.link}, {@code
 * Path.symlink_to} and {@code hardlink_to}; Node's {@code fs.symlink}, {@code symlinkSync}, {@code
 * fs.promises.symlink}, {@code link}, {@code linkSync}; Ruby's {@code File.symlink}, {@code
 * File.link}, {@code FileUtils.ln_s}; Perl's and PHP's {@code symlink} and {@code link}. In each
 * the first argument is what the link points at; where the link itself goes is the copies' rule
 * ({@link InlineWrites#COPIES}).
 */
final class InlineLinks {
  private static final BuiltinRule SELF = RuleBook.rule("guard.self");

  private InlineLinks() {}

  /** A link call, up to its first argument: with brackets, or perl's without. */
  private static final Pattern LINK_CALL =
      Pattern.compile(
          "(?<![A-Za-z0-9_$])(?:symlinkSync|symlink_to|hardlink_to|symlink|linkSync|link"
              + "|ln_sf|ln_s|ln)\\s*\\(|(?<![A-Za-z0-9_$>])(?:symlink|link)\\s+(?=[\"'$])");

  /**
   * Records {@code guard.self} for each link call of {@code code} whose target is the ground, as
   * written or on the disk.
   *
   * @param scan the call's scan
   * @param step the interpreter
   * @param code its inline code
   * @param homeInCode whether the code reads the home ({@code os.path.expanduser} and its kind)
   */
  static void scan(Scan scan, Step step, String code, boolean homeInCode) {
    if (!code.contains("link") && !code.contains("ln")) {
      return; // most code makes no link: no pattern is run over it
    }
    Matcher call = LINK_CALL.matcher(code);
    while (call.find()) {
      Target target = CodeArguments.argument(scan, step, code, call.end(), homeInCode);
      Target real = scan.realPaths().of(target);
      Target ground =
          GuardPaths.linksGround(scan, target)
              ? target
              : real != null && GuardPaths.linksGround(scan, real) ? real : null;
      if (ground != null) {
        scan.hit(SELF, new Access(Kind.READ, ground, step.invocation()));
        return;
      }
    }
  }
}
