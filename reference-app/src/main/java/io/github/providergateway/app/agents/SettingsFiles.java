package io.github.providergateway.app.agents;

import io.github.providergateway.app.home.RegularFileRead;
import io.github.providergateway.loop.base.OwnerOnlyFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;

/**
 * Reads and replaces an agent's settings file for {@code gateway setup}: whole, in one step (a
 * draft beside it moved over it), keeping its permissions, and through a symbolic link to the file
 * it names (settings kept in a dotfiles repository stay there). A file that holds a token is
 * written owner-only.
 */
final class SettingsFiles {

  private SettingsFiles() {}

  /**
   * The most a settings file may hold: Claude Code's {@code ~/.claude.json} keeps its projects'
   * history and grows to megabytes; a file past this is no settings file setup should load whole.
   */
  static final int MAX_BYTES = 32 << 20;

  /**
   * The file's content, or null when there is none. Only a regular file is read (a link is followed
   * to one), at most {@link #MAX_BYTES}: a FIFO put there would hang setup, a link to {@code
   * /dev/zero} would fill its memory (issue 61).
   */
  static byte[] read(Path file) throws IOException {
    BasicFileAttributes attributes;
    try {
      attributes = Files.readAttributes(file, BasicFileAttributes.class);
    } catch (NoSuchFileException e) {
      return null;
    }
    if (!attributes.isRegularFile()) {
      throw new IOException(
          file + " is not a regular file (a FIFO, a device or a folder): not read as settings");
    }
    if (attributes.size() > MAX_BYTES) {
      throw new IOException(
          file + " is " + attributes.size() + " bytes, more than the " + MAX_BYTES + " read");
    }
    try {
      // A link is followed to its file (settings kept in a dotfiles repository); that file is read
      // within a deadline, since it may be swapped for a FIFO since it was looked at.
      Path target = Files.isSymbolicLink(file) ? file.toRealPath() : file;
      byte[] content = RegularFileRead.read(target, MAX_BYTES);
      if (content.length > MAX_BYTES) {
        throw new IOException(file + " grew past " + MAX_BYTES + " bytes while read");
      }
      return content;
    } catch (NoSuchFileException e) {
      return null;
    }
  }

  /** Replaces (or creates) {@code file} with {@code content}; owner-only when {@code secret}. */
  static void write(Path file, byte[] content, boolean secret) throws IOException {
    Path target = Files.isSymbolicLink(file) ? file.toRealPath() : file;
    Files.createDirectories(target.getParent());
    Path draft = target.resolveSibling("." + target.getFileName() + ".gateway-setup.tmp");
    OwnerOnlyFiles.replaceKeepingMode(target, draft, content, secret);
  }

  /** {@return the permissions of {@code file} (through a link), {@code rw-r--r--}, or null} */
  static String mode(Path file) {
    return OwnerOnlyFiles.mode(file);
  }

  /**
   * Gives {@code file} (through a link, as {@link #write} writes) the permissions {@code mode} it
   * had before setup, when known: setup made it owner-only for a token it no longer holds. A mode
   * that lets the group or others write is not given back ({@link OwnerOnlyFiles#giveBackMode}).
   */
  static void restoreMode(Path file, String mode) throws IOException {
    OwnerOnlyFiles.giveBackMode(Files.isSymbolicLink(file) ? file.toRealPath() : file, mode);
  }

  /**
   * Removes {@code file} (what setup created); a link there now as a link, never what it points to
   * (setup created a file: a link is somebody else's, and may point anywhere).
   */
  static void delete(Path file) throws IOException {
    Files.deleteIfExists(file);
  }
}
