package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Redirect;
import io.github.providergateway.guard.shell.Word;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Text written into a file that runs later ({@link FedCode#runsLater}) by a program that is no
 * printer: {@code tee -a ~/.bashrc <<< 'source /tmp/x'} (and {@code sponge}) writing what they are
 * given, {@code sed -i '$a …' ~/.profile} adding a line, and inline code opening a start-up file to
 * write ({@code open('/home/u/.bashrc','a').write('curl …|sh')}). The text is read as the code it
 * will be, as a printer's is.
 */
final class LaterWrites {
  /**
   * sed's one-line append, insert and change: {@code $a text}, {@code 1i text}, {@code a\ text}.
   */
  private static final Pattern SED_ADDS =
      Pattern.compile("^\\s*(?:\\$|\\d+|/[^/]*/)?\\s*[aic]\\s*\\\\?\\s*(.+)$", Pattern.DOTALL);

  private LaterWrites() {}

  /** {@return the file that runs later {@code step} writes this way, or null} */
  static String file(Step step) {
    switch (step.program()) {
      case "tee", "sponge", "ed", "ex" -> {
        return operand(step.args(), 0);
      }
      case "sed" -> {
        Argv argv = Argv.of(step.args(), "ef", "expression", "file");
        return argv.has('i') || argv.has("in-place") ? operand(argv.positionals(), 1) : null;
      }
      default -> {
        String code = step.interpreter() ? InterpreterCode.of(step) : null;
        if (code == null || !code.contains("write") && !code.contains("append")) {
          return null;
        }
        for (String literal : CodeArguments.literals(code)) {
          if (FedCode.runsLater(literal)) {
            return literal;
          }
        }
        return null;
      }
    }
  }

  /** Adds the text {@code step} writes into a file that runs later, with where it goes. */
  static void add(Step step, List<String[]> texts) {
    String file = file(step);
    if (file == null) {
      return;
    }
    String text =
        switch (step.program()) {
          case "tee", "sponge" -> given(step.invocation().redirects());
          case "ed", "ex" -> edAdds(given(step.invocation().redirects()));
          case "sed" -> sedAdds(step);
          default -> otherLiterals(InterpreterCode.of(step), file);
        };
    if (text != null && !text.isBlank()) {
      texts.add(new String[] {text, step.program() + " › " + FedCode.base(file) + " (runs later)"});
    }
  }

  /**
   * The lines an ed script ({@code $a}, {@code 1i}, {@code c}, each ended by a line of one dot)
   * puts into the file, or null: {@code ed -s ~/.bashrc <<< $'$a\\nsource x\\n.\\nw'}.
   */
  private static String edAdds(String script) {
    if (script == null) {
      return null;
    }
    StringBuilder added = new StringBuilder();
    boolean adding = false;
    for (String line : script.split("\n", -1)) {
      if (adding) {
        if (line.equals(".")) {
          adding = false;
        } else {
          added.append(line).append('\n');
        }
      } else {
        adding = PatternLiterals.matches(ED_ADDS, line);
      }
    }
    return added.isEmpty() ? null : added.toString();
  }

  /** An ed command that adds lines after it: {@code a}, {@code i} or {@code c}, with an address. */
  private static final Pattern ED_ADDS = Pattern.compile("^\\s*(?:\\$|\\d+|\\.|,)?\\s*[aic]\\s*$");

  /** The first operand from {@code from} on that is a file that runs later, or null. */
  private static String operand(List<Word> words, int from) {
    for (int i = from; i < words.size(); i++) {
      String t = words.get(i).text();
      if (!t.startsWith("-") && FedCode.runsLater(t)) {
        return t;
      }
    }
    return null;
  }

  /** What a here-document or here-string gives the program, or null. */
  private static String given(List<Redirect> redirects) {
    for (Redirect redirect : redirects) {
      String text = RedirectedInput.text(redirect);
      if (text != null) {
        return text;
      }
    }
    return null;
  }

  private static String sedAdds(Step step) {
    Argv argv = Argv.of(step.args(), "ef", "expression", "file");
    String script =
        argv.value('e') != null
            ? argv.value('e')
            : argv.positionals().isEmpty() ? null : argv.positionals().get(0).text();
    Matcher adds = script == null ? null : SED_ADDS.matcher(script);
    return adds != null && adds.matches() ? adds.group(1) : null;
  }

  /** Every literal of the code but the file's name, one a line: what it may write. */
  private static String otherLiterals(String code, String file) {
    StringBuilder text = new StringBuilder();
    for (String literal : CodeArguments.literals(code)) {
      if (!literal.equals(file)) {
        text.append(literal.replace("\\n", "\n")).append('\n');
      }
    }
    return text.toString();
  }
}
