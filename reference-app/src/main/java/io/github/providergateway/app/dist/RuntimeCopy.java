package io.github.providergateway.app.dist;

import io.github.providergateway.loop.base.OwnerOnlyFiles;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URI;
import java.nio.channels.Channels;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileTime;
import java.security.DigestOutputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.jar.Attributes;
import java.util.jar.JarFile;
import java.util.jar.Manifest;

/**
 * The private copies of the app's jar that detached gateways run from, in {@code <home>/runtime}: a
 * build rewrites {@code reference-app/target/provider-gateway.jar} in place, and a JVM running from
 * it dies on the next class it loads (NoClassDefFoundError, ZipException), so the shared gateway
 * never runs from the build's file.
 *
 * <p>A copy is named by its content ({@code provider-gateway-<first 16 hex digits of its
 * SHA-256>.jar}), written owner-only under a temporary name and then linked into place, so a host
 * never sees a torn copy and two hosts starting at once end with one file (the first to link wins;
 * the other's identical bytes are dropped). A copy is never written again once in place: its
 * class-data archive records its modification time. Copies are pruned ({@link #prune}) to the
 * {@link #KEEP} newest plus whatever the running gateway uses.
 */
public final class RuntimeCopy {

  /** The directory of copies, in the home. */
  public static final String DIR = "runtime";

  /** How many copies are kept besides the ones in use: the newest, by when they were made. */
  static final int KEEP = 3;

  private static final String PREFIX = "provider-gateway-";
  private static final String JAR = ".jar";
  private static final String TEMPORARY = ".tmp";
  private static final int HASH_HEX_DIGITS = 16;
  private static final int RUNTIME_HEX_DIGITS = 8;

  /** Tells apart the temporary files of one process. */
  private static final AtomicLong DRAFTS = new AtomicLong();

  /** This runtime, as a cache's name holds it: its folder and its version, hashed. */
  private static final String RUNTIME = runtimeTag();

  private RuntimeCopy() {}

  /**
   * Whether {@code jar} can run from a copy: it is a regular file whose manifest names no class
   * path relative to it (a copy elsewhere would lose those entries).
   */
  public static boolean copyable(Path jar) {
    if (!Files.isRegularFile(jar) || !jar.getFileName().toString().endsWith(JAR)) {
      return false;
    }
    try (JarFile file = new JarFile(jar.toFile())) {
      Manifest manifest = file.getManifest();
      String classPath =
          manifest == null
              ? null
              : manifest.getMainAttributes().getValue(Attributes.Name.CLASS_PATH);
      if (classPath == null || classPath.isBlank()) {
        return true;
      }
      for (String entry : classPath.strip().split("\\s+")) {
        if (!URI.create(entry).isAbsolute()) {
          return false;
        }
      }
      return true;
    } catch (IOException | IllegalArgumentException e) {
      return false;
    }
  }

  /**
   * The copy of {@code jar} in {@code dir} (made owner-only when missing), made now or found there
   * with the same content. The bytes are hashed as they are copied, so the name matches what was
   * copied even if a build rewrites {@code jar} meanwhile; a copy that is not a whole jar (a build
   * was midway) is refused.
   *
   * @throws IOException if it cannot be made, or {@code jar} was caught half-written
   */
  public static Path install(Path jar, Path dir) throws IOException {
    OwnerOnlyFiles.createDirectories(dir);
    Path draft = draft(dir, PREFIX + "copy" + JAR);
    try {
      MessageDigest sha256 = sha256();
      try (InputStream in = Files.newInputStream(jar);
          OutputStream out =
              new DigestOutputStream(
                  // Written through the descriptor that created it, never re-opened by name.
                  Channels.newOutputStream(
                      OwnerOnlyFiles.open(
                          draft,
                          Set.of(
                              StandardOpenOption.CREATE_NEW,
                              StandardOpenOption.WRITE,
                              LinkOption.NOFOLLOW_LINKS))),
                  sha256)) {
        in.transferTo(out);
      }
      try (JarFile whole = new JarFile(draft.toFile())) {
        // Opening reads the central directory at the end: a file caught mid-build has none.
      } catch (IOException e) {
        throw new IOException(
            jar + " is not a whole jar (is a build writing it?): " + e.getMessage(), e);
      }
      String hash = HexFormat.of().formatHex(sha256.digest()).substring(0, HASH_HEX_DIGITS);
      Path copy = dir.resolve(PREFIX + hash + JAR);
      publish(draft, copy);
      return copy;
    } finally {
      Files.deleteIfExists(draft);
    }
  }

