package io.github.providergateway.app.agents;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SeekableByteChannel;
import java.nio.file.FileSystem;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;

/**
 * Reads and replaces an agent's settings file for {@code gateway setup}: whole, in one step (a
 * draft beside it moved over it), keeping its permissions, and through a symbolic link to the file
 * it names (settings kept in a dotfiles repository stay there). A file that holds a token is
 * written owner-only.
 */
final class SettingsFiles {

  private SettingsFiles() {}

  /** The file's content, or null when there is none. */
  static byte[] read(Path file) throws IOException {
    try {
      return Files.readAllBytes(file);
    } catch (NoSuchFileException e) {
      return null;
    }
  }

  /** Replaces (or creates) {@code file} with {@code content}; owner-only when {@code secret}. */
  static void write(Path file, byte[] content, boolean secret) throws IOException {
    Path target = Files.isSymbolicLink(file) ? file.toRealPath() : file;
    Files.createDirectories(target.getParent());
    Set<PosixFilePermission> permissions =
        Files.exists(target)
                && target.getFileSystem().supportedFileAttributeViews().contains("posix")
            ? Files.getPosixFilePermissions(target, LinkOption.NOFOLLOW_LINKS)
            : PosixFilePermissions.fromString("rw-r--r--");
    if (secret) {
      permissions = PosixFilePermissions.fromString("rw-------");
    }
    Path draft = target.resolveSibling("." + target.getFileName() + ".gateway-setup.tmp");
    Files.deleteIfExists(draft);
    try {
      try (SeekableByteChannel out =
          Files.newByteChannel(
              draft,
              Set.of(
                  StandardOpenOption.CREATE_NEW,
                  StandardOpenOption.WRITE,
                  LinkOption.NOFOLLOW_LINKS),
              attributes(target.getFileSystem(), permissions))) {
        out.write(ByteBuffer.wrap(content));
      }
      if (target.getFileSystem().supportedFileAttributeViews().contains("posix")) {
        // The umask narrowed what creation asked for: the file keeps the mode it had.
        Files.setPosixFilePermissions(draft, permissions);
      }
      Files.move(
          draft, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    } finally {
      Files.deleteIfExists(draft);
    }
  }

  /** Removes {@code file} (what setup created), through a link as {@link #write} writes. */
  static void delete(Path file) throws IOException {
    Files.deleteIfExists(Files.isSymbolicLink(file) ? file.toRealPath() : file);
  }

  private static FileAttribute<?>[] attributes(
      FileSystem fileSystem, Set<PosixFilePermission> permissions) {
    if (fileSystem.supportedFileAttributeViews().contains("posix")) {
      return new FileAttribute<?>[] {PosixFilePermissions.asFileAttribute(permissions)};
    }
    return new FileAttribute<?>[0];
  }
}
