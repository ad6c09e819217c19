package io.github.providergateway.guard;

import java.nio.file.Path;
import java.util.Optional;
import java.util.Set;

/**
 * What the guard may know of the disk, injected so that a decision stays a function of its inputs
 * (issue 75): the corpus, the benchmarks and the tests replay decisions with {@link #NONE} or a
 * fake, and the gateway gives the file system's ({@code GuardFactory.environment} in agent-bridge).
 * The guard asks it to follow links before it judges its own ground (a project's {@code cl ->
 * ~/.claude}), to read a script a command runs, and for the gateway's ports.
 *
 * <p>The contract, which the guard relies on and does not check:
 *
 * <ul>
 *   <li><b>Never throws.</b> What cannot be read is answered as if it were not there: the path
 *       itself, no text, the default port.
 *   <li><b>Never blocks.</b> No FIFO, socket or device is ever opened: only a regular file's text
 *       is read, and what is not one when looked at is not opened.
 *   <li><b>Bounded.</b> {@link #text} reads at most the characters it is asked for; {@link #real}
 *       resolves one path. The guard asks each distinct path of a call once, and at most a bounded
 *       number of them (docs/security.md, "The guard in the box").
 * </ul>
 *
 * <p>Implementations are called from any thread, by concurrent decisions, and must be thread-safe.
 */
public interface GuardDisk {

  /** The port a gateway listens on when nothing says otherwise. */
  int DEFAULT_PORT = 9400;

  /**
   * No disk: every path is its own real path, no file has text, and the gateway listens on {@link
   * #DEFAULT_PORT}. The guard then reads paths as text alone, as it did before issue 75.
   */
  GuardDisk NONE =
      new GuardDisk() {
        @Override
        public Path real(Path path) {
          return path;
        }

        @Override
        public Optional<String> text(Path file, int maxChars) {
          return Optional.empty();
        }

        @Override
        public Set<Integer> gatewayPorts() {
          return Set.of(DEFAULT_PORT);
        }

        @Override
        public String toString() {
          return "GuardDisk.NONE";
        }
      };

  /**
   * The real path of {@code path}: the links of its longest existing prefix followed (as {@code
   * realpath(3)} does, {@code ..} after a link included), then the rest of it as written. The path
   * itself where nothing of it resolves.
   *
   * @param path an absolute path, normalised or not
   * @return its real path, absolute and normalised; never {@code null}
   */
  Path real(Path path);

  /**
   * The text of a regular file: its first {@code maxChars} characters at most, read as UTF-8
   * (malformed bytes replaced). Empty when the file is not there, is not a regular file (a folder,
   * a FIFO, a socket, a device), cannot be read, or holds a NUL character among what was read (a
   * compiled program, not a text).
   *
   * @param file an absolute path; links are followed
   * @param maxChars the most characters to read, at least 1
   * @return the text, or empty
   */
  Optional<String> text(Path file, int maxChars);

  /**
   * The ports the gateway of this home may listen on: {@link #DEFAULT_PORT}, the port the running
   * gateway wrote to its home ({@code gateway.port}) and the one its settings name ({@code
   * settings.json}'s {@code "port"}). The guard denies an agent's request to the gateway's own
   * routes on these ports of a loopback address.
   *
   * @return the ports, never empty
   */
  Set<Integer> gatewayPorts();
}
