package io.github.providergateway.benchmarks;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Every core kept busy by processes outside the gateway and the driver, as a build or a test run
 * beside an agent keeps them: {@code count} shell loops that spin at normal priority until {@link
 * #close}. Each loop also ends by itself within a few tens of milliseconds of the driver's end (it
 * checks its parent between spins), so a driver that is killed leaves none spinning.
 */
final class BusyCores implements AutoCloseable {

  /**
   * One spinner: shell arithmetic and a builtin test, no process started, about 25 ms between looks
   * at whether its parent (the driver) is still there.
   */
  static final String SPIN =
      "while kill -0 $PPID 2>/dev/null; do i=0; while [ $i -lt 10000 ]; do i=$((i+1)); done; done";

  private final List<Process> spinners;

  private BusyCores(List<Process> spinners) {
    this.spinners = spinners;
  }

  /** No spinner: an idle machine's measurement takes the same shape. */
  static BusyCores none() {
    return new BusyCores(List.of());
  }

  /** Starts {@code count} spinners. */
  static BusyCores start(int count) throws IOException {
    List<Process> spinners = new ArrayList<>();
    try {
      for (int i = 0; i < count; i++) {
        spinners.add(
            new ProcessBuilder("sh", "-c", SPIN)
                .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()))
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(ProcessBuilder.Redirect.DISCARD)
                .start());
      }
    } catch (IOException e) {
      new BusyCores(spinners).close();
      throw e;
    }
    return new BusyCores(spinners);
  }

  /**
   * The spinners' process ids, so that a {@link Meter} counts them apart from "other processes".
   */
  List<Long> pids() {
    return spinners.stream().map(Process::pid).toList();
  }

  /** How many spin. */
  int count() {
    return spinners.size();
  }

  @Override
  public void close() {
    for (Process spinner : spinners) {
      spinner.destroy();
    }
    for (Process spinner : spinners) {
      try {
        if (!spinner.waitFor(5, TimeUnit.SECONDS)) {
          spinner.destroyForcibly();
        }
      } catch (InterruptedException e) {
        spinner.destroyForcibly();
        Thread.currentThread().interrupt();
      }
    }
  }
}
