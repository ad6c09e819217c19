package io.github.providergateway.app.console;

import io.github.providergateway.app.cli.LineQueue;
import io.github.providergateway.loop.base.DaemonThreads;
import java.io.ByteArrayInputStream;
import java.io.IOError;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.jline.reader.Completer;
import org.jline.reader.EndOfFileException;
import org.jline.reader.LineReader;
import org.jline.reader.LineReaderBuilder;
import org.jline.reader.UserInterruptException;
import org.jline.reader.impl.DefaultParser;
import org.jline.terminal.Attributes;
import org.jline.terminal.Terminal;
import org.jline.terminal.TerminalBuilder;
import org.jline.utils.NonBlockingReader;

/**
 * The console on a terminal, through JLine: line editing, history ({@link ConsoleHistory}), tab
 * completion ({@link ConsoleCompleter}), lines from the gateway printed above the prompt without
 * disturbing what is being typed, and Ctrl-C that interrupts the running command instead of
 * stopping the gateway.
 *
 * <p>Ctrl-C: while a line is being typed JLine turns it into a {@link UserInterruptException} (the
 * line is dropped, like a shell does); while a command runs it reaches the terminal's INT handler,
 * which interrupts the command ({@link RunningCommand}). JLine handles SIGINT for the process while
 * the terminal is open, and gives it back to {@code ExitOnSignal} when closed; SIGTERM stays with
 * {@code ExitOnSignal} throughout.
 *
 * <p>Output: {@link #sink()} is the {@link LineQueue.Sink} of the console's {@link ConsoleOut},
 * called only on the queue's writer thread, so the bounded queue, its dropping and counting, and
 * the gateway loop never waiting for the terminal all stay as they are without a terminal.
 */
public final class ConsoleTerminal implements AutoCloseable {

  /** The prompt, as without line editing. */
  public static final String PROMPT = "> ";

  /** How long the prompt waits for a command's output to be printed before it is drawn. */
  private static final Duration OUTPUT_SETTLE = Duration.ofMillis(200);

  private final Terminal terminal;
  private final LineReader reader;

  /** What TAB offers; none until {@link #commands} knows the gateway. Set on the reader thread. */
  private volatile Completer completer = (reader, line, candidates) -> {};

  /** What Ctrl-C does while no line is being typed; set by {@link #commands}. */
  private volatile Runnable onInterrupt;

  /** Set once the console stops for another reason than its input ({@link #stopReading}). */
  private volatile boolean stopped;

  /**
   * @param beforeCommands what Ctrl-C does until {@link #commands} is called (while the gateway
   *     starts): for the process's terminal, stop the gateway and exit, as without a terminal
   */
  ConsoleTerminal(Terminal terminal, Runnable beforeCommands) {
    this.terminal = terminal;
    this.onInterrupt = beforeCommands;
    terminal.handle(Terminal.Signal.INT, signal -> onInterrupt.run());
    // Words are what CommandLoop splits on (white space): quotes and backslashes in JSON arguments
    // are text, and an unclosed quote never asks for a second line.
    DefaultParser parser = new DefaultParser();
    parser.setQuoteChars(new char[0]);
    parser.setEscapeChars(new char[0]);
    this.reader =
        LineReaderBuilder.builder()
            .terminal(terminal)
            .appName("gateway")
            .parser(parser)
            .history(new ConsoleHistory())
            .completer(
                (lineReader, line, candidates) -> completer.complete(lineReader, line, candidates))
            // "!" in JSON text is text, not a history event to expand.
            .option(LineReader.Option.DISABLE_EVENT_EXPANSION, true)
            .build();
  }

  /**
   * Opens the process's own terminal (stdin and stdout both are one) on a thread of its own: JLine
   * takes a few hundred milliseconds to load and to read the terminal's capabilities, which it
   * spends while the gateway starts rather than before.
   *
   * @param beforeCommands what Ctrl-C does until {@link #commands} is called
   * @return the terminal; completes exceptionally when JLine cannot drive it
   */
  static CompletableFuture<ConsoleTerminal> openSystem(Runnable beforeCommands) {
    CompletableFuture<ConsoleTerminal> opened = new CompletableFuture<>();
    DaemonThreads.start(
        "gateway-terminal",
        () -> {
          try {
            opened.complete(new ConsoleTerminal(systemTerminal(), beforeCommands));
          } catch (IOException | RuntimeException e) {
            opened.completeExceptionally(e);
          }
        });
    return opened;
  }

  private static Terminal systemTerminal() throws IOException {
    return TerminalBuilder.builder()
        .name("gateway")
        .system(true)
        // The native provider sets terminal modes in-process; exec runs stty for each prompt.
        .providers("jni,exec")
        .systemOutput(TerminalBuilder.SystemOutput.SysOut)
        // What the console writes without a terminal too. Naming it also spares JLine's
        // search for a Windows code page, which loads every extended charset.
        .encoding(StandardCharsets.UTF_8)
        .dumb(false)
        // JLine takes SIGINT while it is open and gives ExitOnSignal's handler back on close.
        .nativeSignals(true)
        .build();
  }

