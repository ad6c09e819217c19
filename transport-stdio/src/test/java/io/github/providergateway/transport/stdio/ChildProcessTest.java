package io.github.providergateway.transport.stdio;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.transport.testing.Processes;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A {@link ChildProcess} of real shell commands, without a gateway: the end of its output when it
 * exits though something it started holds its stdout (issue 35). Waits on real processes are
 * bounded.
 */
class ChildProcessTest {

  private static final Duration WAIT = Duration.ofSeconds(10);

  @TempDir Path tmp;

  private ChildProcess child;

  @AfterEach
  void killWhatIsLeft() {
    Processes.killAll(tmp.resolve("pids"));
    if (child != null) {
      child.kill();
    }
  }

  /** Keeps the lines and the end, each as it comes. */
  private static final class Recording implements ChildProcess.LineHandler {
    final List<String> lines = new CopyOnWriteArrayList<>();
    final CompletableFuture<ChildProcess.Ending> ended = new CompletableFuture<>();

    @Override
    public void line(String line) {
      lines.add(line);
    }

    @Override
    public void ended(ChildProcess.Ending ending) {
      ended.complete(ending);
    }
  }

  private Recording run(ChildProcess.Spec spec) throws IOException {
    child = ChildProcess.start(spec, ChildProcess.Bounds.of(1 << 20));
    Recording recording = new Recording();
    child.read(recording);
    return recording;
  }

  @Test
  void itsOutputEndsWhenItExitsThoughAChildHoldsStdoutAndTheLinesWrittenBeforeAllArrive() throws Exception {
    Path pids = tmp.resolve("pids");
    Recording output = run(ChildProcess.Spec.of("leaver", List.of("sh", "-c",
        "echo one; sleep 300 & echo $! > '" + pids + "'; read go; echo two; exit 0")));
    await("its first line", () -> output.lines.contains("one"));

    // It exits while the reader waits for its next line: the JDK's reaper, which would close the
    // pipe, waits for that read too, and the sleep holds the pipe open.
    child.write("go");

    assertThat(output.ended).as("its output ends with it, not with the sleep's")
        .succeedsWithin(WAIT).isEqualTo(ChildProcess.Ending.STDOUT_ENDED);
    assertThat(output.lines).containsExactly("one", "two");
    Processes.awaitGone(Processes.recorded(pids, 1).get(0), WAIT);
  }

  private static void await(String what, BooleanSupplier condition) {
    long deadline = System.nanoTime() + WAIT.toNanos();
    while (!condition.getAsBoolean()) {
      assertThat(System.nanoTime()).as("not within %s: %s", WAIT, what).isLessThan(deadline);
      LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(10));
    }
  }
}
