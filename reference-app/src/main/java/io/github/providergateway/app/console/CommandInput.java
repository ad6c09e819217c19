package io.github.providergateway.app.console;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * Where the console's command lines come from: a terminal with line editing ({@link
 * ConsoleTerminal}), or plain lines of a stream (a pipe, a file, a terminal JLine could not drive).
 * Reader thread only.
 */
interface CommandInput {

  /**
   * The next line, without its line break; null once the input has ended (end of a pipe, Ctrl-D).
   *
   * @throws IOException when the input cannot be read any more
   */
  String readLine() throws IOException;

  /**
   * Starts reading answers to a gate's question while a command waits ({@link ConsoleQuestions}):
   * single keys on a terminal (no Enter needed), lines otherwise. Close it before the next command
   * line is read.
   */
  AnswerKeys answerKeys() throws IOException;

  /** Answers as the person types them, while a question is open. Reader thread only. */
  interface AnswerKeys extends AutoCloseable {
    /**
     * What the person typed, waiting at most {@code timeout}: a key or a line; null when nothing
     * came (or the input has ended).
     *
     * @throws IOException when the input cannot be read any more
     * @throws InterruptedException when the reader is interrupted (Ctrl-C)
     */
    String poll(Duration timeout) throws IOException, InterruptedException;

    /** Gives the input back to line reading. */
    @Override
    void close();
  }

  /**
   * Plain lines of {@code in}, read as they come: what scripts and tests feed the console through a
   * pipe. With {@code prompts} (a terminal without line editing) a {@code > } goes to {@code out}
   * before each; without, nothing does, so piped output holds only what commands print.
   */
  static CommandInput lines(InputStream in, ConsoleOut out, boolean prompts) {
    BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
    return new CommandInput() {
      /** Whether the input has ended. Reader thread only. */
      private boolean ended;

      @Override
      public String readLine() throws IOException {
        if (prompts) {
          out.prompt();
        }
        String line = reader.readLine();
        ended = line == null;
        return line;
      }

      @Override
      public AnswerKeys answerKeys() {
        return new AnswerKeys() {
          @Override
          public String poll(Duration timeout) throws IOException, InterruptedException {
            // A line only once one is there: a question may end (answered elsewhere, its deadline)
            // while nothing is typed, and the command's outcome must not wait for the next line.
            if (!ended && reader.ready()) {
              String line = reader.readLine();
              ended = line == null;
              return line;
            }
            TimeUnit.NANOSECONDS.sleep(timeout.toNanos());
            return null;
          }

          @Override
          public void close() {}
        };
      }
    };
  }
}
