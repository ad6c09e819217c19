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
    return runsProbe(probe, 0);
  }

  /** The wrappers xargs's command may run its code through: {@code sudo sh -c '{}'}. */
  private static final java.util.Set<String> WRAPPERS =
      java.util.Set.of(
          "sudo", "doas", "env", "nice", "nohup", "timeout", "ionice", "stdbuf", "setsid", "chroot",
          "kubectl", "oc", "docker", "podman", "ssh");

  /**
   * Whether the probe's command, or the command a wrapper at its head runs (decision 301: {@code
   * sudo sh -c '{}'}, {@code kubectl exec deploy/x -- sh -c '{}'}), runs the input as code.
   */
  private static boolean runsProbe(List<Word> probe, int depth) {
    if (runsCode(probe)) {
      return true;
    }
    if (depth > 2 || !WRAPPERS.contains(Resolver.basename(probe.get(0).text()))) {
      return false;
    }
    for (int k = 1; k < probe.size(); k++) {
      String name = Resolver.basename(probe.get(k).text());
      if (Programs.isShell(name) || name.equals("eval") || Programs.inlineLanguage(name) != null) {
        return runsProbe(probe.subList(k, probe.size()), depth + 1);
      }
    }
    return false;
  }

  /** Whether the probe's program runs the input as its code or its code's program. */
  private static boolean runsCode(List<Word> probe) {
    String program = Resolver.basename(probe.get(0).text());
    String code = null;
    if (Programs.isShell(program)) {
      ShellInputs.Options options = ShellInputs.Options.of(probe);
      Word string = options.code(probe);
      code = string == null ? null : string.text();
    } else if (program.equals("eval") && probe.size() > 1) {
      code = probe.get(1).text();
    } else {
      InlineLanguage language = Programs.inlineLanguage(program);
      code = language == null ? null : Programs.inlineCode(language, probe);
    }
    if (code == null || !code.contains(INPUT)) {
      return false;
    }
    String strip = code.strip();
    if (strip.equals(INPUT) || strip.startsWith(INPUT + " ")) {
      return true;
    }
    // bash -c 'set -euo pipefail; {}': a statement of its own after a prefix; python3 -c
    // 'exec(r"""%""")': handed to the language's own eval (decision 301)
    for (String statement : code.split("[;\n]|&&|\\|\\|")) {
      String each = statement.strip();
      if (each.equals(INPUT) || each.startsWith(INPUT + " ")) {
        return true;
      }
    }
    return EVALUATED.matcher(code).find();
  }

  /**
   * The input handed to the language's own eval: {@code exec(r"""INPUT""")}, {@code eval('INPUT')}.
   */
  private static final java.util.regex.Pattern EVALUATED =
      java.util.regex.Pattern.compile(
          "\\b(?:exec|eval|system|popen|instance_eval|Function)\\s*\\(\\s*[rRbBuUfF]{0,2}(?:\"{3}|'{3}|[\"'`])?"
              + java.util.regex.Pattern.quote(INPUT));
}
