package io.github.providergateway.agent.internal;

import io.github.providergateway.host.client.SafeFiles;
import java.io.IOException;
import java.nio.file.Path;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermissions;

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
    SafeFiles.replaceOwnerOnly(file, content);
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
