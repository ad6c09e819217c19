package io.github.providergateway.loop.base;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.SeekableByteChannel;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.file.attribute.UserPrincipal;
import java.util.Set;

/**
 * Files and directories only their owner may use: the gateway's token, its home and logs, the hook
 * rules, the client tokens' hashes, the setup ledger. Each is created with its permissions ({@code
 * rw-------} for a file, {@code rwx------} for a directory), never written first and narrowed
 * after, so no other user can open it in between.
 *
 * <p>Where the file system has no POSIX permissions (Windows), a file is created as the system
 * creates it: its ACLs are the system's business, and the gateway's home is in the user's profile.
 * {@link SafeFiles} checks what these create before a reader believes it.
 *
 * <p>The one place in the code base that names {@code PosixFilePermissions} ({@code
 * ArchitectureTest}): a new kind of owner-only file is a method here, not a copy at its caller.
 */
public final class OwnerOnlyFiles {

  /** A file only its owner may read or write. */
  private static final String FILE = "rw-------";

  /** A directory only its owner may list, enter or write. */
  private static final String DIRECTORY = "rwx------";

  /** A file its owner may only read, and nobody else anything. */
  private static final String READ_ONLY = "r--------";

  /** What a new file of another program's gets when it had no mode to keep. */
  private static final String EVERYONE_READS = "rw-r--r--";

  private OwnerOnlyFiles() {}

  /**
   * Creates {@code dir} and any missing directory above it, each owner-only; an existing one is
   * left as it is.
   *
   * @param dir the directory
   * @return {@code dir}
   * @throws IOException as {@link Files#createDirectories}
   */
  public static Path createDirectories(Path dir) throws IOException {
    if (Files.isDirectory(dir)) {
      return dir;
    }
    return Files.createDirectories(dir, attributes(dir, DIRECTORY));
  }

  /**
   * Creates the new, empty, owner-only file {@code file}.
   *
   * @param file the file
   * @return {@code file}
   * @throws java.nio.file.FileAlreadyExistsException when something is there (a link too)
   * @throws IOException as {@link Files#createFile}
   */
  public static Path createFile(Path file) throws IOException {
    return Files.createFile(file, attributes(file, FILE));
  }

  /**
   * Opens {@code file} as {@link FileChannel#open(Path, Set, FileAttribute[])} does; a file the
   * {@code options} create ({@link StandardOpenOption#CREATE}, {@link
   * StandardOpenOption#CREATE_NEW}) is created owner-only. Pass {@link LinkOption#NOFOLLOW_LINKS}
   * so that a link planted at the name is not followed.
   *
   * @param file the file
   * @param options how to open it, as {@link FileChannel#open(Path, Set, FileAttribute[])} takes
   *     them
   * @return the open channel, which the caller closes
   * @throws IOException as {@link FileChannel#open(Path, Set, FileAttribute[])}
   */
  public static FileChannel open(Path file, Set<? extends OpenOption> options) throws IOException {
    return FileChannel.open(file, options, attributes(file, FILE));
  }

  /**
   * Replaces {@code file} with {@code content}, a file only its owner may read or write: written to
   * a draft beside it ({@code <name>.tmp}) that is created owner-only (never written and then
   * narrowed), not through a link, and through the descriptor that created it; then moved over the
   * file in one step, so a reader never sees it half-written. A draft a crash left behind is
   * replaced; one a failure leaves is removed. The caller is the file's only writer (a lock or a
   * single thread sees to it): the gateway's files in its home, which {@link SafeFiles#checkFile}
   * then believes.
   *
   * @param file the file to replace (or create)
   * @param content its new content
   * @throws IOException when the draft cannot be written or moved; the old file then stands
   */
  public static void replace(Path file, byte[] content) throws IOException {
    replace(file, file.resolveSibling(file.getFileName() + ".tmp"), content, FILE);
  }

  /**
   * Replaces {@code file} with {@code content} as {@link #replace(Path, byte[])} does, through
   * {@code draft}, keeping the permissions the file had ({@code rw-r--r--} for a new one), or
   * owner-only when {@code secret}: a file another program owns and reads (an agent's settings),
   * whose mode is its owner's choice.
   *
   * @param file the file to replace (or create)
   * @param draft where the new content is written first, beside {@code file}; replaced if there
   * @param content its new content
   * @param secret whether the file holds a secret, and so must be owner-only whatever it was
   * @throws IOException when the draft cannot be written or moved; the old file then stands
   */
  public static void replaceKeepingMode(Path file, Path draft, byte[] content, boolean secret)
      throws IOException {
    String mode = secret ? FILE : EVERYONE_READS;
    if (!secret && Files.exists(file) && posix(file)) {
      mode =
          PosixFilePermissions.toString(
              Files.getPosixFilePermissions(file, LinkOption.NOFOLLOW_LINKS));
    }
    replace(file, draft, content, mode);
  }

