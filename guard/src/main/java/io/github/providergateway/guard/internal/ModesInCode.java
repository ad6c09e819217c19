package io.github.providergateway.guard.internal;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A mode that lets every user of the machine write, given as a number ({@code chmod 666 …}, {@code
 * chmod 0777 …}) or by an interpreter's inline code ({@code os.chmod(p, 0o666)} over an {@code
 * os.walk} of a share, {@code fs.chmodSync(f, 0o777)}, Perl's {@code chmod 0666, $f}), for {@link
 * EveryoneGrants}: the same grant as {@code chmod o+w}, said in digits or in a language's call.
 */
final class ModesInCode {
  private ModesInCode() {}

  /** A numeric mode: three or four octal digits, with Python's or JavaScript's {@code 0o}. */
  private static final Pattern NUMERIC = Pattern.compile("(?:0o|0)?([0-7]{3})|[0-7]([0-7]{3})");

  /** A language's chmod call and what follows it, up to its statement's end. */
  private static final Pattern CALL =
      Pattern.compile("chmod(?:Sync)?\\s*\\(?([^\\n;]{1,160})", Pattern.CASE_INSENSITIVE);

  /** A number in a call's arguments: {@code 0o666}, {@code 0666}, {@code 438} is not read. */
  private static final Pattern MODE_IN_CODE = Pattern.compile("(?<![\\w.])0o?([0-7]{3})\\b");

  /** A quoted absolute path in code. */
  private static final Pattern PATH = Pattern.compile("['\\\"]((?:/|~/)[^'\\\"]{1,256})['\\\"]");

  /** Whether a chmod's mode word, in digits, gives the others writing. */
  static boolean othersWrite(String mode) {
    Matcher numeric = NUMERIC.matcher(mode);
    if (!numeric.matches()) {
      return false;
    }
    String digits = numeric.group(1) != null ? numeric.group(1) : numeric.group(2);
    return writes(digits);
  }

  private static boolean writes(String digits) {
    return ((digits.charAt(2) - '0') & 2) != 0;
  }

  /**
   * {@return the call in an interpreter's inline code that lets every user write what a path
   * outside the project and the temporary folders holds, or {@code null}}
   */
  static String othersWrite(Scan scan, Step step) {
    String code = SharedCodeActs.codeOf(step);
    if (code == null || !code.contains("chmod")) {
      return null;
    }
    Matcher call = CALL.matcher(code);
    while (call.find()) {
      Matcher mode = MODE_IN_CODE.matcher(call.group(1));
      if (mode.find() && writes(mode.group(1)) && pathOutside(scan, code)) {
        return "chmod(…, " + mode.group() + ")";
      }
    }
    return null;
  }

  private static boolean pathOutside(Scan scan, String code) {
    Matcher path = PATH.matcher(code);
    while (path.find()) {
      if (EveryoneGrants.outside(scan, path.group(1))) {
        return true;
      }
    }
    return false;
  }
}
