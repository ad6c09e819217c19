package io.github.providergateway.agent.hook;

import io.github.providergateway.agent.internal.UserHome;
import io.github.providergateway.guard.Guard;
import io.github.providergateway.host.client.GatewayClient;
import io.github.providergateway.host.client.GatewayClientOptions;
import io.github.providergateway.host.client.GatewayHome;
import io.github.providergateway.host.client.UnverifiedGatewayException;
import io.github.providergateway.loop.SystemScheduler;
import io.github.providergateway.loop.base.UnsafeFileException;
import java.io.IOException;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Asks the home's gateway for one hook call's verdict ({@link HookAdapter}'s path while a gateway
 * runs): finds its port, proves it holds the home's token, and asks, each step bounded by {@link
 * HookAdapter.Settings}. A port that refuses, or no token file, is no gateway ({@link
 * Attempt#down}); one that accepts and then does not answer is stuck, and denied; a token file
 * another user could have written is refused, and denied.
 */
final class LiveGatewayVerdict {

  private final AgentKind agent;
  private final HookAdapter.Settings settings;
  private final Guard guard;
  private final ExecutorService workers;
  private final SystemScheduler scheduler;

  LiveGatewayVerdict(
      AgentKind agent,
      HookAdapter.Settings settings,
      Guard guard,
      ExecutorService workers,
      SystemScheduler scheduler) {
    this.agent = agent;
    this.settings = settings;
    this.guard = guard;
    this.workers = workers;
    this.scheduler = scheduler;
  }

  /** How often it looks whether that gateway listens. */
  private static final Duration STARTING_POLL = Duration.ofMillis(100);

  /** The gateway cannot be asked; the message says why. */
  private static final class Unreachable extends Exception {
    private static final long serialVersionUID = 1L;

    Unreachable(String message) {
      super(message, null, false, false);
    }
  }

  /** A gateway accepted the connection but did not answer within the answer budget: denies. */
  private static final class Stuck extends Exception {
    private static final long serialVersionUID = 1L;

    Stuck(String message) {
      super(message, null, false, false);
    }
  }

  /**
   * The home's token file is one another user could have written: nothing it leads to can be
   * believed, and since the home is not the user's alone, neither can its record. Denies.
   */
  private static final class Untrusted extends Exception {
    private static final long serialVersionUID = 1L;

    Untrusted(UnsafeFileException cause) {
      super(cause.getMessage(), cause, false, false);
    }
  }

  /** What one try to ask the gateway gave: its verdict, or why no gateway could be asked. */
  record Attempt(HookVerdict verdict, String down) {}

  Attempt once(HookRequest request) {
    CompletableFuture<HookVerdict> online = new CompletableFuture<>();
    workers.execute(() -> ask(request, online));
    // The connect is bounded by its own timeout inside ask(); this bounds the rest.
    Duration limit = settings.connectTimeout().plus(settings.answerTimeout());
    try {
      return new Attempt(online.get(limit.toMillis(), TimeUnit.MILLISECONDS), null);
    } catch (TimeoutException e) {
      return new Attempt(
          stuck(
              "provider gateway accepted the connection but did not decide within "
                  + seconds(settings.answerTimeout())),
          null);
    } catch (ExecutionException e) {
      Throwable cause = e.getCause();
      if (cause instanceof Untrusted untrusted) {
        return new Attempt(
            HookVerdict.deny(
                "provider gateway hook refused its gateway's token file: "
                    + untrusted.getMessage()
                    + "; denied",
                "token file refused, denied (fail closed): " + untrusted.getMessage()),
            null);
      }
      if (cause instanceof Stuck stuck) {
        return new Attempt(stuck(stuck.getMessage()), null);
      }
      if (cause instanceof Unreachable down) {
        return new Attempt(null, down.getMessage());
      }
      if (cause instanceof UnsafeFileException unsafe) {
        return new Attempt(
            HookVerdict.deny(
                "provider gateway hook refused the home's record of gates: "
                    + unsafe.getMessage()
                    + "; denied",
                "record refused, denied (fail closed): " + unsafe.getMessage()),
            null);
      }
      return new Attempt(
          HookVerdict.deny(
              "provider gateway failed (" + cause + "); denied",
              "gateway failed, denied: " + cause),
          null);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return new Attempt(
          HookVerdict.deny(
              "interrupted while asking the provider gateway; denied", "interrupted, denied"),
          null);
    }
  }

  /**
   * Whether the home's gateway is there within {@code limit} (its token file published, its port
   * accepting), looking every 100 ms.
   */
  boolean awaitListening(Duration limit) {
    CompletableFuture<Boolean> listening = new CompletableFuture<>();
    scheduler.schedule(limit, () -> listening.complete(false));
    poll(listening);
    try {
      return listening.get(limit.plusSeconds(1).toMillis(), TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    } catch (ExecutionException | TimeoutException e) {
      return false;
    }
  }

  private void poll(CompletableFuture<Boolean> listening) {
    if (listening.isDone()) {
      return;
    }
    try {
      // Its token file is published once it listens (decision 14): without one it is not there yet.
      if (Files.notExists(
          settings.home().resolve(GatewayHome.TOKEN_FILE), LinkOption.NOFOLLOW_LINKS)) {
        throw new Unreachable("no token file yet");
      }
      probe(settings.home());
      listening.complete(true);
    } catch (Stuck stuck) {
      listening.complete(true); // something listens: asking will tell
    } catch (Unreachable notYet) {
      scheduler.schedule(STARTING_POLL, () -> workers.execute(() -> poll(listening)));
    }
  }

  /**
   * A gateway is there but does not answer (stopped, swapping, a gate's provider hanging past every
   * timeout): denied. The record is only for "no gateway at all": a gateway that holds its port may
   * still have rules the record does not (issue 33).
   */
  private static HookVerdict stuck(String why) {
    return HookVerdict.deny(why + "; denied (fail closed)", why + "; denied (fail closed)");
  }

  private void ask(HookRequest request, CompletableFuture<HookVerdict> verdict) {
    GatewayClient client;
    try {
      client = connect();
    } catch (Unreachable | Untrusted | Stuck e) {
      verdict.completeExceptionally(e);
      return;
    }
    try {
      HomeGates.View held = HomeGates.View.of(HookGateRecord.read(settings.home()));
      HookDecisions.Context context =
          new HookDecisions.Context(
              () -> held,
              scheduler,
              Clock.systemUTC(),
              UserHome.get(),
              decision -> {},
              () -> guard);
      verdict.complete(HookDecisions.decide(client, request, agent, context).join());
    } catch (IOException e) {
      verdict.completeExceptionally(e);
    } catch (CompletionException e) {
      verdict.completeExceptionally(e.getCause());
    } finally {
      try {
        workers.execute(client::close); // after the answer: closing must not delay it
      } catch (RejectedExecutionException exiting) {
        // the answer is out and the process is ending: the socket goes with it
      }
    }
  }

  private GatewayClient connect() throws Unreachable, Untrusted, Stuck {
    Path home = settings.home();
    // Not isRegularFile, which follows a link: a link at the token file's name is refused, not
    // missed.
    if (Files.notExists(home.resolve(GatewayHome.TOKEN_FILE), LinkOption.NOFOLLOW_LINKS)) {
      throw new Unreachable("provider gateway not running (no token file in " + home + ")");
    }
    int port = probe(home);
    // Something listens: from here on, silence is a stuck gateway, not a missing one.
    GatewayClientOptions options =
        GatewayClientOptions.builder().connectTimeout(settings.answerTimeout()).build();
    CompletableFuture<GatewayClient> connecting = new CompletableFuture<>();
    workers.execute(
        () -> {
          try {
            connecting.complete(GatewayClient.connect(home, port, options));
          } catch (IOException | RuntimeException e) {
            connecting.completeExceptionally(e);
          }
        });
    try {
      return connecting.get(settings.answerTimeout().toMillis(), TimeUnit.MILLISECONDS);
    } catch (TimeoutException e) {
      // A connection made after all is nobody's: close it.
      connecting.thenAccept(GatewayClient::close);
      throw new Stuck(
          "provider gateway on port "
              + port
              + " accepted the connection but did not answer within "
              + seconds(settings.answerTimeout())
              + " (is it stopped?)");
    } catch (ExecutionException e) {
      if (e.getCause() instanceof UnsafeFileException unsafe) {
        throw new Untrusted(unsafe);
      }
      if (e.getCause() instanceof UnverifiedGatewayException impostor) {
        // Whatever answers on the port could not prove it holds the home's token: not believed,
        // and not shown the token or the call. Its gateway is as good as not running.
        throw new Unreachable("provider gateway not reachable: " + impostor.getMessage());
      }
      if (refused(e.getCause())) {
        // Gone between the probe and the connection: no gateway after all.
        throw new Unreachable(
            "provider gateway not running (port " + port + ": Connection refused)");
      }
      // Something listens and did not let us in (a handshake pushed out, a token refused): it is
      // there, so the record, which may lack its rules, does not decide.
      throw new Stuck(
          "provider gateway on port "
              + port
              + " accepted the connection but could not be asked ("
              + e.getCause().getMessage()
              + ")");
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new Unreachable("interrupted while connecting to the provider gateway");
    }
  }

  /**
   * The gateway's port, once something accepts a TCP connection there. A port that refuses is a
   * gateway that is not running, known at once (a dead gateway's port refuses in microseconds,
   * where waiting out the connect timeout cost every call a second: issue 33).
   */
  private int probe(Path home) throws Unreachable, Stuck {
    int port;
    try {
      port = GatewayHome.port(home, settings.port());
    } catch (IOException e) {
      throw new Unreachable("provider gateway not running (" + e.getMessage() + ")");
    }
    try (Socket socket = new Socket()) {
      socket.connect(
          new InetSocketAddress(InetAddress.getLoopbackAddress(), port),
          (int) Math.max(1, settings.connectTimeout().toMillis()));
      return port;
    } catch (ConnectException e) {
      throw new Unreachable("provider gateway not running (port " + port + ": Connection refused)");
    } catch (SocketTimeoutException e) {
      // On loopback a connect that neither succeeds nor is refused meets a full accept queue: a
      // listener that is there and not accepting.
      throw new Stuck(
          "provider gateway on port "
              + port
              + " did not accept a connection within "
              + seconds(settings.connectTimeout())
              + " (is it stopped?)");
    } catch (IOException e) {
      throw new Unreachable(
          "provider gateway not running (port " + port + ": " + e.getMessage() + ")");
    }
  }

  /** Whether {@code failure} (or what caused it) is a refused TCP connection. */
  private static boolean refused(Throwable failure) {
    for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
      if (cause instanceof ConnectException) {
        return true;
      }
    }
    return false;
  }

  private static String seconds(Duration duration) {
    long millis = duration.toMillis();
    return millis % 1000 == 0 ? millis / 1000 + " s" : millis + " ms";
  }
}
