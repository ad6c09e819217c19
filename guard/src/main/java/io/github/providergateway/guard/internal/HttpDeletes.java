package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import java.util.List;

/** An HTTP client asked for DELETE: curl's {@code -X DELETE}, httpie's method. */
final class HttpDeletes {
  private HttpDeletes() {}

  /** Whether an HTTP client's words ask for DELETE: curl's {@code -X DELETE}, httpie's method. */
  static boolean deletes(List<Word> args) {
    for (int i = 0; i < args.size(); i++) {
      String word = args.get(i).text();
      if (word.equalsIgnoreCase("DELETE")
          || word.equalsIgnoreCase("-XDELETE")
          || word.equalsIgnoreCase("--request=DELETE")
          || word.equalsIgnoreCase("--method=DELETE")
          || bundled(word)) {
        return true;
      }
    }
    return false;
  }

  /** curl's short flags bundled with the method last: {@code -sXDELETE}, {@code -sSXDELETE}. */
  private static boolean bundled(String word) {
    return word.length() > 8
        && word.charAt(0) == '-'
        && word.charAt(1) != '-'
        && word.endsWith("XDELETE")
        && word.substring(1, word.length() - 7).chars().allMatch(Character::isLetter);
  }
}
