package io.github.providergateway.agent.internal;

import static java.util.Objects.requireNonNull;

import io.github.providergateway.loop.Scheduler;
import io.github.providergateway.loop.base.DaemonThreads;
import io.github.providergateway.loop.base.OwnerOnlyFiles;
import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * An owner-only Unix domain socket in the gateway's home and the threads that serve it: what the
 * home's two doors share ({@code hook.sock} for the command hooks, {@code mcp.sock} for the stdio
 * windows). It accepts at most a number of connections at once (more wait in the kernel's backlog,
 * unaccepted) and hands each to a thread of its own, never the gateway's loop, so a client that
 * sends nothing holds one thread, never another client's answer.
 *
 * <p>Why a socket in the home, and not the port, is said in {@code HookSocket}'s javadoc: only this
 * user can have put it there, so whoever answers is this home's gateway.
 *
 * <p>Thread-safe; {@link #close} removes the socket.
 */
public final class UnixSocketDoor implements AutoCloseable {

  private static final System.Logger LOG = System.getLogger(UnixSocketDoor.class.getName());

  /** How long accepting waits after a failed accept before it tries again. */
  private static final Duration ACCEPT_PAUSE = Duration.ofMillis(100);

  /**
   * The longest path a Unix socket may have: {@code sun_path} holds 108 bytes on Linux and 104 on
   * macOS, with the terminating NUL.
   */
  private static final int MAX_PATH_BYTES = 103;

  /** Serves one accepted connection, on a thread of the door's. */
  @FunctionalInterface
  public interface Connection {
    /**
     * Serves {@code channel}; {@code release} must run once when the connection is done (closed),
     * from any thread, so that another may be accepted.
     *
     * @param channel the connection, blocking
     * @param release gives the connection's place back
     */
    void serve(SocketChannel channel, Runnable release);
  }

  private final Path path;
  private final ServerSocketChannel server;
  private final Scheduler scheduler;
  private final Semaphore connections;

  /** Set once, by {@link #start}, before the acceptor runs. */
  private volatile Connection connection;

  private final AtomicBoolean closed = new AtomicBoolean();
  private final ExecutorService workers;
  private final Thread acceptor;

  private UnixSocketDoor(
      Path path,
      ServerSocketChannel server,
      int maxConnections,
      String threads,
      Scheduler scheduler) {
    this.path = path;
    this.server = server;
    this.scheduler = scheduler;
    this.connections = new Semaphore(maxConnections);
    // A thread a connection at most: the acceptor takes no more than maxConnections at once.
    this.workers = Executors.newCachedThreadPool(DaemonThreads.factory(threads));
    this.acceptor = DaemonThreads.create(threads + "-accept", this::acceptLoop);
  }

  /**
   * Makes the socket at {@code path}, replacing one a gateway of this home left behind; {@link
   * #start} serves it. Call it while holding the home's lock: the socket at that name is then
   * nobody else's.
   *
   * @param path where the socket goes, in the owner-only home
   * @param maxConnections connections served at once
   * @param threads the name of the door's threads
   * @param fallback what clients do when there is no socket, for the log ({@code command hooks will
   *     start a JVM})
   * @param scheduler times the pause after a failed accept
   * @return the door, not yet serving; empty when the platform has no Unix domain sockets or the
   *     path is too long for one (the reason is logged)
   * @throws IOException when the socket cannot be made
   */
  public static Optional<UnixSocketDoor> open(
      Path path, int maxConnections, String threads, String fallback, Scheduler scheduler)
      throws IOException {
    requireNonNull(scheduler, "scheduler");
    Path absolute = path.toAbsolutePath();
    if (absolute.toString().getBytes(StandardCharsets.UTF_8).length > MAX_PATH_BYTES) {
      LOG.log(
          System.Logger.Level.INFO,
          fallback
              + ": "
              + absolute
              + " is longer than a Unix socket's path may be ("
              + MAX_PATH_BYTES
              + " bytes)");
      return Optional.empty();
    }
    ServerSocketChannel server;
    try {
      server = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
    } catch (UnsupportedOperationException e) {
      LOG.log(System.Logger.Level.INFO, fallback + ": this platform has no Unix domain sockets");
      return Optional.empty();
    }
    try {
      // A socket is a file only a gateway of this home makes, under the home's lock: one there is a
      // dead gateway's (or a planted one, which binding over it removes).
      Files.deleteIfExists(absolute);
      server.bind(UnixDomainSocketAddress.of(absolute), maxConnections);
      if (!OwnerOnlyFiles.restrict(absolute)) {
        // As setting POSIX permissions would: a socket others could connect to is not served.
        throw new UnsupportedOperationException(
            "no POSIX permissions to make " + absolute + " owner-only");
      }
    } catch (IOException | RuntimeException e) {
      server.close();
      throw e;
    }
    return Optional.of(new UnixSocketDoor(absolute, server, maxConnections, threads, scheduler));
  }

  /**
   * Starts accepting connections, each served by {@code connection}; once.
   *
   * @param connection serves each connection
   */
  public void start(Connection connection) {
    this.connection = requireNonNull(connection, "connection");
    acceptor.start();
  }

  /** {@return where the socket is} */
  public Path path() {
    return path;
  }

  /**
   * Runs {@code task} on one of the door's threads: a connection's later work (its answer), never
   * on the thread that completed it, which may be the gateway's loop.
   *
   * @param task the work
   * @throws RejectedExecutionException when the door is closed
   */
  public void execute(Runnable task) {
    workers.execute(task);
  }

  /**
   * Stops accepting, closes the socket and removes it, and interrupts the connections' threads (the
   * caller closes the connections it holds). Idempotent.
   */
  @Override
  public void close() {
    if (!closed.compareAndSet(false, true)) {
      return;
    }
    try {
      server.close();
    } catch (IOException e) {
      // closing: nothing more to do with it
    }
    acceptor.interrupt(); // it may be waiting for a connection to close
    workers.shutdownNow();
    try {
      Files.deleteIfExists(path);
    } catch (IOException e) {
      LOG.log(System.Logger.Level.DEBUG, "cannot remove " + path + ": " + e.getMessage());
    }
  }

  private void acceptLoop() {
    while (!closed.get()) {
      SocketChannel channel;
      try {
        connections.acquire();
      } catch (InterruptedException e) {
        return;
      }
      try {
        channel = server.accept();
      } catch (ClosedChannelException e) {
        connections.release();
        return;
      } catch (IOException e) {
        connections.release();
        LOG.log(System.Logger.Level.WARNING, path + ": accept failed: " + e.getMessage());
        if (!pause(ACCEPT_PAUSE)) { // out of descriptors, say: retrying at once would spin
          return;
        }
        continue;
      }
      AtomicBoolean released = new AtomicBoolean();
      Runnable release =
          () -> {
            if (released.compareAndSet(false, true)) {
              connections.release();
            }
          };
      try {
        workers.execute(() -> connection.serve(channel, release));
      } catch (RejectedExecutionException closing) {
        closeQuietly(channel);
        release.run();
        return;
      }
    }
  }

  /** Waits {@code span} on the scheduler's time; false when interrupted (closing). */
  private boolean pause(Duration span) {
    CountDownLatch over = new CountDownLatch(1);
    scheduler.schedule(span, over::countDown);
    try {
      over.await();
      return true;
    } catch (InterruptedException e) {
      return false;
    }
  }

  /**
   * Closes {@code channel}, ignoring that it is gone already.
   *
   * @param channel the connection
   */
  public static void closeQuietly(SocketChannel channel) {
    try {
      channel.close();
    } catch (IOException e) {
      // already gone
    }
  }
}
