package io.github.providergateway.guard.shell;

import java.util.ArrayList;
import java.util.List;

/**
 * One simple command as the reader saw it, before wrappers and nested programs are resolved; also
 * used as a holder of the substitutions of words that are no command (a {@code for} list, a {@code
 * case} subject, an assignment alone), which has no words.
 */
final class RawCommand {
  /** The nesting depth the command sits at. */
  final int depth;

  /**
   * The words after quote removal, assignments before the program left out: while the reader reads
   * the command, one of its scratch lists; once read, fixed ({@link Words}), so the invocation made
   * of it keeps the same array.
   */
  List<Word> words = List.of();

  /** The redirections, here-document bodies filled in when their lines are read. Reader only. */
  List<RawRedirect> redirects = List.of();

  /** The commands of the substitutions in its words and redirections, in order. Reader only. */
  List<Nest> nests = List.of();

  /** Whether the {@code time} keyword stood before it. */
  boolean timed;

  /** The simple command piped into it ({@code echo … | sh}), or null. */
  RawCommand pipedFrom;

  /** The assignments before its program (all of it when it has none), in order. Reader only. */
  List<Assignment> assignments = List.of();

  /**
   * Whether it runs in a branch, a loop's body, a function's body, a subshell, a pipeline, a
   * substitution or the background: its assignments may not hold for the commands after it, which
   * read the variable with its value before them as well.
   */
  boolean branched;

  /** Whether its words are already the result of putting known variables' values in. */
  boolean substituted;

  /**
   * For the mark a function's definition leaves ({@code pay() { stripe "$@" --live; }}): its name,
   * else null. Such a mark has no words; {@link #definedBody} is the body's text.
   */
  String defines;

  /** The text of the body of the function {@link #defines} names. */
  String definedBody;

  RawCommand(int depth) {
    this.depth = depth;
  }

  RawCommand(int depth, List<Word> words) {
    this(depth);
    this.words = Words.copyOfWords(words);
  }

  /** {@code NAME=value}; the value is null when it is no plain word (an array, {@code +=}). */
  // Most commands have no redirection, substitution or assignment, and most that have one have
  // one: a long command's thousands of commands hold no list of their own for none, and a list
  // of one, not a growing list and its array, for one.

  void addRedirect(RawRedirect redirect) {
    redirects = plus(redirects, redirect);
  }

  void addNest(Nest nest) {
    nests = plus(nests, nest);
  }

  void addAssignment(Assignment assignment) {
    assignments = plus(assignments, assignment);
  }

  /** {@code list} and {@code item}: a fixed list of one for the first, a growing one after. */
  private static <T> List<T> plus(List<T> list, T item) {
    if (list.isEmpty()) {
      return List.of(item);
    }
    if (list.size() == 1) {
      List<T> grown = new ArrayList<>(4);
      grown.add(list.get(0));
      grown.add(item);
      return grown;
    }
    list.add(item);
    return list;
  }

  record Assignment(String name, Word value) {}

  /** The commands of one substitution (or process substitution) and how they are reached. */
  record Nest(String via, List<RawCommand> commands) {}

  /** A redirection; a here-document's body arrives after its command's line. */
  static final class RawRedirect {
    /** The operator without the descriptor. */
    final String operator;

    /** The target, or the here-document's delimiter word. */
    final Word target;

    /** The here-document's delimiter, or null for other redirections. */
    final String delimiter;

    /** Whether the delimiter was quoted (no expansion in the body). */
    final boolean quoted;

    /** The command that owns it, where substitutions in the body go. */
    final RawCommand owner;

    /** Where the operator stands in its text. */
    final int at;

    /** The body of a here-document or here-string, once read. Reader only. */
    String body;

    RawRedirect(
        String operator, Word target, String delimiter, boolean quoted, RawCommand owner, int at) {
      this.operator = operator;
      this.target = target;
      this.delimiter = delimiter;
      this.quoted = quoted;
      this.owner = owner;
      this.at = at;
    }
  }
}
