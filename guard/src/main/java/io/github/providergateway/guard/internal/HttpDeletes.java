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
          || word.equalsIgnoreCase("--method=DELETE")) {
        return true;
      }
    }
    return false;
  }
}
