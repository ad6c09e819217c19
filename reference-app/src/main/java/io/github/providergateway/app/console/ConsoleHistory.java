package io.github.providergateway.app.console;

import io.github.providergateway.loop.base.OwnerOnlyFiles;
import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Instant;
import org.jline.reader.LineReader;
import org.jline.reader.impl.history.DefaultHistory;

/**
 * The console's command history, kept in {@code <home>/console_history} across runs (arrow up
 * recalls it; the consoles of {@code ./gateway} and {@code ./gateway attach} on one home share it).
 *
 * <p>Commands carry tool arguments, which may be secrets, so the file is owner-only like the rest
 * of the home: created {@code rw-------} before JLine first appends to it (JLine would create it
 * with the umask's permissions), and tightened if someone widened it. JLine's trimming writes a
 * temporary file, which Java creates owner-only, and moves it into place.
 *
 * <p>Bounded: {@link #MAX_ENTRIES} commands in memory; the file is cut back to that many once it
 * holds a quarter more; a line longer than {@link #MAX_LINE_CHARS} (a pasted blob) is not kept; a
 * file larger than {@link #MAX_FILE_BYTES} (not written by us) is left alone and the history of
 * this run stays in memory.
 */
public final class ConsoleHistory extends DefaultHistory {
  public static final String FILE = "console_history";
  static final int MAX_ENTRIES = 1000;
  static final int MAX_LINE_CHARS = 4096;
  static final long MAX_FILE_BYTES = 16L * 1024 * 1024;

  /** Settings of {@code reader} for a history kept in {@code file}, or in memory only when null. */
  static void configure(LineReader reader, Path file) {
    reader.setVariable(LineReader.HISTORY_SIZE, MAX_ENTRIES);
    reader.setVariable(LineReader.HISTORY_FILE_SIZE, MAX_ENTRIES);
    if (file != null) {
      reader.setVariable(LineReader.HISTORY_FILE, file);
    }
  }

  /**
   * {@code <home>/console_history}, created owner-only when missing and made owner-only when it is
   * not.
   *
   * @throws IOException when it cannot be used: not a regular file (a link, a directory), too
   *     large, or not creatable; the message says which
   */
  static Path prepare(Path home) throws IOException {
    Path file = home.resolve(FILE);
    OwnerOnlyFiles.createDirectories(home);
    try {
      OwnerOnlyFiles.createFile(file);
      return file;
    } catch (FileAlreadyExistsException exists) {
      // Used before: check it below.
    }
    if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
      throw new IOException(file + " is not a regular file");
    }
    if (Files.size(file) > MAX_FILE_BYTES) {
      throw new IOException(file + " is larger than " + MAX_FILE_BYTES / (1024 * 1024) + " MiB");
    }
    OwnerOnlyFiles.restrict(file);
    return file;
  }

  @Override
  public void add(Instant time, String line) {
    if (line.length() > MAX_LINE_CHARS) {
      return; // a pasted blob: recalling it is not worth a history file that grows without bound
    }
    super.add(time, line);
  }
}