  private static void replace(Path file, Path draft, byte[] content, String mode)
      throws IOException {
    Files.deleteIfExists(draft);
    try {
      try (SeekableByteChannel out =
          Files.newByteChannel(
              draft,
              Set.of(
                  StandardOpenOption.CREATE_NEW,
                  StandardOpenOption.WRITE,
                  LinkOption.NOFOLLOW_LINKS),
              attributes(draft, mode))) {
        out.write(ByteBuffer.wrap(content));
      }
      if (posix(draft) && !mode.equals(FILE)) {
        // The umask narrowed what creation asked for: the file keeps the mode it had.
        Files.setPosixFilePermissions(draft, PosixFilePermissions.fromString(mode));
      }
      Files.move(draft, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    } finally {
      Files.deleteIfExists(draft);
    }
  }

  /**
   * The permissions of {@code file} (through a link), as {@code rw-r--r--}: what {@link
   * #giveBackMode} may give back later.
   *
   * @param file the file
   * @return its permissions, or null where the file system has none or the file is not there
   */
  public static String mode(Path file) {
    try {
      return posix(file)
          ? PosixFilePermissions.toString(Files.getPosixFilePermissions(file))
          : null;
    } catch (IOException e) {
      return null;
    }
  }

  /**
   * Gives the existing {@code file} (through a link) the permissions {@code mode} it had before a
   * program made it owner-only ({@link #mode}), unless they would let the group or others write to
   * it: a mode read from a record another program could have written never opens a file to others.
   *
   * @param file the file
   * @param mode permissions as {@code rw-r--r--}; null gives nothing back
   * @return whether the permissions were set
   * @throws IOException when they cannot be set
   */
  public static boolean giveBackMode(Path file, String mode) throws IOException {
    if (mode == null || !mode.matches("[r-][w-][x-][r-]-[x-][r-]-[x-]") || !posix(file)) {
      return false;
    }
    Files.setPosixFilePermissions(file, PosixFilePermissions.fromString(mode));
    return true;
  }

  /**
   * Makes the existing {@code file} owner-only ({@code rw-------}): one that another program
   * created (a socket, a file used before), which could not be created so.
   *
   * @param file the file
   * @return whether the store it is on has POSIX permissions, and so whether it could be done
   * @throws IOException when the permissions cannot be set
   */
  public static boolean restrict(Path file) throws IOException {
    // Its own store's answer: a FAT stick mounted on Linux has no modes to set.
    if (!Files.getFileStore(file).supportsFileAttributeView("posix")) {
      return false;
    }
    Files.setPosixFilePermissions(file, PosixFilePermissions.fromString(FILE));
    return true;
  }

  /**
   * Makes the existing {@code file} readable by its owner only, and writable by nobody ({@code
   * r--------}): a file that is finished and must not change. Nothing where the file system has no
   * POSIX permissions.
   *
   * @param file the file
   * @throws IOException when the permissions cannot be set
   */
  public static void makeReadOnly(Path file) throws IOException {
    if (posix(file)) {
      Files.setPosixFilePermissions(file, PosixFilePermissions.fromString(READ_ONLY));
    }
  }

  /**
   * Makes the existing directory {@code dir} owner-only if its group or others may write to it, and
   * refuses one that another user owns: whoever may write in a directory can plant files and links
   * where its owner's files are written.
   *
   * @param dir the directory
   * @throws IOException when {@code dir} belongs to another user and others may write to it, or its
   *     permissions cannot be read or set
   */
  public static void closeToOthers(Path dir) throws IOException {
    if (!posix(dir)) {
      return;
    }
    Set<PosixFilePermission> permissions = Files.getPosixFilePermissions(dir);
    if (!permissions.contains(PosixFilePermission.GROUP_WRITE)
        && !permissions.contains(PosixFilePermission.OTHERS_WRITE)) {
      return;
    }
    UserPrincipal me =
        dir.getFileSystem()
            .getUserPrincipalLookupService()
            .lookupPrincipalByName(System.getProperty("user.name"));
    if (!Files.getOwner(dir).equals(me)) {
      throw new IOException(
          dir
              + " may be written by other users and belongs to "
              + Files.getOwner(dir).getName()
              + "; use a home only you can write to");
    }
    Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString(DIRECTORY));
  }

  /** Whether {@code path}'s file system has POSIX permissions. */
  private static boolean posix(Path path) {
    return path.getFileSystem().supportedFileAttributeViews().contains("posix");
  }

  /** The attribute that creates {@code path} with {@code mode}, where permissions exist. */
  private static FileAttribute<?>[] attributes(Path path, String mode) {
    if (posix(path)) {
      return new FileAttribute<?>[] {
        PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString(mode))
      };
    }
    return new FileAttribute<?>[0];
  }
}
