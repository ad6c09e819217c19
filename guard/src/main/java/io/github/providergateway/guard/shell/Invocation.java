package io.github.providergateway.guard.shell;

import static java.util.Objects.requireNonNull;

import java.util.List;

/**
 * One program the command would run, wherever it sits: at the top, in a pipeline, in a subshell, in
 * a command substitution, in the string of a {@code bash -c}, in a here-document fed to a shell, or
 * in the inline code of {@code python -c} and its kind.
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
    words = List.copyOf(words);
    wrappers = List.copyOf(requireNonNull(wrappers, "wrappers"));
    redirects = List.copyOf(redirects);
    via = List.copyOf(via);
  }

  /**
   * {@return the program's name without its folder ({@code rm} for {@code /bin/rm}), or the empty
   * string for a command of redirections alone}
   */
  public String program() {
    if (words.isEmpty()) {
      return "";
    }
    String first = words.get(0).text();
    return first.substring(first.lastIndexOf('/') + 1);
  }

  /** {@return the arguments' texts, the program's word left out} */
  public List<String> args() {
    // A loop, not a stream: the rules ask this of many programs in a long command.
    String[] texts = new String[Math.max(0, words.size() - 1)];
    for (int i = 0; i < texts.length; i++) {
      texts[i] = words.get(i + 1).text();
    }
    return List.of(texts);
  }
}
