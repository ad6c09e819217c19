package io.github.providergateway.guard.shell.programs;

import java.util.ArrayList;
import java.util.List;

/**
 * One thing a program's code in another language runs (vim's, gdb's, psql's, …): shell text, a
 * program and its arguments, inline code of a language the guard reads, or something it cannot
 * read; exactly one is not null (the code with its language).
 *
 * @param shell shell text, or null
 * @param argv a program and its arguments, or null
 * @param language the language of {@code code}, or null
 * @param code inline code, or null
 * @param opaque what cannot be read, as written, or null
 * @param clientCall whether {@code shell} is the command line a library's call stands for ({@code
 *     httr::POST} as curl's), not a command the code runs
 */
public record ForeignRun(
    String shell,
    List<ProgramWord> argv,
    InlineLanguage language,
    String code,
    String opaque,
    boolean clientCall) {

  /**
   * A run the foreign code makes itself, as before decision 336 named client calls.
   *
   * @param shell the command line it runs, or {@code null}
   * @param argv the program and arguments it runs, or {@code null}
   * @param language the language of the code it evaluates, or {@code null}
   * @param code the code it evaluates, or {@code null}
   * @param opaque what it runs that cannot be read, or {@code null}
   */
  public ForeignRun(
      String shell, List<ProgramWord> argv, InlineLanguage language, String code, String opaque) {
    this(shell, argv, language, code, opaque, false);
  }

  static ForeignRun shell(String text) {
    return new ForeignRun(text, null, null, null, null, false);
  }

  /** The command line that does what a library's call of the code does ({@link CodeRequests}). */
  static ForeignRun clientCall(String text) {
    return new ForeignRun(text, null, null, null, null, true);
  }

  static ForeignRun argv(List<String> words) {
    List<ProgramWord> out = new ArrayList<>(words.size());
    for (String w : words) {
      out.add(ProgramWord.plain(w));
    }
    return new ForeignRun(null, out, null, null, null, false);
  }

  static ForeignRun inline(InlineLanguage language, String code) {
    return new ForeignRun(null, null, language, code, null, false);
  }

  static ForeignRun opaque(String what) {
    return new ForeignRun(null, null, null, null, what, false);
  }
}
