package io.github.providergateway.loop.base;

import java.io.IOException;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.UserPrincipal;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Refuses a file in a gateway's home that another user of this machine could have written: the
 * gateway token file before a host presents that token anywhere, the hook adapters' record of gates
 * ({@code hook-gates.json}) before they follow it. Whoever can write such a file, or a directory on
 * its path, can plant a token that leads a host to a process of theirs, or a record that lets every
 * call through; so can whoever could delete it and put another in its place. A secret file (the
 * token file, the HTTP front door's client file) must not be readable by them either: whoever reads
 * the token can answer for the gateway.
 *
 * <p>A file passes when it is not a symbolic link, is a regular file owned by this process's user,
 * and is writable by neither its group nor others (a secret file: gives them no permission at all);
 * and every directory from the file's own up to the root (links in that path resolved) is owned by
 * this user or by root and is writable by neither group nor others, unless it has the sticky bit
 * (as {@code /tmp}: there others cannot remove or rename what is not theirs). These are OpenSSH's
 * {@code StrictModes} rules for {@code authorized_keys}.
 *
 * <p>Each check returns the path it checked: the file's name in its directory's real path, links
 * resolved. Open exactly that path (and without following a link at the file's name): the
 * directories of the path as given may pass through a link another user can change after the check,
 * while every directory of the real path was checked to be out of their reach.
 *
 * <p>What a file system can tell decides what is checked: with Unix modes (Linux, macOS: the {@code
 * unix} attribute view) all of the above; with POSIX permissions only, the same, except that a
 * directory writable by group or others is refused even when it is sticky (the bit cannot be read);
 * with neither (Windows), only that the file is a regular file and no link: its ACLs are the
 * system's business, and the home is in the user's profile.
 *
 * <p>Cost: the checks run on every look at such a file (the HTTP hooks' and front door's client
 * tokens: on every request), so what cannot change while the process runs is found once: this
 * process's user (a look-up by name in the user database), and each owner's name (a look-up by
 * uid), kept by uid, which is what the kernel and {@link UserPrincipal#equals} compare; the modes,
 * owners' uids and links are read from the file system every time.
 *
 * <p>Every refusal is an {@link UnsafeFileException} whose message names the file, what is wrong
 * and the command that fixes it ({@code chmod go-w <dir>}, say). The files these checks believe are
 * written by {@link OwnerOnlyFiles}.
 */
public final class SafeFiles {

  /** Write permission for the group or for others, in a Unix mode. */
  private static final int GROUP_OR_OTHER_WRITE = 0022;

  /** Any permission for the group or for others, in a Unix mode. */
  private static final int GROUP_OR_OTHER_ANY = 0077;

  /** Read permission for the group or for others, in a Unix mode. */
  private static final int GROUP_OR_OTHER_READ = 0044;

  /** The sticky bit, in a Unix mode. */
  private static final int STICKY = 01000;

  /** Owners' names kept by uid, at most this many (a path has a few owners: the user, root). */
  static final int MAX_OWNERS_KEPT = 64;

  /** This process's user, whom the file must belong to. */
  private final UserPrincipal user;

  /**
   * Owners seen, by uid: each read with its uid in one look at a file ({@code stat}), so the two
   * agree; read again for a uid not kept.
   */
  private final Map<Integer, UserPrincipal> owners = new ConcurrentHashMap<>();

  /** How many owners were looked up by uid (not taken from {@link #owners}); for tests. */
  private int ownerLookups;

  /** The checks for this process's user on the default file system, once looked up. */
  private static volatile SafeFiles defaultFileSystem;

  /** Checks against {@code user} (tests pass another one). */
  SafeFiles(UserPrincipal user) {
    this.user = user;
  }

  /**
   * Checks a file that must be there and that others may read but must not have written: see the
   * class description.
   *
   * @param file the file
   * @return the path checked, to open: the file's name in its directory's real path
   * @throws UnsafeFileException when another user could have written it
   * @throws java.nio.file.NoSuchFileException when there is no such file
   * @throws IOException when it cannot be looked at
   */
  public static Path checkFile(Path file) throws IOException {
    return forThisUser(file.getFileSystem()).file(file, false);
  }

  /**
   * Checks a secret file that must be there (the gateway token file): as {@link #checkFile}, and
   * neither its group nor others may have any permission on it, since whoever can read a token can
   * use it.
   *
   * @param file the file
   * @return the path checked, to open: the file's name in its directory's real path
   * @throws UnsafeFileException when another user could have written or read it
   * @throws java.nio.file.NoSuchFileException when there is no such file
   * @throws IOException when it cannot be looked at
   */
  public static Path checkSecretFile(Path file) throws IOException {
    return forThisUser(file.getFileSystem()).file(file, true);
  }

  /**
   * Checks a directory and the directories above it (links resolved): that no other user could have
   * put a file in it, or removed one. For a file that may be absent, whose absence counts too (a
   * record of gates, removed, would let every call through).
   *
   * @param directory the directory
   * @return the path checked, to look in: the directory's real path (for a directory not there yet,
   *     the real path of the nearest one above it that is, followed by the rest)
   * @throws UnsafeFileException when another user could write in it
   * @throws IOException when it cannot be looked at
   */
  public static Path checkDirectory(Path directory) throws IOException {
    return forThisUser(directory.getFileSystem()).directory(directory);
  }

  /**
   * Whether {@code path} itself (a link as a link, never what it points to) belongs to the user
   * this process runs as: for a cleaner that removes only this user's files from a folder all users
   * share ({@code /tmp}). On a file system without owners (Windows), every file counts as this
   * user's.
   *
   * @param path the file, folder or link
   * @return whether this user owns it
   * @throws java.nio.file.NoSuchFileException when there is no such file
   * @throws IOException when it cannot be looked at
   */
  public static boolean ownedByThisUser(Path path) throws IOException {
    SafeFiles checks = forThisUser(path.getFileSystem());
    UserPrincipal owner = checks.attributes(path).owner;
    return owner == null || owner.equals(checks.user);
  }

  /**
   * The checks for the user this process runs as: on the default file system the same ones each
   * time (the user does not change while the process runs), so that their user and owners are
   * looked up once.
   */
  static SafeFiles forThisUser(FileSystem fileSystem) throws IOException {
    if (fileSystem != FileSystems.getDefault()) {
      return lookUpThisUser(fileSystem);
    }
    SafeFiles checks = defaultFileSystem;
    if (checks == null) {
      checks = lookUpThisUser(fileSystem);
      defaultFileSystem = checks;
    }
    return checks;
  }

  /** {@return how many owners these checks looked up by uid rather than took from those kept} */
  synchronized int ownerLookups() {
    return ownerLookups;
  }

  /** A check for the user this process runs as, looked up. */
  private static SafeFiles lookUpThisUser(FileSystem fileSystem) throws IOException {
    if (!fileSystem.supportedFileAttributeViews().contains("posix")) {
      return new SafeFiles(null);
    }
    try {
      return new SafeFiles(
          fileSystem
              .getUserPrincipalLookupService()
              .lookupPrincipalByName(System.getProperty("user.name")));
    } catch (IOException unknownName) {
      // A user without a name (a container's uid with no passwd entry): /proc/self is its own.
      Path self = fileSystem.getPath("/proc/self");
      if (Files.isDirectory(self)) {
        return new SafeFiles(Files.getOwner(self));
      }
      throw new IOException(
          "cannot tell which user this process runs as, so cannot tell whose files are safe",
          unknownName);
    }
  }

  /** The file's checks, {@code secret} or not; returns the path checked. */
  Path file(Path file, boolean secret) throws IOException {
    Path absolute = file.toAbsolutePath();
    // Every check, and the caller's open, goes through the real directory: a link on the way that
    // changed between the check and the open could lead elsewhere.
    Path checked = absolute.getParent().toRealPath().resolve(absolute.getFileName());
    Attributes attributes = attributes(checked);
    if (attributes.symbolicLink) {
      throw new UnsafeFileException(
          file,
          file
              + " is a symbolic link, which a hook or host does not follow:"
              + " another user may have put it there; remove it (rm "
              + file
              + ")");
    }
    if (!attributes.regularFile) {
      throw new UnsafeFileException(
          file, file + " is not a regular file; remove it (rm -r " + file + ")");
    }
    if (attributes.owner != null && !attributes.owner.equals(user)) {
      throw new UnsafeFileException(
          file,
          file
              + " belongs to "
              + attributes.owner.getName()
              + ", not to "
              + user.getName()
              + ", so another user may have planted it; remove it (rm "
              + file
              + ")"
              + " unless you know it is yours");
    }
    if (attributes.writableByOthers()) {
      throw new UnsafeFileException(
          file,
          file
              + " is writable by other users (mode "
              + attributes.modeText()
              + "), so another user could have written it; fix: chmod go-w "
              + file);
    }
    if (secret && (attributes.mode & GROUP_OR_OTHER_ANY) != 0) {
      throw new UnsafeFileException(
          file,
          file
              + ((attributes.mode & GROUP_OR_OTHER_READ) != 0
                  ? " is readable by other users"
                  : " gives other users permissions")
              + " (mode "
              + attributes.modeText()
              + "), and whoever reads the token in it can answer as the gateway;"
              + " fix: chmod go-rwx "
              + file
              + ", and restart the gateway, since its token may be known");
    }
    directories(checked.getParent(), file, file.toString());
    return checked;
  }

  /**
   * Checks a file that only root may have written (the organisation's settings, issue 66): it is a
   * regular file, no link, owned by root and writable by neither its group nor others; and every
   * directory from its own up to the root (links resolved) is owned by root and writable by neither
   * group nor others unless sticky. On a file system with no owners (Windows) only that it is a
   * regular file and no link.
   *
   * @param file the file
   * @return the path checked, to open: the file's name in its directory's real path
   * @throws UnsafeFileException when anyone but root could have written it
   * @throws java.nio.file.NoSuchFileException when there is no such file
   * @throws IOException when it cannot be looked at
   */
  public static Path checkRootFile(Path file) throws IOException {
    return forThisUser(file.getFileSystem()).rootFile(file);
  }

  /** The root file's checks; returns the path checked. */
  Path rootFile(Path file) throws IOException {
    Path absolute = file.toAbsolutePath();
    Path checked = absolute.getParent().toRealPath().resolve(absolute.getFileName());
    Attributes attributes = attributes(checked);
    if (attributes.symbolicLink) {
      throw new UnsafeFileException(
          file, file + " is a symbolic link; only a file of root's own counts: remove it");
    }
    if (!attributes.regularFile) {
      throw new UnsafeFileException(file, file + " is not a regular file");
    }
    if (attributes.owner != null && !attributes.root) {
      throw new UnsafeFileException(
          file,
          file
              + " belongs to "
              + attributes.owner.getName()
              + ", not to root, so that user may have written it; fix: chown root "
              + file);
    }
    if (attributes.writableByOthers()) {
      throw new UnsafeFileException(
          file,
          file
              + " is writable by other users (mode "
              + attributes.modeText()
              + "), so one of them could have written it; fix: chmod go-w "
              + file);
    }
    for (Path dir = checked.getParent(); dir != null; dir = dir.getParent()) {
      Attributes folder = attributes(dir);
      if (folder.owner != null && !folder.root) {
        throw new UnsafeFileException(
            file,
            dir
                + " belongs to "
                + folder.owner.getName()
                + ", not to root, so that user could replace "
                + file);
      }
      if (folder.writableByOthers() && !folder.sticky) {
        throw new UnsafeFileException(
            file,
            dir
                + " is writable by other users (mode "
                + folder.modeText()
                + "), so one of them could replace "
                + file
                + "; fix: chmod go-w "
                + dir);
      }
    }
    return checked;
  }

  /**
   * {@code directory}, or the nearest directory above it that exists, and those above; returns its
   * real path.
   */
  Path directory(Path directory) throws IOException {
    Path absolute = directory.toAbsolutePath();
    Path existing = absolute;
    while (existing.getParent() != null && Files.notExists(existing, LinkOption.NOFOLLOW_LINKS)) {
      existing = existing.getParent();
    }
    Path real = directories(existing, directory, "what is in " + directory);
    return real.resolve(existing.relativize(absolute));
  }

  /**
   * {@code start} and every directory above it, links resolved, for the sake of {@code subject}
   * ({@code what}, in a message); returns {@code start}'s real path, the one checked.
   */
  private Path directories(Path start, Path subject, String what) throws IOException {
    Path real = start.toRealPath();
    for (Path dir = real; dir != null; dir = dir.getParent()) {
      Attributes attributes = attributes(dir);
      if (attributes.owner != null && !attributes.owner.equals(user) && !attributes.root) {
        throw new UnsafeFileException(
            subject,
            dir
                + " belongs to "
                + attributes.owner.getName()
                + ", neither to "
                + user.getName()
                + " nor to root, so that user could replace "
                + what
                + "; use a gateway home of your own (--home DIR)");
      }
      if (attributes.writableByOthers() && !attributes.sticky) {
        throw new UnsafeFileException(
            subject,
            dir
                + " is writable by other users (mode "
                + attributes.modeText()
                + "), so another user could have written, replaced or removed "
                + what
                + "; fix: chmod go-w "
                + dir);
      }
    }
    return real;
  }

  /**
   * What the check needs to know of {@code path}, read without following a link at it; with Unix
   * modes, its owner's name from those kept when its uid has one, else looked up with it.
   */
  private Attributes attributes(Path path) throws IOException {
    Set<String> views = path.getFileSystem().supportedFileAttributeViews();
    if (!views.contains("unix")) {
      return Attributes.of(path, views);
    }
    Map<String, Object> unix =
        Files.readAttributes(
            path, "unix:mode,uid,isSymbolicLink,isRegularFile", LinkOption.NOFOLLOW_LINKS);
    UserPrincipal owner = owners.get((Integer) unix.get("uid"));
    if (owner == null) {
      // The owner with the rest, from one stat: a uid and a name of two different looks could
      // belong to two different files.
      unix =
          Files.readAttributes(
              path, "unix:mode,uid,owner,isSymbolicLink,isRegularFile", LinkOption.NOFOLLOW_LINKS);
      owner = (UserPrincipal) unix.get("owner");
      synchronized (this) {
        ownerLookups++;
      }
      if (owners.size() < MAX_OWNERS_KEPT) {
        owners.put((Integer) unix.get("uid"), owner);
      }
    }
    int mode = (Integer) unix.get("mode");
    return new Attributes(
        (Boolean) unix.get("isSymbolicLink"),
        (Boolean) unix.get("isRegularFile"),
        owner,
        mode,
        (mode & STICKY) != 0,
        (Integer) unix.get("uid") == 0);
  }

  /**
   * What the check needs to know of a path, read without following a link at it.
   *
   * @param owner its owner; null where the file system has no POSIX owner (then nothing else is
   *     known)
   * @param mode its Unix mode, or the mode its POSIX permissions make (without the sticky bit)
   * @param sticky whether the sticky bit is known to be set
   * @param root whether root owns it
   */
  private record Attributes(
      boolean symbolicLink,
      boolean regularFile,
      UserPrincipal owner,
      int mode,
      boolean sticky,
      boolean root) {

    /** Where the file system has no {@code unix} view: its POSIX attributes, or only its kind. */
    static Attributes of(Path path, Set<String> views) throws IOException {
      if (views.contains("posix")) {
        PosixFileAttributes posix =
            Files.readAttributes(path, PosixFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        int mode = 0;
        for (PosixFilePermission permission : posix.permissions()) {
          mode |= 0400 >> permission.ordinal(); // OWNER_READ is 0400, ..., OTHERS_EXECUTE 0001
        }
        return new Attributes(
            posix.isSymbolicLink(),
            posix.isRegularFile(),
            posix.owner(),
            mode,
            false,
            posix.owner().getName().equals("root"));
      }
      return new Attributes(
          Files.isSymbolicLink(path),
          Files.isRegularFile(path, LinkOption.NOFOLLOW_LINKS),
          null,
          0,
          false,
          false);
    }

    boolean writableByOthers() {
      return (mode & GROUP_OR_OTHER_WRITE) != 0;
    }

    String modeText() {
      return String.format("%04o", mode & 07777);
    }
  }
}
