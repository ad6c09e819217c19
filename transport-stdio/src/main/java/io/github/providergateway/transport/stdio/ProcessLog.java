package io.github.providergateway.transport.stdio;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Clock;
import java.time.Instant;

/**
 * A child process's log file ({@code <home>/logs/<name>.log}): the process's stderr is appended to
 * it by the operating system ({@link ChildProcess.Spec#log}), and the gateway's notes on its life
 * (started, exited, restarting, refused, closed and why) are appended between, marked {@code
 * [provider-gateway <time>]}, so one file tells what happened. With no file, notes go nowhere.
 * Thread-safe: each note is one append.
 */
public final class ProcessLog {

  private final Path file;
  private final Clock clock;

  /**
   * A log that appends to {@code file}.
   *
   * @param file the log file, or null for none
   * @param clock stamps each note (the gateway's clock)
   */
  public ProcessLog(Path file, Clock clock) {
    this.file = file;
    this.clock = java.util.Objects.requireNonNull(clock, "clock");
  }

  /**
   * Appends one line; a log that cannot be written never stops the process.
   *
   * @param text the note, one line
   */
  public void note(String text) {
    if (file == null) {
      return;
    }
    String line = "[provider-gateway " + Instant.now(clock) + "] " + text + System.lineSeparator();
    try {
      Files.writeString(file, line, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
    } catch (IOException unwritable) {
      // the log is for people; the process runs without it
    }
  }
}
