package io.github.providergateway.guard.shell;

import io.github.providergateway.guard.shell.syntax.BraceExpansion;
import io.github.providergateway.guard.shell.syntax.ParseLimits;
import io.github.providergateway.guard.shell.syntax.ShellParseException;
import java.util.List;

/**
 * Of a command's word: where its unquoted {@code $IFS}s split its text, and its one brace list, if
 * it can be expanded; and whether it is literal but for them.
 */
final class WordFields {
  private final ParseLimits limits;
  private final String where;
  private final WordTable table;

  WordFields(ParseLimits limits, String where, WordTable table) {
    this.limits = limits;
    this.where = where;
    this.table = table;
  }

  /** Where the unquoted {@code $IFS}s sit in the text, from and to, in pairs; or null. */
  int[] ifs;

  int ifsCount;

  /** The one brace list of plain items: where it starts and ends in the text, and its items. */
  BraceExpansion braces;

  int braceFrom;
  int braceTo;
  List<String> items;

  /** Whether a second brace expansion, a sequence or a nested one made the word unexpandable. */
  boolean braceOther;

  /** Whether the word is literal apart from its {@code $IFS}s and brace list. */
  boolean literalApart = true;

  void ifs(int from, int to) {
    if (ifs == null) {
      ifs = new int[4];
    } else if (ifsCount * 2 == ifs.length) {
      ifs = java.util.Arrays.copyOf(ifs, ifs.length * 2);
    }
    ifs[ifsCount * 2] = from;
    ifs[ifsCount * 2 + 1] = to;
    ifsCount++;
  }

  boolean expandable() {
    return braces != null && !braceOther;
  }

  void clear() {
    ifsCount = 0;
    braces = null;
    items = null;
    braceOther = false;
    literalApart = true;
  }

  /** Adds the words bash makes of {@code whole} to {@code into}. */
  void addTo(Word whole, List<Word> into, int at) throws ShellParseException {
    String text = whole.text();
    if (ifsCount > 0 && !expandable() && braces == null) {
      int from = 0;
      for (int i = 0; i < ifsCount; i++) {
        field(text.substring(from, ifs[i * 2]), into, at);
        from = ifs[i * 2 + 1];
      }
      field(text.substring(from), into, at);
      return;
    }
    if (expandable() && ifsCount == 0) {
      String prefix = text.substring(0, braceFrom);
      String suffix = text.substring(braceTo);
      for (String item : items) {
        field(prefix + item + suffix, into, at);
      }
      return;
    }
    into.add(whole);
  }

  private void field(String text, List<Word> into, int at) throws ShellParseException {
    if (!text.isEmpty()) {
      if (!into.isEmpty()) {
        limits.word(at, where);
      }
      into.add(table.make(text, literalApart));
    }
  }
}
