package io.github.providergateway.app.console;

import static io.github.providergateway.app.console.TerminalConsoleApp.CTRL_C;
import static io.github.providergateway.app.console.TerminalConsoleApp.CTRL_D;
import static io.github.providergateway.app.console.TerminalConsoleApp.ENTER;
import static io.github.providergateway.app.console.TerminalConsoleApp.TAB;
import static io.github.providergateway.app.console.TerminalConsoleApp.UP;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.app.RpcApp;
import io.github.providergateway.app.ScriptedInput;
import io.github.providergateway.app.WsProvider;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.jline.terminal.Terminal;
import org.jline.terminal.TerminalBuilder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The console with line editing (JLine), typed at on a virtual terminal in-process: completion,
 * lines arriving while a person types, Ctrl-C, history.
 */
class ConsoleTerminalTest {

  @TempDir Path home;

  @Test
  void tabCompletesAToolNameTheGatewayKnows() throws Exception {
    try (TerminalConsoleApp console = TerminalConsoleApp.start(home);
        WsProvider provider = console.bind("greeter", WsProvider.tools("greet"))) {
      console.awaitText(0, "tools now: greet");

      console.press("call gr" + TAB);
      console.awaitText(0, "call greet ");
      console.press("{\"name\":\"Ada\"}" + ENTER);

      JsonNode call = provider.next("tool.call");
      assertThat(call.get("tool").asText()).isEqualTo("greet");
      provider.result(call, "\"Hello, Ada!\"");
      console.awaitText(0, "ok: Hello, Ada!");
    }
  }

  @Test
  void aLineArrivingWhileAPersonTypesIsPrintedAboveThePromptAndTheTypingIsKept() throws Exception {
    try (TerminalConsoleApp console = TerminalConsoleApp.start(home);
        WsProvider provider = console.bind("ci", "")) {
      console.press("sessi");
      console.awaitText(0, "> sessi");
      int typed = console.mark();

      provider.send(
          "{\"type\":\"push\",\"level\":\"surface\",\"event\":\"Build 7 passed\",\"stream\":\"ci\"}");

      String after = console.awaitText(typed, "ci: Build 7 passed");
      console.awaitText(typed + after.indexOf("ci: Build 7 passed"), "> sessi");
      console.press("ons" + ENTER);
      console.awaitText(typed, "* " + console.defaultSession());
    }
  }

  @Test
  void ctrlCInterruptsARunningCallWhoseProviderIsToldToCancel() throws Exception {
    try (TerminalConsoleApp console = TerminalConsoleApp.start(home);
        WsProvider provider = console.bind("slowpoke", WsProvider.tools("slow"))) {
      console.awaitText(0, "tools now: slow");
      console.press("call slow" + ENTER);
      JsonNode call = provider.next("tool.call");

      console.press(CTRL_C);

      JsonNode cancel = provider.next("tool.cancel");
      assertThat(cancel.get("id").asText()).isEqualTo(call.get("id").asText());
      console.awaitText(0, "interrupted: the call to slow is cancelled");
      // Back at the prompt, with the gateway running.
      int back = console.mark();
      console.press("providers" + ENTER);
      console.awaitText(back, "slowpoke (p-");
    }
  }

  @Test
  void ctrlCAtThePromptKeepsTheGatewayRunningAndCtrlDStopsIt() throws Exception {
    TerminalConsoleApp console = TerminalConsoleApp.start(home);
    try (console) {
      console.press(CTRL_C);
      console.awaitText(0, "The gateway keeps running: 'quit' or Ctrl-D stops it");
      int after = console.mark();
      console.press("sessions" + ENTER);
      console.awaitText(after, "* " + console.defaultSession());

      console.press(CTRL_D);

      assertThat(console.awaitExit()).isZero();
      assertThat(console.text()).contains("Gateway stopped; token file removed.");
      assertThat(home.resolve(".provider-token")).doesNotExist();
    }
  }

  @Test
  void arrowUpRecallsCommandsOfAnEarlierRunKeptOwnerOnlyInTheHome() throws Exception {
    try (TerminalConsoleApp first = TerminalConsoleApp.start(home)) {
      first.press("start kept" + ENTER);
      first.awaitText(0, "started; it is now the current session");
      first.press("quit" + ENTER);
      assertThat(first.awaitExit()).isZero();
    }
    Path history = home.resolve(ConsoleHistory.FILE);
    assertThat(Files.readString(history)).contains("start kept");
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(history)))
        .isEqualTo("rw-------");

    try (TerminalConsoleApp second = TerminalConsoleApp.start(home)) {
      int before = second.mark();
      second.press(UP);
      second.awaitText(before, "quit");
      second.press(UP + ENTER);

      assertThat(second.awaitText(before, "started; it is now the current session"))
          .contains("start kept");
    }
  }

  @Test
  void aTerminalNobodyReadsNeverHoldsUpWhoPrintsAndItsTimelineLinesAreDroppedAndCounted()
      throws Exception {
    StalledScreen screen = new StalledScreen();
    Terminal terminal =
        TerminalBuilder.builder()
            .system(false)
            .providers("exec")
            .streams(new ScriptedInput(), screen)
            .type("xterm-256color")
            .build();
    try (ConsoleTerminal console = new ConsoleTerminal(terminal, () -> {})) {
      ConsoleOut out = new ConsoleOut(console.sink());
      String line = "x".repeat(1_000);

      long started = System.nanoTime();
      for (int i = 0; i < 3_000; i++) {
        out.timeline(line); // what the gateway loop calls: 3 M characters for a 1 Mi bound
      }
      Duration took = Duration.ofNanos(System.nanoTime() - started);

      assertThat(took).isLessThan(Duration.ofSeconds(2));
      screen.release();
      screen.await("timeline lines dropped: the console was not keeping up");
    }
  }

  /** A terminal's screen that takes nothing until released, as a stalled terminal emulator. */
  private static final class StalledScreen extends OutputStream {
    private final CountDownLatch released = new CountDownLatch(1);

    /** Guarded by this. */
    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();

    void release() {
      released.countDown();
    }

    @Override
    public void write(int b) throws IOException {
      write(new byte[] {(byte) b}, 0, 1);
    }

    @Override
    public void write(byte[] buffer, int offset, int length) throws IOException {
      try {
        released.await();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new InterruptedIOException();
      }
      synchronized (this) {
        bytes.write(buffer, offset, length);
        notifyAll();
      }
    }

    synchronized void await(String text) throws InterruptedException {
      long deadline = System.nanoTime() + RpcApp.WAIT.toNanos();
      while (!bytes.toString(StandardCharsets.UTF_8).contains(text)) {
        long left = deadline - System.nanoTime();
        assertThat(left).as("'%s' written within %s", text, RpcApp.WAIT).isPositive();
        TimeUnit.NANOSECONDS.timedWait(this, left);
      }
    }
  }

  @Test
  void unknownCommandsAndToolsGetADidYouMean() throws Exception {
    try (TerminalConsoleApp console = TerminalConsoleApp.start(home);
        WsProvider provider = console.bind("greeter", WsProvider.tools("greet"))) {
      console.awaitText(0, "tools now: greet");
      console.press("cal greet" + ENTER);
      console.awaitText(0, "error: unknown command 'cal'; did you mean 'call'?");
      console.press("call gret" + ENTER);
      console.awaitText(0, "failed (NOT_FOUND)");
      console.awaitText(0, "did you mean 'greet'?");
      assertThat(provider.receivedNoneBeforeAnAnswer("tool.call"))
          .as("a mistyped name runs nothing")
          .isTrue();
    }
  }
}