  /**
   * The class-data archive or ahead-of-time cache made for {@code copy} on this runtime ({@code
   * <copy's name>-<runtime>.jsa} or {@code .aot} beside it, {@link ClassDataCache}), if there is
   * one. Either records the path and modification time of its jar, and is refused by any other
   * runtime, so the launcher's beside the build's jar is of no use to a copy, and two runtimes of
   * one feature version (a host's JDK 25 and the archive's) running one home each keep their own
   * (issue 76: a JVM refused the other's, said so in the log at every start, and none was trained
   * again): the app's {@code DetachedGatewayStarter} trains one per copy and runtime.
   */
  public static Path archiveOf(Path copy) {
    return archiveOf(copy, ClassDataCache.ofThisRuntime());
  }

  /** The file of {@code kind} made for {@code copy} on this runtime. */
  public static Path archiveOf(Path copy, ClassDataCache kind) {
    return copy.resolveSibling(stem(copy) + "-" + RUNTIME + kind.suffix());
  }

  /** A copy's name without {@code .jar}. */
  private static String stem(Path copy) {
    String name = copy.getFileName().toString();
    return name.endsWith(JAR) ? name.substring(0, name.length() - JAR.length()) : name;
  }

  private static String runtimeTag() {
    String home = System.getProperty("java.home");
    try {
      home = Path.of(home).toRealPath().toString();
    } catch (IOException | RuntimeException unresolved) {
      // The name as given: the tag still tells runtimes apart.
    }
    byte[] digest =
        sha256()
            .digest(
                (home + "\n" + System.getProperty("java.vm.version"))
                    .getBytes(StandardCharsets.UTF_8));
    return HexFormat.of().formatHex(digest).substring(0, RUNTIME_HEX_DIGITS);
  }

  /** A temporary name beside {@code file}, unique to this process and call. */
  public static Path draft(Path dir, String name) {
    return dir.resolve(
        name + "." + ProcessHandle.current().pid() + "-" + DRAFTS.incrementAndGet() + TEMPORARY);
  }

  /**
   * Puts {@code draft} in place as {@code target} unless {@code target} exists, atomically: a hard
   * link never replaces a file, so a copy already in place (perhaps open in a gateway starting now,
   * perhaps with an archive made for its modification time) is left as it is.
   */
  public static void publish(Path draft, Path target) throws IOException {
    try {
      Files.createLink(target, draft);
    } catch (FileAlreadyExistsException same) {
      // Named by content: what is there already is this.
    } catch (UnsupportedOperationException | IOException noLinks) {
      if (!Files.exists(target, LinkOption.NOFOLLOW_LINKS)) {
        Files.move(draft, target, StandardCopyOption.ATOMIC_MOVE);
      }
    }
  }

