package io.github.providergateway.agent.hook;

import static java.util.Objects.requireNonNull;

import io.github.providergateway.loop.Scheduler;
import io.github.providergateway.loop.base.DaemonThreads;
import io.github.providergateway.loop.base.OwnerOnlyFiles;
import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The command hook's door into the running gateway: a Unix domain socket, {@code <home>/}{@value
 * #FILE_NAME}, where the launcher's hook script ({@code gateway hook <agent>}, a POSIX shell script
 * that runs {@code curl --unix-socket}) posts the agent's hook input and reads the decision, so
 * that no JVM starts for a hook while a gateway runs (docs/agents.md).
 *
 * <p><b>Why a Unix socket.</b> It answers both questions a hook must ask without a secret. Who may
 * ask: only this user, since the socket is owner-only (0600) in the home, which the gateway keeps
 * owner-only (0700). Who answers: the gateway of this home, since only this user could have put a
 * socket there (the script checks that the socket and every directory above it are this user's or
 * root's and writable by no one else, as the JVM adapter checks the token file). A TCP port gives
 * neither: another user can listen on a dead gateway's port (issue 32, finding 5), and curl cannot
 * check a proof. And a dead gateway's socket refuses at once ({@code ECONNREFUSED}), so "no
 * gateway" costs no wait, while a stopped one accepts and stays silent, which the script tells
 * apart.
 *
 * <p><b>What it speaks.</b> The least of HTTP/1.1 that curl sends: {@code POST /hooks/<agent>}
 * ({@code /hooks/claude}, {@code /hooks/gemini}, …) with a {@code Content-Length} body of at most
 * {@link #MAX_BODY_BYTES} ({@code Expect: 100-continue} is answered) and the header {@value
 * #FORMAT_HEADER}{@code : }{@value #FORMAT_VERSION}, one request a connection. A 200 answer is
 * {@code text/plain}, two lines: {@code gateway-hook/2 <exit> <stderr>} (the hook's exit code, 0 or
 * 2 for a deny of Gemini CLI or Codex, and what it writes on stderr: a line saying what decided, or
 * that deny's reason), then the line the agent reads on stdout, which may be megabytes (a rewritten
 * call): the script splits the answer at its line breaks, linear however long, and never searches
 * the agent's line (issue 47). A decision that fails is such a 200 with a deny (issue 48). Anything
 * else gets 400, 404, 405, 406 (another format), 411, 413 or 503 with a line of text (500 when not
 * even a deny can be built), and the script denies.
 *
 * <p><b>Bounds</b> (docs/security.md): at most {@link #MAX_CONNECTIONS} connections are open (more
 * wait in the kernel's backlog, unaccepted); a request must arrive whole within {@link
 * #READ_DEADLINE}, and its answer be taken within the same time, else the connection is closed;
 * headers are at most {@link #MAX_HEADER_BYTES}; bodies held at once (read, and waiting for their
 * decision) at most {@link #MAX_HELD_BODY_BYTES} in all, beyond which a request gets 503 at once.
 * Reading and writing run on threads of the socket's own, at most one a connection (so {@link
 * #MAX_CONNECTIONS} in all), never on the gateway's loop: a client that sends nothing holds one
 * thread until its deadline, never another client's answer.
 *
 * <p>Thread-safe; {@link #close} removes the socket.
 */
public final class HookSocket implements AutoCloseable {

  private static final System.Logger LOG = System.getLogger(HookSocket.class.getName());

  /** The socket's name in the gateway's home. */
  public static final String FILE_NAME = "hook.sock";

  /** Connections open at once; further ones wait in the kernel's backlog until one closes. */
  public static final int MAX_CONNECTIONS = 64;

  /**
   * The request header that names the answer's format the hook script reads ({@value
   * #FORMAT_VERSION}), lower case. A request without it, or with another, is refused with 406 and a
   * line saying why: a script and a gateway of different versions deny, never misread each other.
   */
  public static final String FORMAT_HEADER = "gateway-hook-format";

  /**
   * The request header that names the version of the build the hook script is of, lower case: a
   * refusal for another format names it beside this gateway's ({@link #buildVersion}), so that a
   * person sees which two builds met.
   */
  static final String VERSION_HEADER = "gateway-hook-version";

  /**
   * The version of the build this gateway is of, from its jar's manifest ({@code
   * Implementation-Version}, which the app's jar carries); {@code source} when it runs from
   * classes.
   */
  static String buildVersion() {
    String version = HookSocket.class.getPackage().getImplementationVersion();
    return version == null ? "source" : version;
  }

  /** The answer's format this socket speaks; see {@link #FORMAT_HEADER}. */
  public static final String FORMAT_VERSION = "2";

  /** The first word of a 200 answer's first line, which names its format. */
  static final String ANSWER_TAG = "gateway-hook/" + FORMAT_VERSION;

  /** How long accepting waits after a failed accept before it tries again. */
  private static final Duration ACCEPT_PAUSE = Duration.ofMillis(100);

  /** The request line and headers, at most. */
  public static final int MAX_HEADER_BYTES = 8 * 1024;

  /** The largest hook input, as over HTTP ({@link HookRoute#MAX_BODY_BYTES}). */
  public static final long MAX_BODY_BYTES = HookRoute.MAX_BODY_BYTES;

  /**
   * Bodies held at once, read or waiting for their decision. Each is held several times over while
   * it is decided (its bytes, its parsed tree, the answer's rewritten arguments: docs/security.md
   * counts five), so this is what bounds the memory the socket's clients cost.
   */
  public static final long MAX_HELD_BODY_BYTES = 8L << 20;

  /** How long a client has to send its whole request, and then to take its answer. */
  public static final Duration READ_DEADLINE = Duration.ofSeconds(5);

  /**
   * The longest path a Unix socket may have: {@code sun_path} holds 108 bytes on Linux and 104 on
   * macOS, with the terminating NUL.
   */
  private static final int MAX_PATH_BYTES = 103;

  private final Path path;
  private final ServerSocketChannel server;
  private final Answerer endpoint;
  private final Scheduler scheduler;
  private final Semaphore connections = new Semaphore(MAX_CONNECTIONS);
  private final AtomicLong heldBodyBytes = new AtomicLong();
  private final AtomicBoolean closed = new AtomicBoolean();

  /** The connections open now, so that closing the socket ends them too. */
  private final Set<Exchange> open = ConcurrentHashMap.newKeySet();

  private final ExecutorService workers;
  private final Thread acceptor;

  /** Where a request's answer comes from: {@link HookEndpoint#answer} (tests hold answers back). */
  @FunctionalInterface
  interface Answerer {
    CompletableFuture<HookEndpoint.Answer> answer(AgentKind agent, byte[] input);
  }

  /**
   * The deny answered for a decision that failed ({@link HookEndpoint#failed}); a seam, so that a
   * test can make even that fail and see the error answered then.
   */
  @FunctionalInterface
  interface Denial {
    HookEndpoint.Answer of(AgentKind agent, Throwable failure);
  }

  private final Denial denial;

  private HookSocket(
      Path path,
      ServerSocketChannel server,
      Answerer endpoint,
      Scheduler scheduler,
      Denial denial) {
    this.path = path;
    this.server = server;
    this.endpoint = endpoint;
    this.denial = denial;
    this.scheduler = scheduler;
    // A thread a connection at most: the acceptor takes no more than MAX_CONNECTIONS at once.
    this.workers = Executors.newCachedThreadPool(DaemonThreads.factory("gateway-hook-socket"));
    this.acceptor = DaemonThreads.create("gateway-hook-socket-accept", this::acceptLoop);
  }

  /**
   * Serves {@code endpoint} at {@code <home>/}{@value #FILE_NAME}, replacing a socket a gateway of
   * this home left behind. Call it while holding the home's lock: the socket at that name is then
   * nobody else's.
   *
   * @param home the gateway's home, owner-only
   * @param endpoint where decisions are made
   * @param scheduler times the read and write deadlines
   * @return the socket, serving; empty when the platform has no Unix domain sockets or the path is
   *     too long for one (the reason is logged; the command hook then runs its JVM, as before)
   * @throws IOException when the socket cannot be made
   */
  public static Optional<HookSocket> open(Path home, HookEndpoint endpoint, Scheduler scheduler)
      throws IOException {
    requireNonNull(endpoint, "endpoint");
    return open(home, endpoint::answer, scheduler);
  }

  /** {@link #open(Path, HookEndpoint, Scheduler)} with answers from {@code endpoint}. */
  static Optional<HookSocket> open(Path home, Answerer endpoint, Scheduler scheduler)
      throws IOException {
    return open(home, endpoint, scheduler, HookEndpoint::failed);
  }

  /**
   * Fault-injection seam for tests (issue 48): {@link #open(Path, Answerer, Scheduler)} with the
   * deny of a failed decision built by {@code denial}.
   */
  static Optional<HookSocket> open(Path home, Answerer endpoint, Scheduler scheduler, Denial denial)
      throws IOException {
    requireNonNull(scheduler, "scheduler");
    requireNonNull(denial, "denial");
    Path path = home.toAbsolutePath().resolve(FILE_NAME);
    if (path.toString().getBytes(StandardCharsets.UTF_8).length > MAX_PATH_BYTES) {
      LOG.log(
          System.Logger.Level.INFO,
          "command hooks will start a JVM: "
              + path
              + " is longer than a Unix socket's path may be ("
              + MAX_PATH_BYTES
              + " bytes)");
      return Optional.empty();
    }
    ServerSocketChannel server;
    try {
      server = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
    } catch (UnsupportedOperationException e) {
      LOG.log(
          System.Logger.Level.INFO,
          "command hooks will start a JVM: this platform has no Unix domain sockets");
      return Optional.empty();
    }
    try {
      // A socket is a file only a gateway of this home makes, under the home's lock: one there is a
      // dead gateway's (or a planted one, which binding over it removes).
      Files.deleteIfExists(path);
      server.bind(UnixDomainSocketAddress.of(path), MAX_CONNECTIONS);
      if (!OwnerOnlyFiles.restrict(path)) {
        // As setting POSIX permissions would: a socket others could connect to is not served.
        throw new UnsupportedOperationException(
            "no POSIX permissions to make " + path + " owner-only");
      }
    } catch (IOException | RuntimeException e) {
      server.close();
      throw e;
    }
    HookSocket socket = new HookSocket(path, server, endpoint, scheduler, denial);
    socket.acceptor.start();
    return Optional.of(socket);
  }

  /** {@return where the socket is} */
  public Path path() {
    return path;
  }

  /**
   * Stops accepting, closes the socket and removes it; connections in progress are closed.
   * Idempotent.
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
    // Connections waiting for their decision get EOF now, rather than their client's whole timeout.
    List.copyOf(open).forEach(Exchange::finish);
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
        LOG.log(System.Logger.Level.WARNING, "hook socket: accept failed: " + e.getMessage());
        if (!pause(ACCEPT_PAUSE)) { // out of descriptors, say: retrying at once would spin
          return;
        }
        continue;
      }
      Exchange exchange = new Exchange(channel);
      open.add(exchange);
      exchange.startDeadline(); // from the accept: the whole request must come within it
      try {
        workers.execute(() -> serve(exchange));
      } catch (RejectedExecutionException closing) {
        exchange.finish();
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

  /** One connection: its request, its deadline, its share of the body budget. */
  private final class Exchange {
    final SocketChannel channel;

    /** Guarded by this: whether it is finished, what it charged, its deadline. */
    private boolean done;

    private long chargedBytes;
    private Scheduler.Cancellable deadline;

    Exchange(SocketChannel channel) {
      this.channel = channel;
    }

    /** Closes the connection when it has not finished within {@link #READ_DEADLINE} from now. */
    synchronized void startDeadline() {
      if (!done) {
        deadline = scheduler.schedule(READ_DEADLINE, this::finish);
      }
    }

    synchronized void stopDeadline() {
      if (deadline != null) {
        deadline.cancel();
        deadline = null;
      }
    }

    /**
     * Charges {@code bytes} of body to the budget; false, charging nothing, when they do not fit or
     * it is finished.
     */
    synchronized boolean charge(long bytes) {
      if (done) {
        return false;
      }
      if (heldBodyBytes.addAndGet(bytes) > MAX_HELD_BODY_BYTES) {
        heldBodyBytes.addAndGet(-bytes);
        return false;
      }
      chargedBytes += bytes;
      return true;
    }

    /** Closes the connection and gives back what it held; once. */
    void finish() {
      synchronized (this) {
        if (done) {
          return;
        }
        done = true;
        stopDeadline();
        heldBodyBytes.addAndGet(-chargedBytes);
        chargedBytes = 0;
      }
      closeQuietly(channel);
      open.remove(this);
      connections.release();
    }
  }

  private void serve(Exchange exchange) {
    HookSocketRequest request;
    try {
      request =
          HookSocketRequest.read(
              exchange.channel, MAX_HEADER_BYTES, MAX_BODY_BYTES, exchange::charge);
    } catch (HookSocketRequest.Refused refused) {
      respond(exchange, refused.status(), refused.getMessage() + "\n");
      return;
    } catch (IOException | RuntimeException e) {
      exchange.finish(); // closed at its deadline, or the client went away
      return;
    }
    exchange.stopDeadline();
    CompletableFuture<HookEndpoint.Answer> answer;
    try {
      answer = endpoint.answer(request.agent(), request.body()); // never fails: a failure is a deny
    } catch (RuntimeException e) {
      answer = CompletableFuture.failedFuture(e);
    }
    answer.whenComplete(
        (decided, failure) -> {
          try {
            // Not on the thread that completed the decision, which may be the gateway's loop: a
            // client
            // that does not read must not hold it up.
            workers.execute(
                () -> {
                  exchange.startDeadline();
                  HookEndpoint.Answer spoken = decided;
                  if (failure != null) {
                    // An explicit deny the script passes on, as HookRoute answers (issue 48).
                    try {
                      spoken = denial.of(request.agent(), failure);
                    } catch (RuntimeException none) {
                      respond(
                          exchange,
                          500,
                          "provider gateway failed: " + oneLine(none.toString()) + "\n");
                      return;
                    }
                  }
                  respond(exchange, 200, answerText(request.agent(), spoken));
                });
          } catch (RejectedExecutionException closing) {
            exchange.finish();
          }
        });
  }

  /** Writes the answer and closes the connection. */
  private void respond(Exchange exchange, int status, String text) {
    byte[] body = text.getBytes(StandardCharsets.UTF_8);
    String head =
        "HTTP/1.1 "
            + status
            + " "
            + HookSocketRequest.reason(status)
            + "\r\n"
            + "Content-Type: text/plain; charset=utf-8\r\n"
            + "Content-Length: "
            + body.length
            + "\r\n"
            + "Connection: close\r\n\r\n";
    try {
      ByteBuffer out = ByteBuffer.allocate(head.length() + body.length);
      out.put(head.getBytes(StandardCharsets.US_ASCII)).put(body).flip();
      while (out.hasRemaining()) {
        exchange.channel.write(out);
      }
      if (status != 200) {
        // The client may still be sending what was refused: drop it until it is done (or the
        // deadline closes the connection), so that it reads this answer rather than a reset.
        exchange.channel.shutdownOutput();
        ByteBuffer dropped = ByteBuffer.allocate(8192);
        while (exchange.channel.read(dropped.clear()) >= 0) {
          // dropped, never held
        }
      }
    } catch (IOException e) {
      // the client went away, or took too long to read: nothing more to tell it
    } finally {
      exchange.finish();
    }
  }

  /**
   * A 200 answer's text, format {@value #FORMAT_VERSION}: {@code gateway-hook/2 <exit> <stderr>},
   * then the line the agent reads on stdout. The script splits it on its line breaks, which costs
   * it linear time however long the agent's line is, and prints the parts as they are; which exit
   * code and stderr go with a deny of this agent is decided here, as {@link AgentKind#exitCode} and
   * {@link AgentKind#stderr} decide it for the JVM adapter.
   */
  static String answerText(AgentKind agent, HookEndpoint.Answer answer) {
    boolean exitTwo = agent.deniesByExitCode() && answer.word().equals("deny");
    String stderr =
        exitTwo
            ? answer.note()
            : "gateway hook " + agent.word() + ": " + answer.word() + ": " + answer.note();
    return ANSWER_TAG
        + " "
        + (exitTwo ? 2 : 0)
        + " "
        + oneLine(stderr)
        + "\n"
        + oneLine(answer.body())
        + "\n";
  }

  /** A note for a log line: line breaks would split it. */
  private static String oneLine(String text) {
    return text.replace('\r', ' ').replace('\n', ' ');
  }

  private static void closeQuietly(SocketChannel channel) {
    try {
      channel.close();
    } catch (IOException e) {
      // already gone
    }
  }
}
