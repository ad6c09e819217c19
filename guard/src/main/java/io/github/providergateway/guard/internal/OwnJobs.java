package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.List;
import java.util.Set;

/**
 * A batch scheduler's cancel restricted to the person's own jobs (issue 80 round 37, decision 232):
 * {@code scancel -u $USER --name=lr-sweep --state=PENDING}, {@code scancel --me --state=PENDING},
 * and since round 73 one's own jobs by their name ({@code scancel --me --name=fastqc-scratch},
 * {@code scancel -u "$(whoami)" -n align-test}). Slurm's selection options narrow one another, so a
 * user that is the person's own keeps every other filter to their jobs; a user named ({@code -u
 * alice}), a partition or an account alone are others' too, which the lexicon's {@code scancel} row
 * reads. Every job of one's own ({@code scancel --me} alone) stays a list no one read.
 */
final class OwnJobs {
  private OwnJobs() {}

  /** The person's own name, as a command gives it. */
  private static final Set<String> PENDING = NameSet.of("pending", "pd");

  private static final Set<String> SELF =
      NameSet.of(
          "$user", "${user}", "$logname", "${logname}", "$(whoami)", "`whoami`", "$(id -un)");

  /**
   * Whether the words (lower case, the program's arguments) cancel only the person's own pending
   * jobs, or the person's own jobs of one name.
   *
   * @param program the program
   * @param words its arguments, lower case
   * @return whether it is {@code scancel} told the person's own user and the pending state or a
   *     job's name
   */
  static boolean only(String program, List<String> words) {
    if (!program.equals("scancel")) {
      return false;
    }
    boolean own = false;
    boolean pending = false;
    boolean named = false;
    boolean other = false;
    for (int i = 0; i < words.size(); i++) {
      String word = words.get(i);
      String next = i + 1 < words.size() ? words.get(i + 1) : "";
      String user = valueOf(word, next, "-u", "--user");
      own |= word.equals("--me") || SELF.contains(user);
      other |= !user.isEmpty() && !SELF.contains(user); // --me --user=alice: alice's too
      pending |= PENDING.contains(valueOf(word, next, "-t", "--state"));
      named |=
          !valueOf(word, next, "-n", "--name").isEmpty()
              || !valueOf(word, next, "-n", "--jobname").isEmpty();
    }
    return own && !other && (pending || named);
  }

  /** The value an option is given, as {@code --opt=value} or in the next word, or "". */
  private static String valueOf(String word, String next, String brief, String longName) {
    if (word.startsWith(longName + "=")) {
      return word.substring(longName.length() + 1);
    }
    return word.equals(brief) || word.equals(longName) ? next : "";
  }
}
