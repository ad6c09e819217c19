package io.github.providergateway.guard.shell;

import io.github.providergateway.guard.shell.programs.InlineLanguage;
import io.github.providergateway.guard.shell.programs.Programs;
import java.util.ArrayList;
import java.util.List;

/**
 * Whether {@code xargs} hands what it reads to its command as code: {@code xargs -a cmds.txt sh
 * -c}, {@code xargs -I{} bash -c '{}'}, {@code xargs python3 -c}, {@code xargs eval}. Where xargs
 * reads a file or another program's output, that code is written nowhere the guard reads.
 */
final class XargsCode {
  private XargsCode() {}

  /** Stands for what xargs reads, in the probe of its command. */
  private static final String INPUT = "\u0000xargs-input";

  /**
   * {@return whether {@code command}, run by xargs with {@code replace} ({@code -I}'s string, or
   * null for the input's words appended), runs the input as its code or as its code's program}
   */
  static boolean runsInput(List<Word> command, String replace) {
    List<Word> probe = new ArrayList<>(command.size() + 1);
    for (Word word : command) {
      probe.add(
          replace != null && word.text().contains(replace)
              ? Word.literal(word.text().replace(replace, INPUT))
              : word);
    }
    if (replace == null) {
      probe.add(Word.literal(INPUT));
    }
    String program = Resolver.basename(probe.get(0).text());
    String code = null;
    if (Programs.isShell(program)) {
      ShellInputs.Options options = ShellInputs.Options.of(probe);
      if (options.dashC() && options.operandAt() < probe.size()) {
        code = probe.get(options.operandAt()).text();
      }
    } else if (program.equals("eval") && probe.size() > 1) {
      code = probe.get(1).text();
    } else {
      InlineLanguage language = Programs.inlineLanguage(program);
      code = language == null ? null : Programs.inlineCode(language, probe);
    }
    return code != null && (code.strip().equals(INPUT) || code.strip().startsWith(INPUT + " "));
  }
}