  /**
   * Deletes the copies of {@code dir} (and their archives) but the {@link #KEEP} newest and those
   * in {@code inUse}, and the temporary files of processes that have ended. Copies are ordered by
   * when they were made, never by when last used: a copy is never touched, since its archive is
   * only valid for its modification time. Failures are left for the next prune.
   */
  public static void prune(Path dir, Set<Path> inUse) {
    List<Path> copies = new ArrayList<>();
    List<Path> others = new ArrayList<>();
    try (DirectoryStream<Path> files = Files.newDirectoryStream(dir)) {
      for (Path file : files) {
        String name = file.getFileName().toString();
        if (name.startsWith(PREFIX) && name.endsWith(JAR)) {
          copies.add(file);
        } else {
          others.add(file);
        }
      }
    } catch (IOException e) {
      return;
    }
    copies.sort(Comparator.comparing(RuntimeCopy::modified).reversed());
    Set<Path> kept = new HashSet<>(copies.subList(0, Math.min(KEEP, copies.size())));
    for (Path used : inUse) {
      kept.add(used.toAbsolutePath().normalize());
      kept.add(used);
    }
    // A kept copy's caches, of every runtime that ran it: <copy's name>-<runtime>.jsa|.aot.
    Set<String> keptStems = new HashSet<>();
    for (Path copy : copies) {
      if (kept.contains(copy) || kept.contains(copy.toAbsolutePath().normalize())) {
        keptStems.add(stem(copy) + "-");
      } else {
        deleteQuietly(copy);
      }
    }
    for (Path other : others) {
      String name = other.getFileName().toString();
      boolean orphanArchive =
          name.startsWith(PREFIX)
              && ClassDataCache.isCacheFile(name)
              && keptStems.stream().noneMatch(name::startsWith);
      if (orphanArchive || (name.endsWith(TEMPORARY) && writerEnded(name))) {
        deleteQuietly(other);
      }
    }
  }

  /**
   * The copies in {@code dir} that the gateway of {@code home} runs from: the files of {@code dir}
   * on the command line of the process in {@code <home>/gateway.pid}, if it is alive. Alive is
   * enough here, unlike where a crash is told ({@code HomeGatewayProcess}): a process that took a
   * crashed gateway's pid names no copy on its command line, or keeps one that could go.
   */
  public static Set<Path> inUse(Path home, Path dir) {
    Optional<ProcessHandle> gateway;
    try {
      String pid =
          Files.readString(home.resolve(io.github.providergateway.host.client.GatewayHome.PID_FILE))
              .strip();
      gateway = ProcessHandle.of(Long.parseLong(pid)).filter(ProcessHandle::isAlive);
    } catch (IOException | NumberFormatException e) {
      return Set.of();
    }
    Set<Path> used = new HashSet<>();
    for (String argument : gateway.map(RuntimeCopy::argumentsOf).orElse(List.of())) {
      for (String entry : argument.split(java.io.File.pathSeparator)) {
        if (entry.startsWith(dir.toString())) {
          used.add(Path.of(entry));
        }
      }
    }
    return used;
  }

  /**
   * A process's arguments: from {@code /proc/<pid>/cmdline} where it exists, since {@code
   * ProcessHandle.Info} gives up on command lines over 4,096 bytes.
   */
  public static List<String> argumentsOf(ProcessHandle process) {
    Path cmdline = Path.of("/proc", Long.toString(process.pid()), "cmdline");
    try {
      if (Files.isReadable(cmdline)) {
        return List.of(
            new String(Files.readAllBytes(cmdline), StandardCharsets.UTF_8).split("\u0000"));
      }
    } catch (IOException gone) {
      return List.of();
    }
    return process.info().arguments().map(List::of).orElse(List.of());
  }

  /**
   * Whether the process that named temporary file {@code name} ({@code <name>.<pid>-<n>.tmp}) has
   * ended.
   */
  private static boolean writerEnded(String name) {
    String stem = name.substring(0, name.length() - TEMPORARY.length());
    String tag = stem.substring(stem.lastIndexOf('.') + 1);
    int dash = tag.indexOf('-');
    try {
      long pid = Long.parseLong(dash < 0 ? tag : tag.substring(0, dash));
      return ProcessHandle.of(pid).map(p -> !p.isAlive()).orElse(true);
    } catch (NumberFormatException e) {
      return false; // not ours
    }
  }

  private static FileTime modified(Path file) {
    try {
      return Files.getLastModifiedTime(file, LinkOption.NOFOLLOW_LINKS);
    } catch (IOException e) {
      return FileTime.fromMillis(0);
    }
  }

  private static MessageDigest sha256() {
    try {
      return MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every Java runtime has SHA-256", e);
    }
  }

  private static void deleteQuietly(Path file) {
    try {
      Files.deleteIfExists(file);
    } catch (IOException e) {
      // Left for the next prune.
    }
  }
}
