package io.github.providergateway.agent.internal;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SeekableByteChannel;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;

/**
 * Files only their owner may read, replaced whole: what the agent bridge keeps in the gateway's
 * home (the hook rules the adapters read, the MCP client tokens' hashes). Internal to this module
 * (ArchitectureTest): the reference app keeps its own for the detached gateway's files.
 */
public final class OwnerOnlyFiles {

  private OwnerOnlyFiles() {}

  /**
   * Replaces {@code file} with {@code content}: written to a draft beside it ({@code <name>.tmp})
   * that is created owner-only (never written and then narrowed), not through a link, and written
   * through the descriptor that created it; then moved over the file in one step, so a reader never
   * sees it half-written. A draft a crash left behind is replaced; one a failure leaves is removed.
   * Callers are the file's only writer (a lock or a single thread sees to it).
   *
   * @throws IOException when the draft cannot be written or moved; the old file then stands
   */
  public static void replace(Path file, byte[] content) throws IOException {
    Path draft = file.resolveSibling(file.getFileName() + ".tmp");
    Files.deleteIfExists(draft);
    try {
      try (SeekableByteChannel out =
          Files.newByteChannel(
              draft,
              Set.of(
                  StandardOpenOption.CREATE_NEW,
                  StandardOpenOption.WRITE,
                  LinkOption.NOFOLLOW_LINKS),
              ownerOnly(file, "rw-------"))) {
        out.write(ByteBuffer.wrap(content));
      }
      Files.move(draft, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    } finally {
      Files.deleteIfExists(draft);
    }
  }

  /**
   * The attribute that creates a file or directory with {@code permissions} (such as {@code
   * rw-------}) where the file system of {@code where} has POSIX permissions; none elsewhere.
   */
  public static FileAttribute<?>[] ownerOnly(Path where, String permissions) {
    if (where.getFileSystem().supportedFileAttributeViews().contains("posix")) {
      return new FileAttribute<?>[] {
        PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString(permissions))
      };
    }
    return new FileAttribute<?>[0];
  }
}
