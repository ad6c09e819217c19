package io.github.providergateway.guard.internal;

import java.util.ArrayList;
import java.util.List;

/**
 * The variables the call sets for one of its programs (decision 168, the red team of decision 162):
 * those written before its own command ({@code DRY_RUN=1 ./bin/billing void …}), exported, or set
 * alone before it; not those written before another command of the call ({@code DRY_RUN=1
 * ./bin/billing plan && ./bin/billing void …}: the void runs without). Where a command is written
 * more than once, an assignment counts only if every one of them carries it.
 */
final class CommandAssignments {
  private CommandAssignments() {}

  /**
   * {@return the assignments in effect for the command whose first word is {@code program} as the
   * call writes it, or every one the call makes ({@link FrameworkEnvironments#assignmentsInEffect})
   * when no command of the call begins with that word (a wrapper's, a nested one's)}
   *
   * @param source the call's text
   * @param program the program's first word, as the parse gives it
   */
  static List<String> of(String source, String program) {
    List<String> everywhere = new ArrayList<>();
    List<String> own = null;
    List<String> prefix = new ArrayList<>();
    boolean boundary = true;
    boolean exporting = false;
    boolean found = false;
    int start = -1;
    for (int i = 0; i <= source.length(); i++) {
      char c = i < source.length() ? source.charAt(i) : ';';
      boolean separator = Character.isWhitespace(c) || ";&|()".indexOf(c) >= 0;
      if (!separator && start < 0) {
        start = i;
      } else if (separator && start >= 0) {
        String token = source.substring(start, i);
        start = -1;
        if (boundary && Environments.assignment(token)) {
          (exporting ? everywhere : prefix).add(token);
        } else if (boundary) {
          boundary = false;
          exporting = token.equals("export") || token.equals("declare");
          if (!exporting && unquoted(token).equals(program)) {
            found = true;
            if (own == null) {
              own = new ArrayList<>(prefix);
            } else {
              own.retainAll(prefix);
            }
          }
          boundary = exporting;
          if (!exporting) {
            prefix.clear();
          }
        }
      }
      if (";&|(\n".indexOf(c) >= 0 && i < source.length() || i == source.length()) {
        everywhere.addAll(prefix); // A=1; set alone: in effect for what follows
        prefix.clear();
        boundary = true;
        exporting = false;
      }
    }
    if (!found) {
      return FrameworkEnvironments.assignmentsInEffect(source);
    }
    everywhere.addAll(own);
    return everywhere;
  }

  private static String unquoted(String token) {
    return token.indexOf('"') < 0 && token.indexOf('\'') < 0
        ? token
        : token.replace("\"", "").replace("'", "");
  }
}
