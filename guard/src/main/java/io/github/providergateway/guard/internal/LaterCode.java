package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Invocation;
import io.github.providergateway.guard.shell.ShellParser;
import io.github.providergateway.guard.shell.syntax.ShellParseException;
import java.util.ArrayList;
import java.util.List;

/**
 * Code an edit writes into a file that runs later (a shell's start-up file, a git hook), read as
 * the programs it runs: a line added to {@code ~/.zshrc} runs in every later shell, so it is judged
 * as the command it is, with its place marked ({@code edit › .zshrc (runs later)}).
 */
public final class LaterCode {
  private LaterCode() {}

  /**
   * The programs of code written into {@code path}, or none when the file does not run later or the
   * text does not parse as shell.
   *
   * @param path the edited file, as the call names it
   * @param text what the edit writes
   * @return the programs, each reached via the edit
   */
  public static List<Invocation> of(String path, String text) {
    if (path == null || text == null || text.isBlank() || !FedCode.runsLater(path)) {
      return List.of();
    }
    String name = path.substring(path.lastIndexOf('/') + 1);
    List<Invocation> out = new ArrayList<>();
    try {
      // As a shell runs the file: an edit is often part of a block (fish's `if status …` with its
      // end elsewhere), and the lines before what cannot be read alone still run.
      for (Invocation invocation : ShellParser.parseRunnable(text).invocations()) {
        List<String> via = new ArrayList<>();
        via.add("edit › " + name + " (runs later)");
        via.addAll(invocation.via());
        out.add(
            new Invocation(invocation.words(), invocation.wrappers(), invocation.redirects(), via));
      }
    } catch (ShellParseException e) {
      return List.of(); // text that is no shell runs nothing whole; the file rules still apply
    }
    return out;
  }
}