  /** Prints the console's lines above the prompt while one is shown, plainly while none is. */
  LineQueue.Sink sink() {
    return new LineQueue.Sink() {
      @Override
      public void write(String text) throws IOException {
        if (text.isEmpty()) {
          return; // printAbove would print an empty line
        }
        reader.printAbove(text);
        if (terminal.writer().checkError()) {
          throw new IOException("the terminal is closed");
        }
      }

      @Override
      public void flush() {
        // printAbove flushed already.
      }
    };
  }

  /**
   * The commands typed at this terminal.
   *
   * @param historyFile where the history is kept, or null for none beyond this run
   * @param running the command Ctrl-C interrupts
   */
  CommandInput commands(
      Path historyFile, Completer completer, RunningCommand running, ConsoleOut out) {
    ConsoleHistory.configure(reader, historyFile);
    this.completer = completer;
    // The terminal echoed ^C where the cursor was: what the command says next starts a line.
    this.onInterrupt = () -> running.interrupt(() -> out.say(""));
    return new CommandInput() {
      @Override
      public String readLine() throws IOException {
        return readCommand(out);
      }

      @Override
      public AnswerKeys answerKeys() {
        return keys();
      }
    };
  }

  /**
   * Ends the reading of commands from another thread (issue 77: {@code gateway stop} stops a
   * console's gateway): the line being read ends as the end of input does, once the reader is
   * interrupted.
   */
  void stopReading() {
    stopped = true;
  }

  private String readCommand(ConsoleOut out) throws IOException {
    while (true) {
      if (stopped) {
        return null;
      }
      try {
        out.settle(OUTPUT_SETTLE);
        return reader.readLine(PROMPT);
      } catch (UserInterruptException e) {
        // JLine may leave the thread interrupted (a Ctrl-C while it finished reading): the next
        // command must not start so.
        Thread.interrupted();
        if (stopped) {
          return null; // the gateway stops (gateway stop): no more commands, and no word of Ctrl-C
        }
        if (e.getPartialLine().isEmpty()) {
          out.say(
              "(The gateway keeps running: 'quit' or Ctrl-D stops it; Ctrl-C interrupts a running command.)");
        }
      } catch (EndOfFileException e) {
        return null; // Ctrl-D
      } catch (IOError e) {
        throw new IOException("the terminal is gone", e);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return null;
      }
    }
  }

  /**
   * Single keys, with the terminal in raw mode (no echo, no waiting for Enter; Ctrl-C still
   * interrupts) until closed: how a person answers a gate's question while a command waits.
   */
  private CommandInput.AnswerKeys keys() {
    Attributes saved = terminal.enterRawMode();
    return new CommandInput.AnswerKeys() {
      /** Whether the terminal's input has ended. Reader thread only. */
      private boolean ended;

      @Override
      public String poll(Duration timeout) throws IOException, InterruptedException {
        if (ended) {
          TimeUnit.NANOSECONDS.sleep(timeout.toNanos());
          return null;
        }
        int key;
        try {
          key = terminal.reader().read(timeout.toMillis());
        } catch (InterruptedIOException e) {
          throw new InterruptedException("interrupted while waiting for an answer");
        }
        if (key == NonBlockingReader.READ_EXPIRED) {
          return null;
        }
        if (key < 0) {
          ended = true;
          return null;
        }
        return String.valueOf((char) key);
      }

      @Override
      public void close() {
        terminal.setAttributes(saved);
      }
    };
  }

  /**
   * Loads the classes a console on a terminal loads, on a virtual terminal that reads one line (TAB
   * included) and writes nowhere: for the launcher's class-data training run, which has no
   * terminal. JLine's classes then load from the archive, as the rest of a start does, instead of
   * costing a third of the console's start-up CPU.
   */
  public static void loadClassesForArchive() throws IOException {
    Terminal virtual =
        TerminalBuilder.builder()
            .system(false)
            .providers("exec") // a line discipline in Java: jni would open a real pty for it
            .streams(
                new ByteArrayInputStream("sessions\t\n".getBytes(StandardCharsets.UTF_8)),
                OutputStream.nullOutputStream())
            .type("xterm-256color")
            .build();
    try (ConsoleTerminal console = new ConsoleTerminal(virtual, () -> {})) {
      console.sink().write("a line above the prompt" + System.lineSeparator());
      console.reader.readLine(PROMPT);
    } catch (EndOfFileException | UserInterruptException e) {
      // Read as far as it went: enough classes are loaded.
    }
    for (String name :
        List.of(
            "org.jline.terminal.impl.jni.JniTerminalProvider",
            "org.jline.terminal.impl.PosixSysTerminal",
            "org.jline.terminal.impl.jni.linux.LinuxNativePty")) {
      try {
        Class.forName(name, false, ConsoleTerminal.class.getClassLoader());
      } catch (ClassNotFoundException e) {
        // Another JLine: its classes load from the jar when needed.
      }
    }
  }

  /** Gives the terminal back as it was (modes, signal handlers). */
  @Override
  public void close() {
    try {
      terminal.close();
    } catch (IOException e) {
      // The terminal is gone already: nothing is left to give back.
    }
  }
}
