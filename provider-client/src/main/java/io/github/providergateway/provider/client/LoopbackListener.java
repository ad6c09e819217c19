package io.github.providergateway.provider.client;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Who listens where a connection to 127.0.0.1 at a port may arrive, by the kernel's own tables of
 * sockets ({@code /proc/net/tcp} and {@code tcp6}, Linux): a gateway that crashed leaves its port
 * in its home, and another user of the machine may listen on that port now, to be handed the
 * provider's token and to send it tool calls. The stdio bridge looks the same way before it sends
 * its token ({@code gateway-mcp-bridge.sh}, docs/security.md).
 */
final class LoopbackListener {

  /** Who listens. */
  enum Owner {
    /** This user alone. */
    THIS_USER,
    /** Another user (with or without this one). */
    ANOTHER_USER,
    /** Nobody. */
    NOBODY,
    /** It cannot be told: no tables (not Linux) or no user id. */
    UNKNOWN
  }

  /** The kernel's tables of sockets. */
  static final Path PROC_NET = Path.of("/proc/net");

  private static final String LISTEN = "0A";

  /**
   * Where a connection to 127.0.0.1 may arrive, as the tables write addresses: 127.0.0.1, every
   * IPv4 address, and the IPv6 forms of both ({@code ::ffff:127.0.0.1}, where a JVM's socket bound
   * to 127.0.0.1 sits) and every IPv6 address, which takes IPv4 too.
   */
  private static final Set<String> REACHED =
      Set.of(
          "0100007F",
          "00000000",
          "0000000000000000FFFF00000100007F",
          "0000000000000000FFFF000000000000",
          "00000000000000000000000000000000");

  private LoopbackListener() {}

  /**
   * Who listens at {@code port} by the tables in {@code tables}.
   *
   * @param tables the folder of {@code tcp} and {@code tcp6} ({@link #PROC_NET})
   * @param port the port
   * @param uid this user's id, or -1 when unknown
   * @return who listens there
   */
  static Owner at(Path tables, int port, long uid) {
    if (uid < 0) {
      return Owner.UNKNOWN;
    }
    String suffix = String.format(Locale.ROOT, ":%04X", port);
    boolean read = false;
    boolean mine = false;
    for (String table : List.of("tcp", "tcp6")) {
      List<String> rows;
      try {
        rows = Files.readAllLines(tables.resolve(table), StandardCharsets.US_ASCII);
      } catch (IOException e) {
        continue; // no IPv6, or no tables at all
      }
      read = true;
      for (String row : rows) {
        // sl local_address rem_address st tx:rx tr:when retrnsmt uid ...
        String[] fields = row.trim().split("\\s+");
        if (fields.length < 8
            || !fields[3].equals(LISTEN)
            || !fields[1].endsWith(suffix)
            || !REACHED.contains(fields[1].substring(0, fields[1].length() - suffix.length()))) {
          continue;
        }
        if (!fields[7].equals(Long.toString(uid))) {
          return Owner.ANOTHER_USER;
        }
        mine = true;
      }
    }
    return !read ? Owner.UNKNOWN : mine ? Owner.THIS_USER : Owner.NOBODY;
  }

  /**
   * {@return this process's user id, from {@code /proc/self}'s owner, or -1 where there is none}
   */
  static long currentUid() {
    try {
      return ((Number) Files.getAttribute(Path.of("/proc/self"), "unix:uid")).longValue();
    } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
      return -1;
    }
  }
}
