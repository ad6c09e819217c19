package io.github.providergateway.federation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.providergateway.loop.testing.Await;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/** What the federation tests read of the files real servers write, and how long they wait. */
final class TestFiles {

  /** The longest a test waits for something a real process does. */
  static final Duration WAIT = Duration.ofSeconds(30);

  private static final ObjectMapper JSON = new ObjectMapper();

  private TestFiles() {}

  /** {@return the file's text, or empty while it is not there} */
  static String read(Path file) {
    try {
      return Files.exists(file) ? Files.readString(file) : "";
    } catch (IOException e) {
      return "";
    }
  }

  /** {@return the first of {@code lines} that holds {@code text}, as JSON} */
  static JsonNode lineWith(String lines, String text) throws IOException {
    for (String line : lines.split("\n")) {
      if (line.contains(text)) {
        return JSON.readTree(line);
      }
    }
    throw new AssertionError("no line with " + text);
  }

  static <T> T await(CompletableFuture<T> future) throws Exception {
    return future.get(WAIT.toMillis(), TimeUnit.MILLISECONDS);
  }

  /** Waits for something a real process does, for at most {@link #WAIT}. */
  static void awaitTrue(String what, Await.Condition check) {
    Await.until(WAIT, check, () -> what);
  }
}
