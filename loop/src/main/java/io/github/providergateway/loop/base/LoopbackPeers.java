package io.github.providergateway.loop.base;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The local processes at the other end of a loopback TCP connection, as Linux's {@code /proc} tells
 * it: the socket whose local port is the peer's port and whose remote port is ours ({@code
 * /proc/net/tcp}, {@code tcp6}), then every process with a descriptor on that socket's inode (a
 * process that forked, or passed the descriptor on, shares it). Only processes of the socket's
 * owner are looked at.
 *
 * <p>Two uses: a person is told which process holds a name a provider asked for (issue 34), and the
 * gateway tells whether a request comes from a process on a coding agent's side (issue 75: the
 * person's channels refuse it). The look-up reads every descriptor of the owner's processes, so it
 * is made off the gateway's loop.
 */
public final class LoopbackPeers {

  private static final Path PROC = Path.of("/proc");
  private static final List<Path> TABLES =
      List.of(PROC.resolve("net/tcp"), PROC.resolve("net/tcp6"));

  /** {@code st} of an established connection in {@code /proc/net/tcp}. */
  private static final String ESTABLISHED = "01";

  private LoopbackPeers() {}

  /**
   * What the look-up found.
   *
   * @param holders every process holding the far end now; empty when none was found
   * @param readable whether this system has the tables at all ({@code /proc/net/tcp}): where it has
   *     not (macOS, Windows), nothing can be told, which is not the same as nobody
   */
  public record Found(List<ProcessHandle> holders, boolean readable) {

    /**
     * Copies.
     *
     * @param holders every process holding the far end
     * @param readable whether the system has the tables
     */
    public Found {
      holders = List.copyOf(holders);
    }
  }

  /**
   * The first process holding the far end of the connection between {@code peer} (its side) and
   * {@code local} (ours), or none.
   *
   * @param peer the peer's address and port, as our socket sees it
   * @param local our socket's address and port
   * @return the process, when one of the socket owner's processes holds it now
   */
  public static Optional<ProcessHandle> of(InetSocketAddress peer, InetSocketAddress local) {
    return holders(peer, local).holders().stream().findFirst();
  }

  /**
   * Every process holding the far end of the connection between {@code peer} and {@code local}.
   *
   * @param peer the peer's address and port, as our socket sees it
   * @param local our socket's address and port
   * @return the holders, and whether the system could be asked at all
   */
  public static Found holders(InetSocketAddress peer, InetSocketAddress local) {
    boolean readable = false;
    try {
      for (Path table : TABLES) {
        readable |= Files.isReadable(table);
        Optional<Socket> socket = find(table, peer.getPort(), local.getPort());
        if (socket.isPresent()) {
          return new Found(holdersOf(socket.get()), true);
        }
      }
    } catch (IOException | RuntimeException notLinuxOrGone) {
      // no /proc, or it changed under us: nothing found
    }
    return new Found(List.of(), readable);
  }

  /** A socket's inode and owner, from one row of a {@code /proc/net/tcp} table. */
  private record Socket(String inode, int uid) {}

  /**
   * The established socket whose local port is {@code port} and remote port {@code remotePort}.
   * Rows read {@code sl local_address rem_address st queues timer retrnsmt uid timeout inode},
   * addresses as {@code HEX_ADDRESS:HEX_PORT}.
   */
  private static Optional<Socket> find(Path table, int port, int remotePort) throws IOException {
    if (!Files.isReadable(table)) {
      return Optional.empty();
    }
    String localSuffix = String.format(":%04X", port);
    String remoteSuffix = String.format(":%04X", remotePort);
    for (String row : Files.readAllLines(table)) {
      String[] fields = row.trim().split("\\s+");
      if (fields.length > 9
          && fields[1].endsWith(localSuffix)
          && fields[2].endsWith(remoteSuffix)
          && fields[3].equals(ESTABLISHED)
          && !fields[9].equals("0")) {
        return Optional.of(new Socket(fields[9], Integer.parseInt(fields[7])));
      }
    }
    return Optional.empty();
  }

  /** Every process of the socket's owner with a descriptor on it. */
  private static List<ProcessHandle> holdersOf(Socket socket) throws IOException {
    String target = "socket:[" + socket.inode() + "]";
    List<ProcessHandle> found = new ArrayList<>();
    try (DirectoryStream<Path> processes =
        Files.newDirectoryStream(PROC, LoopbackPeers::isProcess)) {
      for (Path process : processes) {
        if (ownedBy(process, socket.uid()) && holds(process, target)) {
          ProcessHandle.of(Long.parseLong(process.getFileName().toString())).ifPresent(found::add);
        }
      }
    }
    return found;
  }

  private static boolean isProcess(Path entry) {
    String name = entry.getFileName().toString();
    return !name.isEmpty() && name.chars().allMatch(Character::isDigit);
  }

  private static boolean ownedBy(Path process, int uid) {
    try {
      return ((Integer) Files.getAttribute(process, "unix:uid", LinkOption.NOFOLLOW_LINKS)) == uid;
    } catch (IOException | UnsupportedOperationException gone) {
      return false;
    }
  }

  private static boolean holds(Path process, String target) {
    try (DirectoryStream<Path> descriptors = Files.newDirectoryStream(process.resolve("fd"))) {
      for (Path descriptor : descriptors) {
        try {
          if (target.equals(Files.readSymbolicLink(descriptor).toString())) {
            return true;
          }
        } catch (IOException closedMeanwhile) {
          // the next descriptor may be it
        }
      }
    } catch (IOException | SecurityException notOurs) {
      // exited meanwhile, or not readable by us
    }
    return false;
  }
}
