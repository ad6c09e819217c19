package io.github.providergateway.guard.shell.programs;

import io.github.providergateway.guard.shell.syntax.SyntaxParser;
import java.util.List;

/**
 * What {@code tr} makes of a text, for the folding of computed text ({@code TextFolding}): {@code
 * tr SET1 SET2} (ranges {@code a-z}, classes {@code [:upper:]}, escapes), {@code tr -d SET}.
 */
final class Tr {
  private Tr() {}

  /**
   * {@return the text {@code tr args} prints for {@code input}, or null for what is not modelled}
   */
  static String apply(List<String> args, String input) {
    if (args.size() == 2 && args.get(0).equals("-d")) {
      String delete = expand(args.get(1));
      if (delete == null) {
        return null;
      }
      StringBuilder out = new StringBuilder();
      for (char c : input.toCharArray()) {
        if (delete.indexOf(c) < 0) {
          out.append(c);
        }
      }
      return out.toString();
    }
    if (args.size() != 2 || args.get(0).startsWith("-")) {
      return null;
    }
    String from = expand(args.get(0));
    String to = expand(args.get(1));
    if (from == null || to == null || to.isEmpty()) {
      return null;
    }
    StringBuilder out = new StringBuilder(input.length());
    for (char c : input.toCharArray()) {
      int at = from.lastIndexOf(c);
      out.append(at < 0 ? c : to.charAt(Math.min(at, to.length() - 1)));
    }
    return out.toString();
  }

  /** A set as tr spells it, every character written out; null for one not modelled. */
  static String expand(String set) {
    String decoded = SyntaxParser.decodeEscapes(set);
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < decoded.length(); i++) {
      char c = decoded.charAt(i);
      if (c == '[' && decoded.startsWith("[:", i)) {
        int end = decoded.indexOf(":]", i);
        if (end < 0) {
          return null;
        }
        String chars =
            switch (decoded.substring(i + 2, end)) {
              case "upper" -> "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
              case "lower" -> "abcdefghijklmnopqrstuvwxyz";
              case "digit" -> "0123456789";
              case "space" -> " \t\n\r\f\u000b";
              case "blank" -> " \t";
              default -> null;
            };
        if (chars == null) {
          return null;
        }
        out.append(chars);
        i = end + 1;
      } else if (i + 2 < decoded.length() && decoded.charAt(i + 1) == '-') {
        char last = decoded.charAt(i + 2);
        if (last < c) {
          return null;
        }
        for (char k = c; k <= last; k++) {
          out.append(k);
        }
        i += 2;
      } else if (c == '[' || c == '*') {
        return null; // [c*n] repeats: not modelled
      } else {
        out.append(c);
      }
    }
    return out.toString();
  }
}
