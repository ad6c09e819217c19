package io.github.providergateway.federation;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Clock;
import java.time.Instant;

/**
 * The MCP server's log file ({@code <home>/logs/<name>.log}): the server's stderr is appended to
 * it by the operating system, and the gateway's notes on the server's life (started, exited,
 * restarting, refused) are appended between, marked {@code [provider-gateway]}, so one file tells
 * what happened. With no file, notes go nowhere.
 */
final class ServerLog {

  private final Path file;
  private final Clock clock;

  ServerLog(Path file, Clock clock) {
    this.file = file;
    this.clock = clock;
  }

  /** Appends one line; a log that cannot be written never stops the server. */
  void note(String text) {
    if (file == null) {
      return;
    }
    String line = "[provider-gateway " + Instant.now(clock) + "] " + text + System.lineSeparator();
    try {
      Files.writeString(file, line, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
    } catch (IOException unwritable) {
      // the log is for people; the server runs without it
    }
  }
}
