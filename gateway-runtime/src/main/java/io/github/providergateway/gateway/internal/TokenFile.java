package io.github.providergateway.gateway.internal;

import io.github.providergateway.loop.base.OwnerOnlyFiles;
import io.github.providergateway.protocol.GatewayAddress;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.SeekableByteChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.Set;
import java.util.function.Consumer;

/**
 * The gateway token file, {@code <home>/.provider-token}: the token alone on one line, readable by
 * its owner only, created with those permissions (never written and then narrowed), and deleted
 * when the gateway stops (design brief, decisions 3 and 15).
 */
public final class TokenFile {

  /** The file's name inside the gateway home. */
  public static final String NAME = GatewayAddress.TOKEN_FILE_NAME;

  private final Path path;

  /** The token this gateway wrote, so it never deletes another run's file. */
  private final String token;

  private TokenFile(Path path, String token) {
    this.path = path;
    this.token = token;
  }

  /**
   * Creates {@code home} (owner-only) if it is missing, so that a home that cannot be used fails
   * when the gateway is built, not later when the token file is written. An existing home that
   * other users may write to (mode 0777, say) lets them plant files and links where the token is
   * written: it is made owner-only if this user owns it, and refused otherwise.
   */
  public static void prepareHome(Path home) {
    try {
      OwnerOnlyFiles.createDirectories(home);
      OwnerOnlyFiles.closeToOthers(home);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot create the home directory " + home, e);
    }
    if (!Files.isDirectory(home) || !Files.isWritable(home)) {
      throw new UncheckedIOException(
          new IOException("the home directory " + home + " is not writable"));
    }
  }

  /** Writes {@code token} to {@code <home>/.provider-token}, replacing a stale file. */
  public static TokenFile write(Path home, String token) {
    return write(home, token, path -> {});
  }

  /**
   * {@link #write(Path, String)}, running {@code afterCreate} between creating the file and writing
   * it: tests race the write there.
   */
  static TokenFile write(Path home, String token, Consumer<Path> afterCreate) {
    Path path = home.resolve(NAME).toAbsolutePath();
    try {
      OwnerOnlyFiles.createDirectories(home);
      Files.deleteIfExists(path); // a file left by a crashed run holds a dead token
      byte[] line = (token + "\n").getBytes(StandardCharsets.UTF_8);
      // Written through the descriptor that created it: a name swapped for a link meanwhile
      // cannot redirect the token into another file.
      try (SeekableByteChannel out =
          OwnerOnlyFiles.open(
              path,
              Set.of(
                  StandardOpenOption.CREATE_NEW,
                  StandardOpenOption.WRITE,
                  LinkOption.NOFOLLOW_LINKS))) {
        afterCreate.accept(path);
        out.write(ByteBuffer.wrap(line));
      } catch (FileAlreadyExistsException raced) {
        throw new IllegalStateException("another gateway is writing " + path, raced);
      }
      if (!holds(path, line)) {
        throw new IllegalStateException(
            "the token file "
                + path
                + " was replaced while it was written; another process is"
                + " changing files in "
                + home);
      }
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
   * ours to delete, or the new gateway's providers could not find its token. A file already gone is
   * fine.
   */
  public void delete() {
    try {
      String current =
          Files.exists(path) ? Files.readString(path, StandardCharsets.UTF_8).strip() : null;
      if (token.equals(current)) {
        Files.deleteIfExists(path);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot delete the token file " + path, e);
    }
  }

  /** Whether {@code file} is a regular file (not a link) holding exactly {@code content}. */
  private static boolean holds(Path file, byte[] content) throws IOException {
    if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
      return false;
    }
    try (SeekableByteChannel in =
        Files.newByteChannel(file, StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS)) {
      ByteBuffer read = ByteBuffer.allocate(content.length + 1);
      while (read.hasRemaining() && in.read(read) > 0) {
        // until the file or the buffer ends
      }
      return read.position() == content.length
          && Arrays.equals(Arrays.copyOf(read.array(), content.length), content);
    }
  }
}
