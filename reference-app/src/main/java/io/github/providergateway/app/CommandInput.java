package io.github.providergateway.app;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;

/**
 * Where the console's command lines come from: a terminal with line editing ({@link
 * ConsoleTerminal}), or plain lines of a stream (a pipe, a file, a terminal JLine could not
 * drive). Reader thread only.
 */
interface CommandInput {

  /**
   * The next line, without its line break; null once the input has ended (end of a pipe, Ctrl-D).
   *
   * @throws IOException when the input cannot be read any more
   */
  String readLine() throws IOException;

  /**
   * Plain lines of {@code in}, read as they come: what scripts and tests feed the console through a
   * pipe. With {@code prompts} (a terminal without line editing) a {@code > } goes to {@code out}
   * before each; without, nothing does, so piped output holds only what commands print.
   */
  static CommandInput lines(InputStream in, ConsoleOut out, boolean prompts) {
    BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
    return () -> {
      if (prompts) {
        out.prompt();
      }
      return reader.readLine();
    };
  }
}
