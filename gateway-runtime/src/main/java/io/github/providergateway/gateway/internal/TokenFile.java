package io.github.providergateway.gateway.internal;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

/**
 * The gateway token file, {@code <home>/.provider-token}: the token alone on one line, readable by
 * its owner only, created with those permissions (never written and then narrowed), and deleted
 * when the gateway stops (architecture, decisions 3 and 15).
 */
public final class TokenFile {

  /** The file's name inside the gateway home. */
  public static final String NAME = ".provider-token";

  private final Path path;
  /** The token this gateway wrote, so it never deletes another run's file. */
  private final String token;

  private TokenFile(Path path, String token) {
    this.path = path;
    this.token = token;
  }

  /**
   * Creates {@code home} (owner-only) if it is missing, so that a home that cannot be used fails
   * when the gateway is built, not later when the token file is written.
   */
  public static void prepareHome(Path home) {
    try {
      OwnerOnlyFiles.createDirectories(home);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot create the home directory " + home, e);
    }
    if (!Files.isDirectory(home) || !Files.isWritable(home)) {
      throw new UncheckedIOException(new IOException("the home directory " + home + " is not writable"));
    }
  }

  /** Writes {@code token} to {@code <home>/.provider-token}, replacing a stale file. */
  public static TokenFile write(Path home, String token) {
    Path path = home.resolve(NAME).toAbsolutePath();
    try {
      OwnerOnlyFiles.createDirectories(home);
      Files.deleteIfExists(path); // a file left by a crashed run holds a dead token
      try {
        OwnerOnlyFiles.createFile(path);
      } catch (FileAlreadyExistsException raced) {
        throw new IllegalStateException("another gateway is writing " + path, raced);
      }
      Files.writeString(path, token + "\n", StandardCharsets.UTF_8);
      return new TokenFile(path, token);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write the token file " + path, e);
    }
  }

  /** The file's absolute path. */
  public Path path() {
    return path;
  }

  /**
   * Deletes the file if it still holds this gateway's token. A newer gateway in the same home may
   * have replaced it (a host restarted the gateway while this one was stopping): that file is not
   * ours to delete, or the new gateway's providers could not find its token. A file already gone
   * is fine.
   */
  public void delete() {
    try {
      String current = Files.exists(path) ? Files.readString(path, StandardCharsets.UTF_8).strip() : null;
      if (token.equals(current)) {
        Files.deleteIfExists(path);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot delete the token file " + path, e);
    }
  }

  /** Owner-only files and directories where the file system supports POSIX permissions. */
  static final class OwnerOnlyFiles {
    private OwnerOnlyFiles() {}

    static boolean posix(Path path) {
      return path.getFileSystem().supportedFileAttributeViews().contains("posix");
    }

    static void createDirectories(Path dir) throws IOException {
      if (Files.isDirectory(dir)) {
        return;
      }
      if (posix(dir)) {
        Files.createDirectories(
            dir, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
      } else {
        Files.createDirectories(dir);
      }
    }

    static void createFile(Path file) throws IOException {
      if (posix(file)) {
        Files.createFile(
            file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
      } else {
        Files.createFile(file);
      }
    }
  }
}
