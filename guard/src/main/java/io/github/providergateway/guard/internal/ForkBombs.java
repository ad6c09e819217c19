package io.github.providergateway.guard.internal;

/**
 * The fork bomb ({@code :(){ :|:& };:}), read in the command's text and in the text a shell or eval
 * is handed: the reader of the predicate {@code fork-bomb} ({@link SystemPredicates}).
 */
final class ForkBombs {
  private ForkBombs() {}

  /**
   * The fork bomb of a call, as a reason shows it.
   *
   * @param scan the call
   * @return {@code :(){ :|:& };:} where the command or a shell's text defines one, else {@code
   *     null}
   */
  static String in(Scan scan) {
    if (scan.source() != null && forkBomb(scan.source())) {
      return SHOWN;
    }
    for (Step step : scan.steps()) {
      // bash -c ':(){ :|:& };:', eval '…': the text a shell or eval is handed, read the same way.
      if (step.is(ProgramKind.SHELL) || step.program().equals("eval")) {
        for (io.github.providergateway.guard.shell.Word word : step.args()) {
          if (word.text().indexOf('(') >= 0 && forkBomb(word.text())) {
            return SHOWN;
          }
        }
      }
    }
    return null;
  }

  /** How a reason shows every fork bomb. */
  private static final String SHOWN = ":(){ :|:& };:";

  /**
   * Whether the command defines a function that pipes itself into itself in the background and
   * calls it ({@code :(){ :|:& };:}, {@code bomb(){ bomb|bomb& };bomb}), read without blanks.
   */
  static boolean forkBomb(String source) {
    if (!definesFunction(source)) {
      return false; // most commands: no copy of the whole text
    }
    StringBuilder compact = new StringBuilder(source.length());
    for (int i = 0; i < source.length(); i++) {
      char c = source.charAt(i);
      if (!Character.isWhitespace(c)) {
        compact.append(c);
      }
    }
    String s = compact.toString();
    for (int at = s.indexOf("(){"); at > 0; at = s.indexOf("(){", at + 1)) {
      int start = at;
      while (start > 0 && "();&|{}".indexOf(s.charAt(start - 1)) < 0) {
        start--;
      }
      String name = s.substring(start, at);
      if (name.startsWith("function")) {
        name = name.substring("function".length());
      }
      if (!name.isEmpty() && s.startsWith(name + "|" + name + "&", at + 3)) {
        return true;
      }
    }
    return false;
  }

  /** Whether {@code (}, {@code )} and <code>{</code> follow each other, blanks aside. */
  private static boolean definesFunction(String source) {
    for (int at = source.indexOf('('); at >= 0; at = source.indexOf('(', at + 1)) {
      int i = skipWhitespace(source, at + 1);
      if (i < source.length() && source.charAt(i) == ')') {
        i = skipWhitespace(source, i + 1);
        if (i < source.length() && source.charAt(i) == '{') {
          return true;
        }
      }
    }
    return false;
  }

  private static int skipWhitespace(String source, int from) {
    int i = from;
    while (i < source.length() && Character.isWhitespace(source.charAt(i))) {
      i++;
    }
    return i;
  }
}
