package io.github.providergateway.guard.internal;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.github.providergateway.guard.shell.ShellParser;
import io.github.providergateway.guard.shell.ShellScript;
import io.github.providergateway.guard.shell.syntax.ShellParseException;
import java.nio.file.Path;

/** Shell commands as the guard scans them, in the corpus's project, for the tests. */
final class ShellScans {
  private ShellScans() {}

  /**
   * A command as the guard scans it.
   *
   * @param command the command
   * @param cwd the folder it runs in, or {@code null} for the project
   * @return the scan, or {@code null} where the parse refuses the command
   */
  static Scan of(String command, String cwd) {
    ShellScript script;
    try {
      script = ShellParser.parse(command);
    } catch (ShellParseException e) {
      return null;
    }
    Path project = CorpusPlaces.PROJECT;
    CallForRules call =
        new CallForRules(
            "shell",
            JsonNodeFactory.instance.objectNode().put("command", command),
            project,
            cwd == null ? project : Path.of(cwd),
            null);
    return new Scan(CorpusPlaces.PLACES, call, command, script.invocations())
        .withOpaque(script.opaque());
  }
}
