package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import java.util.ArrayList;
import java.util.List;

/** The folders a {@code find} starts from. */
final class FindStarts {
  private FindStarts() {}

  /** The folders a find starts from: its words before the first test, else {@code .}. */
  static List<Word> of(Step step) {
    List<Word> args = step.args();
    int k = 0;
    while (k < args.size()
        && (args.get(k).text().equals("-H")
            || args.get(k).text().equals("-L")
            || args.get(k).text().equals("-P"))) {
      k++;
    }
    List<Word> starts = new ArrayList<>();
    for (; k < args.size(); k++) {
      String a = args.get(k).text();
      if (a.startsWith("-") || a.equals("(") || a.equals("!")) {
        break;
      }
      starts.add(args.get(k));
    }
    return starts.isEmpty() ? List.of(Word.literal(".")) : starts;
  }
}
