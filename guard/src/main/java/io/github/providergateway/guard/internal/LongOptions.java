package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import java.util.ArrayList;
import java.util.List;

/**
 * The long options a program is given, by name ({@code --set} of {@code --set=SERVICEABLE}): read
 * among its first words and before a {@code --}, literal and of a sensible length, for the readers
 * that weigh an option's name ({@link FinalisingOptions}, {@link StateSetOnRead}).
 */
final class LongOptions {
  private LongOptions() {}

  /** How many words a program's options are read in. */
  private static final int OPTIONS_READ = 32;

  /** The longest option's name read. */
  private static final int LONGEST = 40;

  /**
   * The names of the long options among {@code args}, less their {@code --} and their values.
   *
   * @param args a program's arguments
   * @return the names, in order
   */
  static List<String> names(List<Word> args) {
    List<String> names = new ArrayList<>();
    for (int i = 0; i < args.size() && i < OPTIONS_READ; i++) {
      String text = args.get(i).text();
      if (text.equals("--")) {
        break;
      }
      int eq = text.indexOf('=');
      String option = eq > 0 ? text.substring(0, eq) : text;
      if (option.startsWith("--") && option.length() <= LONGEST && args.get(i).literal()) {
        names.add(option.substring(2));
      }
    }
    return names;
  }
}
