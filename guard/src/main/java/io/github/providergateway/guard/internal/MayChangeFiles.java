package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Redirect;
import io.github.providergateway.guard.shell.Word;
import java.util.List;

/**
 * Whether a program may change a file as {@link WeakenPredicates}' readers read it: an option that
 * changes files in place, a redirection that writes one. A dozen readers ask it of every program of
 * a call, and most programs do neither, so they are answered here without the readers' lists.
 */
final class MayChangeFiles {
  private MayChangeFiles() {}

  /** Whether a redirection writes to a file it names. */
  static boolean byRedirection(List<Redirect> redirects) {
    for (int i = 0; i < redirects.size(); i++) {
      if (redirects.get(i).writes() && redirects.get(i).target() != null) {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether some argument may be the option that changes files in place: {@code
   * WeakenPredicates.inPlace} finds one only in a word that begins with a dash and holds an {@code
   * i} after it ({@code -i}, {@code -pi}, {@code --in-place}, {@code --inplace}); a word with no
   * text is left to it.
   */
  static boolean inPlace(List<Word> args) {
    for (int i = 0; i < args.size(); i++) {
      String text = args.get(i).text();
      if (text == null || text.startsWith("-") && text.indexOf('i', 1) > 0) {
        return true;
      }
    }
    return false;
  }
}
