package io.github.providergateway.guard.shell;

import static java.util.Objects.requireNonNull;

import io.github.providergateway.guard.shell.internal.FixedList;
import java.util.AbstractList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.RandomAccess;

/**
 * One program the command would run, wherever it sits: at the top, in a pipeline, in a subshell, in
 * a command substitution, in the string of a {@code bash -c}, in a here-document fed to a shell, or
 * in the inline code of {@code python -c} and its kind.
 *
 * <p>Its words are the tree's: each is the value the program gets and, where the command wrote it
 * so, the word as written ({@link Word#written()}: quoted or not, {@link Word#quoted()}; literal or
 * expanded, {@link Word#literal()}); a word the command did not write so, as a variable's value put
 * in ({@link #via()} ending in {@code $var}), says so ({@link Word#fromTheTree()}). A rule reads
 * them rather than joining and splitting the arguments' texts again.
 *
 * @param words the program and its arguments, after the wrappers ({@code sudo}, {@code env}, {@code
 *     timeout}, …) are taken off; the program's word is as written ({@code /bin/rm}), see {@link
 *     #program()}
 * @param wrappers the wrappers taken off, outermost first, as their program names
 * @param redirects the command's redirections
 * @param via how it was reached, outermost first: empty at the top; {@code $(…)}, {@code `…`},
 *     {@code <(…)}, {@code bash -c}, {@code heredoc}, {@code python -c}, {@code xargs}, …
 */
public record Invocation(
    List<Word> words, List<String> wrappers, List<Redirect> redirects, List<String> via) {

  /**
   * Checks and copies.
   *
   * @param words the program and its arguments, after the wrappers ({@code sudo}, {@code env},
   *     {@code timeout}, …) are taken off; the program's word is as written ({@code /bin/rm}), see
   *     {@link #program()}
   * @param wrappers the wrappers taken off, outermost first, as their program names
   * @param redirects the command's redirections
   * @param via how it was reached, outermost first: empty at the top; {@code $(…)}, {@code `…`},
   *     {@code <(…)}, {@code bash -c}, {@code heredoc}, {@code python -c}, {@code xargs}, …
   */
  public Invocation {
    // The parser's word lists are fixed already: a long command's thousands of programs copy none.
    words = FixedList.isFixed(words) ? words : List.copyOf(words);
    wrappers = List.copyOf(requireNonNull(wrappers, "wrappers"));
    // Most programs redirect nothing: their empty list's iterator is one shared object, not one
    // made each time a rule walks it (List.of()'s are made anew).
    redirects = redirects.isEmpty() ? Collections.emptyList() : List.copyOf(redirects);
    via = List.copyOf(via);
  }

  /**
   * The step of {@link #via()} of a command a library's call in inline code stands for ({@code
   * requests.post(u, data=…)} read as {@code curl -X POST --data-binary @… u}): its words are the
   * guard's reading, not the call's text.
   */
  public static final String CLIENT_CALL = "client call";

  /**
   * {@return whether the command stands for a library's call in inline code ({@link #CLIENT_CALL})}
   */
  public boolean clientCall() {
    return via.contains(CLIENT_CALL);
  }

  /**
   * {@return the program's name without its folder ({@code rm} for {@code /bin/rm}; a Windows
   * program's without {@code .exe}, {@code cmd} for {@code /mnt/c/Windows/System32/CMD.EXE}), or
   * the empty string for a command of redirections alone}
   */
  public String program() {
    if (words.isEmpty()) {
      return "";
    }
    String first = words.get(0).text();
    return ExeNames.plain(first.substring(first.lastIndexOf('/') + 1));
  }

  /**
   * {@return the arguments' texts, the program's word left out: a view of {@link #words()}, made in
   * no time, as the rules ask it of many programs in a long command}
   */
  public List<String> args() {
    return words.size() <= 1 ? List.of() : new ArgumentTexts(words);
  }

  /** The texts of every word but the first, read from the words as asked. Unmodifiable. */
  private static final class ArgumentTexts extends AbstractList<String> implements RandomAccess {
    private final List<Word> words;

    ArgumentTexts(List<Word> words) {
      this.words = words;
    }

    @Override
    public String get(int index) {
      return words.get(Objects.checkIndex(index, size()) + 1).text();
    }

    @Override
    public int size() {
      return words.size() - 1;
    }

    // Indexed, with no iterator: rules ask "is this word among the arguments" of many programs.
    @Override
    public boolean contains(Object text) {
      for (int i = 1; i < words.size(); i++) {
        if (words.get(i).text().equals(text)) {
          return true;
        }
      }
      return false;
    }
  }
}
