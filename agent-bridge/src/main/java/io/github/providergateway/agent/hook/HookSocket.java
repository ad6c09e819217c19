package io.github.providergateway.agent.hook;

import static java.util.Objects.requireNonNull;

import io.github.providergateway.agent.internal.DoorConnection;
import io.github.providergateway.agent.internal.SocketHttp;
import io.github.providergateway.agent.internal.UnixSocketDoor;
import io.github.providergateway.loop.Scheduler;
import java.io.IOException;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.RejectedExecutionException;
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

  private final UnixSocketDoor door;
  private final Answerer endpoint;
  private final Scheduler scheduler;
  private final AtomicLong heldBodyBytes = new AtomicLong();

  /** The connections open now, so that closing the socket ends them too. */
  private final Set<Exchange> open = ConcurrentHashMap.newKeySet();

  /** Where a request's answer comes from: {@link HookEndpoint#answer} (tests hold answers back). */
  @FunctionalInterface
  interface Answerer {
    CompletableFuture<HookEndpoint.Answer> answer(
        AgentKind agent, byte[] input, java.util.function.Supplier<java.util.OptionalLong> client);
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

  private HookSocket(UnixSocketDoor door, Answerer endpoint, Scheduler scheduler, Denial denial) {
    this.door = door;
    this.endpoint = endpoint;
    this.denial = denial;
    this.scheduler = scheduler;
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
    Optional<UnixSocketDoor> door =
        UnixSocketDoor.open(
            home.resolve(FILE_NAME),
            MAX_CONNECTIONS,
            "gateway-hook-socket",
            "command hooks will start a JVM",
            scheduler);
    if (door.isEmpty()) {
      return Optional.empty();
    }
    HookSocket socket = new HookSocket(door.get(), endpoint, scheduler, denial);
    socket.door.start(socket::accepted);
    return Optional.of(socket);
  }

  /** {@return where the socket is} */
  public Path path() {
    return door.path();
  }

  /**
   * Stops accepting, closes the socket and removes it; connections in progress are closed.
   * Idempotent.
   */
  @Override
  public void close() {
    door.close();
    // Connections waiting for their decision get EOF now, rather than their client's whole timeout.
    List.copyOf(open).forEach(Exchange::finish);
  }

  /** Serves a connection the door accepted, on a thread of the door's. */
  private void accepted(SocketChannel channel, Runnable release) {
    Exchange exchange = new Exchange(channel, release);
    open.add(exchange);
    exchange.startDeadline(); // from the accept: the whole request must come within it
    serve(exchange);
  }

  /** One connection: its request, its deadline, its share of the body budget. */
  private final class Exchange extends DoorConnection {
    final SocketChannel channel;

    Exchange(SocketChannel channel, Runnable release) {
      super(channel, release, scheduler, READ_DEADLINE, heldBodyBytes, MAX_HELD_BODY_BYTES);
      this.channel = channel;
    }

    @Override
    protected void finished() {
      open.remove(this);
    }
  }

  private void serve(Exchange exchange) {
    HookSocketRequest request;
    try {
      request =
          HookSocketRequest.read(
              exchange.channel, MAX_HEADER_BYTES, MAX_BODY_BYTES, exchange::charge);
    } catch (SocketHttp.Refused refused) {
      respond(exchange, refused.status(), refused.getMessage() + "\n");
      return;
    } catch (IOException | RuntimeException e) {
      exchange.finish(); // closed at its deadline, or the client went away
      return;
    }
    exchange.stopDeadline();
    CompletableFuture<HookEndpoint.Answer> answer;
    try {
      // never fails: a failure is a deny
      answer = endpoint.answer(request.agent(), request.body(), request::client);
    } catch (RuntimeException e) {
      answer = CompletableFuture.failedFuture(e);
    }
    answer.whenComplete(
        (decided, failure) -> {
          try {
            // Not on the thread that completed the decision, which may be the gateway's loop: a
            // client
            // that does not read must not hold it up.
            door.execute(
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
    try {
      SocketHttp.writeFully(
          exchange.channel,
          SocketHttp.answerHead(status, "text/plain; charset=utf-8", Map.of(), body.length));
      SocketHttp.writeFully(exchange.channel, body);
      if (status != 200) {
        SocketHttp.drain(exchange.channel);
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
}
