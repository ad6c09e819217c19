package io.github.providergateway.guard.shell;

import io.github.providergateway.guard.shell.syntax.ShellParseException;
import java.util.List;
import java.util.stream.Collectors;

/**
 * A parse written on one line per invocation, for tests to compare: {@code via>via {wrappers}
 * words}, a non-literal word in {@code «»}, a word with a blank in {@code []}, redirections after
 * the words ({@code >[out]}, a here-document's body after {@code =}, its newlines as ⏎).
 */
final class Rendering {
  private Rendering() {}

  static String render(ShellScript script) {
    return script.invocations().stream().map(Rendering::render).collect(Collectors.joining("\n"));
  }

  static String parse(String command) {
    try {
      return render(ShellParser.parse(command));
    } catch (ShellParseException e) {
      throw new AssertionError("did not parse: " + command + ": " + e.getMessage(), e);
    }
  }

  static String render(Invocation invocation) {
    StringBuilder sb = new StringBuilder();
    if (!invocation.via().isEmpty()) {
      sb.append(String.join(">", invocation.via())).append(' ');
    }
    if (!invocation.wrappers().isEmpty()) {
      sb.append('{').append(String.join(",", invocation.wrappers())).append("} ");
    }
    sb.append(words(invocation.words()));
    for (Redirect r : invocation.redirects()) {
      sb.append(sb.isEmpty() || sb.charAt(sb.length() - 1) == ' ' ? "" : " ")
          .append(r.operator())
          .append(word(r.target()));
      if (r.body() != null) {
        sb.append('=').append(r.body().replace("\n", "⏎"));
      }
    }
    return sb.toString();
  }

  static String words(List<Word> words) {
    return words.stream().map(Rendering::word).collect(Collectors.joining(" "));
  }

  static String word(Word w) {
    if (!w.literal()) {
      return "«" + w.text() + "»";
    }
    return w.text().contains(" ") || w.text().contains("\t") || w.text().isEmpty()
        ? "[" + w.text() + "]"
        : w.text();
  }
}
