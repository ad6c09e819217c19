package io.github.providergateway.guard.shell;

import java.util.List;
import java.util.Set;

/**
 * Code an application's console runs, given in the command but computed at run time (decision 301):
 * {@code python3 manage.py shell -c "$DJANGO_FIX"}, {@code bin/rails runner "$(cat
 * tmp/backfill_snippet.rb)"}, {@code php artisan tinker --execute="$X"}. The console runs the code
 * in the application, with its settings and its database; where the code is a value's or a file's
 * text, the guard reads none of it, as with {@code python3 -c "$CODE"}.
 */
final class AppConsoleCode {
  private AppConsoleCode() {}

  /** The consoles' commands and the options that give them code. */
  private static final Set<String> DJANGO_CODE = Set.of("-c", "--command");

  private static final Set<String> TINKER_CODE = Set.of("--execute");

  /**
   * Records the console's code as computed where it is.
   *
   * @param resolver the resolver
   * @param words the command's words, its program first
   * @param program its program's name without its folder
   * @param via how it was reached
   */
  static void read(Resolver resolver, List<Word> words, String program, List<String> via) {
    Word code = code(words, program);
    if (code != null
        && !code.literal()
        && (ComputedText.whole(code.text()) || ComputedText.aStatement(code.text()))) {
      resolver.opaque(
          Opaque.Kind.COMPUTED_CODE,
          words,
          Resolver.append(via, program + " console"),
          code.text());
    }
  }

  /** The word that holds the console's code, or null. */
  private static Word code(List<Word> words, String program) {
    if (program.startsWith("python") && words.size() > 3) {
      // python3 manage.py shell -c CODE
      if (!Resolver.basename(words.get(1).text()).equals("manage.py")
          || !words.get(2).text().equals("shell")) {
        return null;
      }
      return optionValue(words, 3, DJANGO_CODE);
    }
    if (program.equals("rails") && words.size() > 2) {
      String command = words.get(1).text();
      return command.equals("runner") || command.equals("r") ? positional(words, 2) : null;
    }
    if (program.startsWith("php") && words.size() > 3) {
      if (!Resolver.basename(words.get(1).text()).equals("artisan")
          || !words.get(2).text().equals("tinker")) {
        return null;
      }
      return optionValue(words, 3, TINKER_CODE);
    }
    return null;
  }

  /** The value of one of {@code options} from {@code from} on: the next word, or after its =. */
  private static Word optionValue(List<Word> words, int from, Set<String> options) {
    for (int i = from; i < words.size(); i++) {
      Word word = words.get(i);
      String text = word.text();
      if (options.contains(text) && i + 1 < words.size()) {
        return words.get(i + 1);
      }
      int equals = text.indexOf('=');
      if (equals > 0 && options.contains(text.substring(0, equals))) {
        return new Word(text.substring(equals + 1), word.literal());
      }
    }
    return null;
  }

  /** The first word from {@code from} on that is no option (rails runner -e production CODE). */
  private static Word positional(List<Word> words, int from) {
    for (int i = from; i < words.size(); i++) {
      String text = words.get(i).text();
      if (text.equals("-e") || text.equals("--environment")) {
        i++;
      } else if (!text.startsWith("-")) {
        return words.get(i);
      }
    }
    return null;
  }
}
