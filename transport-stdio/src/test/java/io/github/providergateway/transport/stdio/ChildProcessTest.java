package io.github.providergateway.transport.stdio;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.loop.testing.Await;
import io.github.providergateway.transport.testing.Processes;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A {@link ChildProcess} of real shell commands, without a gateway: the end of its output when it
 * exits though something it started holds its stdout, and the bound of its log (issue 35). Waits on
 * real processes are bounded.
 */
@Tag("process")
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

  /**
   * A handler that throws on a line (an SDK's parser, issue 35 row 4) ends the child and is told
   * the end, instead of its reader thread dying while the child runs on, listed and unheard.
   */
  @Test
  void aHandlerThatThrowsEndsTheChildAndHearsTheEnd() throws Exception {
    child =
        ChildProcess.start(
            ChildProcess.Spec.of("talker", List.of("sh", "-c", "echo null; sleep 300")),
            ChildProcess.Bounds.of(1 << 20));
    CompletableFuture<ChildProcess.Ending> ended = new CompletableFuture<>();
    child.read(
        new ChildProcess.LineHandler() {
          @Override
          public void line(String line) {
            throw new NullPointerException("a parser's bug, on " + line);
          }

          @Override
          public void ended(ChildProcess.Ending ending) {
            ended.complete(ending);
          }
        });

    assertThat(ended).succeedsWithin(WAIT).isEqualTo(ChildProcess.Ending.STDOUT_ENDED);
    assertThat(child.process().onExit()).as("the child is ended").succeedsWithin(WAIT);
  }

  @Test
  void itsOutputEndsWhenItExitsThoughAChildHoldsStdoutAndTheLinesWrittenBeforeAllArrive()
      throws Exception {
    Path pids = tmp.resolve("pids");
    Recording output =
        run(
            ChildProcess.Spec.of(
                "leaver",
                List.of(
                    "sh",
                    "-c",
                    "echo one; sleep 300 & echo $! > '" + pids + "'; read go; echo two; exit 0")));
    await("its first line", () -> output.lines.contains("one"));

    // It exits while the reader waits for its next line: the JDK's reaper, which would close the
    // pipe, waits for that read too, and the sleep holds the pipe open.
    child.write("go");

    assertThat(output.ended)
        .as("its output ends with it, not with the sleep's")
        .succeedsWithin(WAIT)
        .isEqualTo(ChildProcess.Ending.STDOUT_ENDED);
    assertThat(output.lines).containsExactly("one", "two");
    Processes.awaitGone(Processes.recorded(pids, 1).get(0), WAIT);
  }

  @Test
  void stderrPastTheLogsBoundRotatesKeepsTheNewestAndCountsWhatWasDropped() throws Exception {
    long bound = ProcessLog.MAX_FILE_BYTES;
    long written = 5 * bound + 12_345;
    Path log = tmp.resolve("flood.log");
    Recording output =
        run(
            ChildProcess.Spec.of(
                    "flood",
                    List.of(
                        "sh",
                        "-c",
                        "head -c " + written + " /dev/zero | tr '\\0' '~' >&2; echo done"))
                .withLog(log));

    // Never held back by its log: it wrote everything and went on.
    assertThat(output.ended).succeedsWithin(WAIT);
    assertThat(output.lines).containsExactly("done");
    assertThat(child.process().waitFor(WAIT.toMillis(), TimeUnit.MILLISECONDS)).isTrue();
    Path previous = tmp.resolve("flood.log.1");
    // The copy may end after the process.
    Await.until(
        WAIT,
        () -> kept(log) + kept(previous) + dropped(log) >= written,
        () -> written + " bytes kept or counted");

    assertThat(Files.size(log)).isLessThanOrEqualTo(bound);
    assertThat(Files.size(previous)).isLessThanOrEqualTo(bound);
    // What was dropped is counted with the notes the dropped files began with: a few hundred bytes.
    assertThat(kept(log) + kept(previous) + dropped(log))
        .as("every byte kept or counted")
        .isBetween(written, written + 1024);
    assertThat(kept(log)).as("the newest are kept").isPositive();
  }

  private static void await(String what, Await.Condition condition) {
    Await.until(WAIT, condition, () -> what);
  }

  /** The bytes of stderr in {@code file}: all but its notes. */
  private static long kept(Path file) throws IOException {
    return Files.exists(file) ? Files.readString(file).chars().filter(c -> c == '~').count() : 0;
  }

  /** How many bytes the note at the top of {@code file} says were dropped before it. */
  private static long dropped(Path file) throws IOException {
    Matcher note =
        Pattern.compile("(\\d+) bytes before it were dropped").matcher(Files.readString(file));
    return note.find() ? Long.parseLong(note.group(1)) : 0;
  }
}
