package io.github.providergateway.guard.shell;

import io.github.providergateway.guard.shell.syntax.ForClause;
import io.github.providergateway.guard.shell.syntax.Literal;
import io.github.providergateway.guard.shell.syntax.WordPart;
import java.util.List;

/**
 * The words of a {@code for} loop the lowering reads its body again for (issue 80, decision 104): a
 * few plain words, each set as the loop's variable, so that what the body does to each is seen.
 */
final class LoopWords {
  private LoopWords() {}

  /** The most words of a loop whose body is read once for each ({@link #fewLiterals}). */
  private static final int LOOP_WORDS = 6;

  /**
   * A loop over a few plain words ({@code for u in apt-daily.timer unattended-upgrades; do
   * systemctl mask "$u"; done}): its body is read again for each word but the first body read
   * (which keeps the variable unknown, as before), so that what it does to each is seen. None for
   * one word (its variable is set already), a word that is not a plain literal, or more than
   * {@value #LOOP_WORDS} words.
   */
  static List<Word> fewLiterals(ForClause loop, String source) {
    if (loop.items() == null
        || loop.items().size() < 2
        || loop.items().size() > LOOP_WORDS
        || name(loop) == null) {
      return List.of();
    }
    String name = name(loop);
    String text = source.substring(loop.start(), Math.min(loop.end(), source.length()));
    if (!text.contains("$" + name) && !text.contains("${" + name)) {
      return List.of(); // a body that never reads the variable does the same each time
    }
    List<Word> values = new java.util.ArrayList<>();
    for (var item : loop.items()) {
      if (item.parts().size() != 1 || !(item.parts().get(0) instanceof Literal literal)) {
        return List.of();
      }
      String value = literal.value();
      if (value.isEmpty()
          || value.indexOf('*') >= 0
          || value.indexOf('?') >= 0
          || value.indexOf('[') >= 0) {
        return List.of();
      }
      values.add(Word.literal(value));
    }
    return values;
  }

  /** {@return the loop's variable, or {@code null} where it is not a plain name} */
  static String name(ForClause loop) {
    List<WordPart> name = loop.name().parts();
    return name.size() == 1 && name.get(0) instanceof Literal n ? n.value() : null;
  }
}
