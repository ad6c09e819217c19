package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.internal.Where.Read;
import io.github.providergateway.guard.shell.Word;
import java.util.ArrayList;
import java.util.List;

/**
 * What one program of the call reads as for the book's when clauses, made once a call however many
 * families' clauses ask ({@link Step#readings}): its number in the book's index ({@link
 * BookIndex}), its {@code git} subcommand, and its words read with each set of options that take a
 * value, with and without a subcommand. A long command's programs are each tried by dozens of
 * clauses of a dozen families, most of which read the same words the same way.
 */
final class StepReadings {
  /** The word that ends a program's options. */
  private static final Word END_OF_OPTIONS = new Word("--", true);

  private final BookIndex index;

  /** The program's number in {@link #index}, or -1. */
  private final int number;

  /** The program's {@code git} subcommand, read when first asked. */
  private GitCommand git;

  /**
   * The readings made, by set of options: at {@code 2 * set} its words whole, at {@code 2 * set +
   * 1} what follows its subcommand, in {@link #made} places of these two, looked up in turn. A
   * program is read with a few of the book's sets, not all of them: an array of every set for each
   * program of a long command was a tenth of a decision's garbage.
   */
  private int[] ats = new int[8];

  private Read[] reads = new Read[8];

  private int made;

  private StepReadings(BookIndex index, String program) {
    this.index = index;
    this.number = index.number(program);
  }

  /**
   * The readings of a step for an index: those the step keeps when made for the same index, else
   * new ones.
   *
   * @param kept what the step keeps, or {@code null}
   * @param index the index
   * @param program the step's program
   * @return the readings
   */
  static StepReadings of(StepReadings kept, BookIndex index, String program) {
    return kept != null && kept.index == index ? kept : new StepReadings(index, program);
  }

  /** {@return the program's number in the index, or -1 where no clause names it whole} */
  int number() {
    return number;
  }

  /**
   * The program's words as a clause reads them.
   *
   * @param step the program
   * @param set the number of the clause's options that take a value ({@link BookIndex#valueSet})
   * @param values those options
   * @param subcommand whether the clause names subcommands: then its reading is of what follows the
   *     subcommand (for {@code git}, past git's own options: {@link GitCommand})
   * @return the reading
   */
  Read read(Step step, int set, List<String> values, boolean subcommand) {
    int at = 2 * set + (subcommand ? 1 : 0);
    for (int i = 0; i < made; i++) {
      if (ats[i] == at) {
        return reads[i];
      }
    }
    Read read = subcommand ? afterSubcommand(step, set, values) : whole(step.args(), values);
    if (made == ats.length) {
      ats = java.util.Arrays.copyOf(ats, 2 * made);
      reads = java.util.Arrays.copyOf(reads, 2 * made);
    }
    ats[made] = at;
    reads[made++] = read;
    return read;
  }

  private Read afterSubcommand(Step step, int set, List<String> values) {
    List<Word> args = step.args();
    if (step.program().equals("git")) {
      if (git == null) {
        git = GitCommand.of(args);
      }
      return whole(git.subcommand(), git.args(), values);
    }
    List<Word> pos = read(step, set, values, false).argv().positionals();
    String subcommand = pos.isEmpty() ? "" : pos.get(0).text();
    int at = pos.isEmpty() ? args.size() : args.indexOf(pos.get(0));
    // After a -- before the subcommand, what follows it is no option either (docker -- run …).
    boolean ended = args.subList(0, at).contains(END_OF_OPTIONS);
    List<Word> rest = pos.isEmpty() ? List.of() : args.subList(at + 1, args.size());
    List<Word> after = ended ? endOfOptions(rest) : rest;
    return new Read(subcommand, rest, after, values);
  }

  private static Read whole(List<Word> args, List<String> values) {
    return whole("", args, values);
  }

  private static Read whole(String subcommand, List<Word> args, List<String> values) {
    return new Read(subcommand, args, args, values);
  }

  /** Words to read as positionals all: a {@code --} before them. */
  private static List<Word> endOfOptions(List<Word> words) {
    List<Word> ended = new ArrayList<>(words.size() + 1);
    ended.add(END_OF_OPTIONS);
    ended.addAll(words);
    return ended;
  }

  /**
   * The words read with the options that take a value: one letter for a short one.
   *
   * @param args the words
   * @param values the options
   * @return the reading
   */
  static Argv argv(List<Word> args, List<String> values) {
    StringBuilder shortOnes = new StringBuilder();
    List<String> longOnes = new ArrayList<>();
    for (String option : values) {
      if (option.length() == 1) {
        shortOnes.append(option);
      } else {
        longOnes.add(option);
      }
    }
    return Argv.of(args, shortOnes.toString(), longOnes.toArray(String[]::new));
  }
}
