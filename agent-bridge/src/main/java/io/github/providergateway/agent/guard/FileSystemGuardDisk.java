package io.github.providergateway.agent.guard;

import static java.nio.charset.StandardCharsets.UTF_8;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.providergateway.guard.GuardDisk;
import java.io.IOException;
import java.io.Reader;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.charset.CodingErrorAction;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * The guard's view of this machine's file system ({@link GuardDisk}, issue 75), as {@link
 * GuardFactory#environment} gives it to the running gateway, the hook without a gateway and {@code
 * gateway guard explain}.
 *
 * <p>Its contract is {@link GuardDisk}'s: it never throws (what fails to resolve or read is
 * answered as the path itself, no text, the default port) and never opens what is not a regular
 * file, nor anything under {@code /proc}, {@code /sys} or {@code /dev} (the kernel's, where a read
 * may wait): a FIFO named like a script is looked at, never opened. A file swapped for a FIFO
 * between the look and the open (a race another process must win in microseconds) is the one way
 * left for a read to wait. Reads are bounded: a text to the characters asked, the port file to 16
 * bytes, the settings to 64 KiB.
 *
 * <p>A real path under the real folder of the user's home or the gateway's is given back under the
 * folder as the guard was told it ({@code /var/home/ann/.claude} as {@code /home/ann/.claude} when
 * {@code /home} is a link), so that the guard's own places compare with what the disk says.
 */
final class FileSystemGuardDisk implements GuardDisk {
  private static final ObjectMapper JSON = new ObjectMapper();

  /** The most links followed to what is not there, as the kernel's own bound ({@code ELOOP}). */
  private static final int MAX_LINKS = 40;

  /** The longest port file read. */
  private static final int MAX_PORT_CHARS = 16;

  /** The longest settings file read for its port. */
  private static final int MAX_SETTINGS_CHARS = 64 * 1024;

  /** The kernel's folders: nothing in them is a script, and a read there may wait. */
  private static final Set<Path> KERNEL =
      Set.of(Path.of("/proc"), Path.of("/sys"), Path.of("/dev"));

  private final Path userHome;
  private final Path gatewayHome;

  /** The homes' real paths, read once: a home moved while the gateway runs is read as it was. */
  private final Path realUserHome;

  private final Path realGatewayHome;

  /**
   * The file system seen from a user's home and a gateway's home.
   *
   * @param userHome the user's home, absolute
   * @param gatewayHome the gateway's home, absolute
   */
  FileSystemGuardDisk(Path userHome, Path gatewayHome) {
    this.userHome = userHome;
    this.gatewayHome = gatewayHome;
    this.realUserHome = realOrItself(userHome);
    this.realGatewayHome = realOrItself(gatewayHome);
  }

  private static Path realOrItself(Path path) {
    try {
      return path.toRealPath();
    } catch (IOException | RuntimeException e) {
      return path;
    }
  }

  @Override
  public Path real(Path path) {
    try {
      Path prefix = path.toAbsolutePath();
      Path rest = null;
      int hops = 0;
      while (prefix != null) {
        try {
          Path real = prefix.toRealPath();
          return asTold(rest == null ? real : real.resolve(rest).normalize());
        } catch (IOException | SecurityException missing) {
          Path parent = prefix.getParent();
          if (parent != null && hops < MAX_LINKS && Files.isSymbolicLink(prefix)) {
            // A link to what is not there yet: a write through it makes its target.
            hops++;
            Path target = parent.resolve(Files.readSymbolicLink(prefix));
            prefix = rest == null ? target : target.resolve(rest);
            rest = null;
            continue;
          }
          Path name = prefix.getFileName();
          if (name == null) {
            break;
          }
          rest = rest == null ? name : name.resolve(rest);
          prefix = parent;
        }
      }
      return path.normalize();
    } catch (IOException | RuntimeException e) {
      return path; // never thrown at the guard: the path as written is judged
    }
  }

  /** {@code real} under the homes' folders as the guard was told them. */
  private Path asTold(Path real) {
    if (!realGatewayHome.equals(gatewayHome) && real.startsWith(realGatewayHome)) {
      return gatewayHome.resolve(realGatewayHome.relativize(real));
    }
    if (!realUserHome.equals(userHome) && real.startsWith(realUserHome)) {
      return userHome.resolve(realUserHome.relativize(real));
    }
    return real;
  }

  @Override
  public Optional<String> text(Path file, int maxChars) {
    try {
      Path real = file.toRealPath();
      for (Path kernel : KERNEL) {
        if (real.startsWith(kernel)) {
          return Optional.empty();
        }
      }
      BasicFileAttributes attributes =
          Files.readAttributes(real, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
      if (!attributes.isRegularFile() || maxChars < 1) {
        return Optional.empty(); // a FIFO, a socket, a device, a folder: never opened
      }
      try (FileChannel channel =
              FileChannel.open(real, StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS);
          Reader reader =
              Channels.newReader(
                  channel,
                  UTF_8
                      .newDecoder()
                      .onMalformedInput(CodingErrorAction.REPLACE)
                      .onUnmappableCharacter(CodingErrorAction.REPLACE),
                  8192)) {
        StringBuilder text = new StringBuilder((int) Math.min(maxChars, attributes.size() + 1));
        char[] buffer = new char[8192];
        while (text.length() < maxChars) {
          int read = reader.read(buffer, 0, Math.min(buffer.length, maxChars - text.length()));
          if (read < 0) {
            break;
          }
          text.append(buffer, 0, read);
        }
        return text.indexOf("\0") >= 0 ? Optional.empty() : Optional.of(text.toString());
      }
    } catch (IOException | RuntimeException e) {
      return Optional.empty();
    }
  }

  @Override
  public Set<Integer> gatewayPorts() {
    Set<Integer> ports = new TreeSet<>();
    ports.add(DEFAULT_PORT);
    text(gatewayHome.resolve("gateway.port"), MAX_PORT_CHARS)
        .map(String::strip)
        .filter(t -> t.matches("\\d{1,5}"))
        .map(Integer::valueOf)
        .ifPresent(ports::add);
    text(gatewayHome.resolve("settings.json"), MAX_SETTINGS_CHARS)
        .map(FileSystemGuardDisk::port)
        .ifPresent(ports::add);
    ports.removeIf(port -> port < 1 || port > 65_535);
    return Set.copyOf(ports);
  }

  /** The {@code "port"} of the home's settings, or 0 when it names none. */
  private static int port(String settings) {
    try {
      JsonNode port = JSON.readTree(settings).path("port");
      return port.canConvertToInt() ? port.intValue() : 0;
    } catch (IOException | RuntimeException e) {
      return 0;
    }
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof FileSystemGuardDisk disk
        && disk.userHome.equals(userHome)
        && disk.gatewayHome.equals(gatewayHome);
  }

  @Override
  public int hashCode() {
    return Objects.hash(userHome, gatewayHome);
  }

  @Override
  public String toString() {
    return "FileSystemGuardDisk[" + userHome + ", " + gatewayHome + "]";
  }
}
