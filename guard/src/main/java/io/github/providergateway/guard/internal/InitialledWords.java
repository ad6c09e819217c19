package io.github.providergateway.guard.internal;

import java.util.Set;

/**
 * A command word, or a program's name, made of a product's initials and its verb, written as one
 * word (decision 334): FlexLM's {@code lmutil lmstat} and {@code lmremove}, RLM's {@code rlmstat},
 * IBM Storage Scale's {@code mmlsquota}, {@code mmgetstate} and {@code mmdelfileset}. An old
 * administration suite names its commands so, and its verbs are the ones everybody's are: {@code
 * ls}, {@code stat}, {@code get} read; {@code remove} and {@code down} act. Read by {@link
 * UnnamedToolActs} so that a company's tool's status read is no guessed act (round 75's {@code
 * lmstat} and {@code mmlsquota}), and its removal is an act by its words.
 *
 * <p>The initials are one to three letters. To keep ordinary words out ({@code calls}, {@code
 * target}, {@code model}), a verb of two or three letters must be followed by what it works on
 * ({@code mmlsquota}, not {@code tools}; {@code mmgetstate}, not {@code target}), and {@code stat}
 * must end the word.
 */
final class InitialledWords {
  private InitialledWords() {}

  /** The longest initials read before a verb. */
  private static final int INITIALS = 3;

  /** The reads that end a word: {@code lmstat}, {@code qstats}, {@code lminfo}. */
  private static final Set<String> READ_ENDS = Set.of("stat", "stats", "info", "status");

  /** The reads that begin what follows the initials, with the thing they read after them. */
  private static final Set<String> READ_STARTS = Set.of("ls", "list", "get", "show", "query");

  /**
   * The acts that end a word: {@code lmremove}, {@code lmdown}. None begins the rest: {@code del}
   * and {@code rm} begin too many words ({@code modelling}, {@code farmers}); {@code mmdelfileset}
   * is asked as a guess already.
   */
  private static final Set<String> ACT_ENDS = Set.of("remove", "down", "purge");

  /** The fewest letters a verb that begins the rest must be followed by. */
  private static final int THING = 2;

  /**
   * Whether a word is initials and a read: {@code lmstat}, {@code mmlsquota}, {@code mmgetstate}.
   */
  static boolean reads(String word) {
    return matches(word, READ_ENDS, READ_STARTS);
  }

  /** Whether a word is initials and an act: {@code lmremove}, {@code lmdown}. */
  static boolean acts(String word) {
    return matches(word, ACT_ENDS, Set.of());
  }

  private static boolean matches(String word, Set<String> ends, Set<String> starts) {
    if (word.length() > 24 || !word.chars().allMatch(c -> c >= 'a' && c <= 'z')) {
      return false;
    }
    for (int initials = 1; initials <= INITIALS && initials < word.length(); initials++) {
      String rest = word.substring(initials);
      if (ends.contains(rest)) {
        return true;
      }
      for (String verb : starts) {
        if (rest.startsWith(verb)
            && rest.length() >= verb.length() + THING
            && (initials <= 2 || verb.length() > 2)) { // mmls…; not kil-lswitch, bal-lset
          return true;
        }
      }
    }
    return false;
  }
}
