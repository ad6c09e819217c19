package io.github.providergateway.agent.hook;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.gateway.SessionHookRule;
import io.github.providergateway.host.client.GatewayClient;
import io.github.providergateway.host.client.UnsafeFileException;
import io.github.providergateway.host.client.UnverifiedGatewayException;
import io.github.providergateway.protocol.HookAction;
import io.github.providergateway.protocol.HookMatch;
import io.github.providergateway.protocol.HookRule;
import io.github.providergateway.protocol.Limits;
import io.github.providergateway.protocol.RegexSteps;
import io.github.providergateway.protocol.json.JsStringifier;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.regex.PatternSyntaxException;

/**
 * {@code gateway hook claude|copilot}: answers one pre-tool-use hook call of a coding agent with
 * what the gateway's providers decide, so their {@code onPreToolUse} rules and gates hold for the
 * agent's own tools too (docs/agents.md).
 *
 * <p>It reads the agent's JSON on stdin, maps the tool ({@link ToolMapping}), finds the gateway
 * session of the agent's working directory ({@link SessionChoice}: among sessions holders of the
 * gateway token opened) and asks the gateway's {@code preToolUse}. No such session: nothing to
 * check, allowed. No gateway at all (no token file, the port refuses, which is known at once, or no
 * connection within {@link Settings#connectTimeout}), or what answers on its port cannot prove it
 * holds the home's token ({@code host.challenge}; it is shown neither the token nor the call): the
 * gateway's last {@link HookGateRecord} decides, each matching gate by its own setting: fail closed
 * denies, fail open allows. A gateway that accepted the connection but has not decided within
 * {@link Settings#answerTimeout} is denied: it is there, stuck, and may hold rules the record does
 * not. Stderr always says which path decided.
 *
 * <p>The launcher runs this JVM only when no gateway answers on the home's Unix socket ({@link
 * HookSocket}): while one runs, a shell script asks it there, and no JVM starts.
 *
 * <p>It never fails open by accident: malformed input, an unreadable record, a token file or record
 * another user could have written ({@link io.github.providergateway.host.client.SafeFiles}) and any
 * unexpected error answer an explicit deny, and the exit code is always 0.
 */
public final class HookAdapter {

  /**
   * A backstop, not the bound: the record's regexes are bounded in steps as the gateway's are
   * ({@link RegexSteps}), so load never changes what the record decides (issue 32, finding 9). Only
   * a pattern whose work the steps cannot see, which the gateway refuses at registration since
   * then, could take this long; an older gateway's record might still hold one.
   */
  private static final Duration RECORD_BACKSTOP = Duration.ofSeconds(5);

  /**
   * The stack of the adapter's threads: a regex that recurses once a character decides here as on
   * the gateway's deep stack (RegexGuard), whatever the JIT has compiled; reserved, not committed.
   */
  private static final long WORKER_STACK_BYTES = 256L << 20;

  /**
   * Where the gateway is and how long to wait for it.
   *
   * @param home the gateway's home (its token, {@code gateway.port} and {@link HookGateRecord})
   * @param port the port when {@code <home>/gateway.port} does not say
   * @param connectTimeout how long to try to connect before counting the gateway as not running; a
   *     port that refuses counts at once
   * @param answerTimeout how long a gateway that accepted the connection has to decide: a gate may
   *     take the gateway's 5 s gate timeout, and several gates run one after another. Past it the
   *     call is denied (a gateway is there but stuck), never left to the record
   */
  public record Settings(Path home, int port, Duration connectTimeout, Duration answerTimeout) {
    /**
     * 1 s to connect: a running gateway on loopback accepts in microseconds, a dead port refuses at
     * once.
     */
    public static final Duration DEFAULT_CONNECT_TIMEOUT = Duration.ofSeconds(1);

    /**
     * Two gates' 5 s timeouts: the hook should be installed with a timeout above 10 s plus the
     * JVM's start.
     */
    public static final Duration DEFAULT_ANSWER_TIMEOUT = Duration.ofSeconds(10);

    /**
     * Checks the settings.
     *
     * @param home the gateway's home
     * @param port the port when {@code <home>/gateway.port} does not say
     * @param connectTimeout how long to try to connect
     * @param answerTimeout how long to wait for the decision once connected
     * @throws NullPointerException when {@code home} or either timeout is null
     */
    public Settings {
      requireNonNull(home, "home");
      requireNonNull(connectTimeout, "connectTimeout");
      requireNonNull(answerTimeout, "answerTimeout");
    }

    /**
     * The default timeouts, for the gateway of {@code home}.
     *
     * @param home the gateway's home
     * @param port the port when {@code <home>/gateway.port} does not say
     * @return settings with {@link #DEFAULT_CONNECT_TIMEOUT} and {@link #DEFAULT_ANSWER_TIMEOUT}
     */
    public static Settings of(Path home, int port) {
      return new Settings(home, port, DEFAULT_CONNECT_TIMEOUT, DEFAULT_ANSWER_TIMEOUT);
    }
  }

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

  private final AgentKind agent;
  private final Settings settings;
  private final PrintStream err;
  private final ExecutorService workers =
      Executors.newCachedThreadPool(
          task -> {
            Thread t = new Thread(null, task, "gateway-hook", WORKER_STACK_BYTES);
            t.setDaemon(true);
            return t;
          });

  private HookAdapter(AgentKind agent, Settings settings, PrintStream err) {
    this.agent = agent;
    this.settings = settings;
    this.err = err;
  }

  /**
   * Answers the one hook call on {@code in}: its answer on {@code out}, what decided it on {@code
   * err}.
   *
   * @param agent whose hook protocol {@code in} and {@code out} speak
   * @param in the agent's hook call, one JSON object, read to its end
   * @param out where the answer goes, in the agent's format
   * @param err where the reason for the answer goes, for a person reading the agent's log
   * @param settings where the gateway is; null when the command line was wrong, which denies
   * @return the exit code, always 0: the answer itself says allow or deny
   */
  public static int run(
      AgentKind agent, InputStream in, PrintStream out, PrintStream err, Settings settings) {
    HookAdapter adapter = new HookAdapter(agent, settings, err);
    HookVerdict verdict;
    try {
      verdict =
          settings == null
              ? HookVerdict.deny(
                  "provider gateway hook is misconfigured (see its stderr); denied",
                  "bad command line, denied")
              : adapter.decide(in);
    } catch (RuntimeException | Error e) {
      // Fail closed: whatever went wrong, the agent reads a deny (Claude Code runs the tool after
      // any exit code but 0 and 2, so crashing is not an option).
      verdict =
          HookVerdict.deny(
              "provider gateway hook failed ("
                  + e
                  + "); denied because it could not check the call",
              "unexpected error, denied: " + e);
    } finally {
      adapter.workers.shutdownNow();
    }
    out.println(agent.answer(verdict));
    out.flush();
    err.println("gateway hook " + agent.word() + ": " + verdict.word() + ": " + verdict.note());
    err.flush();
    return 0;
  }

  private HookVerdict decide(InputStream in) {
    HookRequests.Read read;
    try {
      read = HookRequests.read(agent, in.readNBytes(HookRequests.MAX_INPUT_BYTES + 1));
    } catch (IOException e) {
      return HookVerdict.deny(
          "provider gateway hook could not read the "
              + agent.word()
              + " hook input ("
              + e.getMessage()
              + "); denied",
          "unreadable input, denied: " + e.getMessage());
    }
    if (read.refusal() != null) {
      return read.refusal();
    }
    HookRequest request = read.request();
    CompletableFuture<HookVerdict> online = new CompletableFuture<>();
    workers.execute(() -> ask(request, online));
    // The connect is bounded by its own timeout inside ask(); this bounds the rest.
    Duration limit = settings.connectTimeout().plus(settings.answerTimeout());
    try {
      return online.get(limit.toMillis(), TimeUnit.MILLISECONDS);
    } catch (TimeoutException e) {
      return stuck(
          "provider gateway accepted the connection but did not decide within "
              + seconds(settings.answerTimeout()));
    } catch (ExecutionException e) {
      Throwable cause = e.getCause();
      if (cause instanceof Untrusted untrusted) {
        return HookVerdict.deny(
            "provider gateway hook refused its gateway's token file: "
                + untrusted.getMessage()
                + "; denied",
            "token file refused, denied (fail closed): " + untrusted.getMessage());
      }
      if (cause instanceof Stuck stuck) {
        return stuck(stuck.getMessage());
      }
      if (cause instanceof Unreachable down) {
        return fromRecord(request, down.getMessage());
      }
      return HookVerdict.deny(
          "provider gateway failed (" + cause + "); denied", "gateway failed, denied: " + cause);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return HookVerdict.deny(
          "interrupted while asking the provider gateway; denied", "interrupted, denied");
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

  // ---- the gateway ----

  private void ask(HookRequest request, CompletableFuture<HookVerdict> verdict) {
    GatewayClient client;
    try {
      client = connect();
    } catch (Unreachable | Untrusted | Stuck e) {
      verdict.completeExceptionally(e);
      return;
    }
    try {
      verdict.complete(HookDecisions.decide(client, request, agent).join());
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
    if (Files.notExists(home.resolve(GatewayClient.TOKEN_FILE), LinkOption.NOFOLLOW_LINKS)) {
      throw new Unreachable("provider gateway not running (no token file in " + home + ")");
    }
    int port = probe(home);
    // Something listens: from here on, silence is a stuck gateway, not a missing one.
    GatewayClient.Options options =
        GatewayClient.Options.builder().connectTimeout(settings.answerTimeout()).build();
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
      port = GatewayClient.port(home, settings.port());
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

  // ---- the record ----

  /** The gateway cannot be asked ({@code cause}): its last record decides. */
  private HookVerdict fromRecord(HookRequest request, String cause) {
    CompletableFuture<HookVerdict> verdict =
        CompletableFuture.supplyAsync(() -> evaluateRecord(request, cause), workers);
    try {
      return verdict.get(RECORD_BACKSTOP.toMillis(), TimeUnit.MILLISECONDS);
    } catch (TimeoutException e) {
      return HookVerdict.deny(
          cause + "; the recorded rules could not be checked in time, so the call is denied",
          cause + "; recorded rules took too long, denied");
    } catch (ExecutionException e) {
      return HookVerdict.deny(
          cause
              + "; the recorded rules could not be checked ("
              + e.getCause()
              + "), so the call is denied",
          cause + "; recorded rules failed, denied: " + e.getCause());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return HookVerdict.deny(cause + "; denied", cause + "; interrupted, denied");
    }
  }

  private HookVerdict evaluateRecord(HookRequest request, String cause) {
    Path record = settings.home().resolve(HookGateRecord.FILE_NAME);
    List<HookGateRecord.Entry> entries;
    try {
      entries = HookGateRecord.read(settings.home());
    } catch (UnsafeFileException e) {
      return HookVerdict.deny(
          cause + "; its record of gates is refused: " + e.getMessage() + "; denied",
          cause + "; record refused, denied (fail closed): " + e.getMessage());
    } catch (IOException e) {
      return HookVerdict.deny(
          cause + "; its record of gates (" + record + ") cannot be read, so the call is denied",
          cause + "; " + e.getMessage() + "; denied (fail closed)");
    }
    Optional<HookGateRecord.Entry> entry =
        SessionChoice.pick(
            entries, HookGateRecord.Entry::label, HookGateRecord.Entry::cwd, request.cwd(), agent);
    if (entry.isEmpty()) {
      return HookVerdict.allow(
          List.of(),
          cause
              + "; "
              + record
              + " records no session with cwd "
              + request.cwd()
              + ", so no rule applies; allowed");
    }
    String argsText =
        JsStringifier.stringify(request.args(), Limits.defaults().regex().maxMatchedChars());
    List<String> failedOpen = new ArrayList<>();
    for (SessionHookRule held : entry.get().rules()) {
      HookRule rule = held.rule();
      if (!matches(rule, request, argsText)) {
        continue;
      }
      if (rule.action() == HookAction.DENY) {
        String reason =
            rule.reason() != null ? rule.reason() : "Blocked by provider '" + held.provider() + "'";
        return HookVerdict.deny(
            reason + " (" + cause + "; recorded rule of " + held.provider() + ")",
            cause + "; recorded deny rule of " + held.provider() + " matches; denied");
      }
      if (rule.failsOpen()) {
        failedOpen.add(held.provider() + "'s gate '" + rule.gateId() + "'");
        continue;
      }
      String gate = held.provider() + "'s gate '" + rule.gateId() + "' fails closed";
      return HookVerdict.deny(
          cause
              + "; "
              + gate
              + " (start the gateway, or remove "
              + record
              + " if it is gone for good)",
          cause + "; " + gate + "; denied");
    }
    return HookVerdict.allow(
        List.of(),
        cause
            + "; "
            + (failedOpen.isEmpty()
                ? "no recorded rule of " + record + " matches tool " + request.tool()
                : String.join(", ", failedOpen) + " fails open")
            + "; allowed");
  }

  /**
   * Whether a recorded rule applies, as the gateway's hook engine decides it: exact tool name, the
   * args regex found in the {@code JSON.stringify} text within the gateway's step budget. Rules
   * scoped to a provider's tools never apply (the agent's tools are no provider's). A file glob is
   * not evaluated here: a rule with one applies to every call that names a file, which can only
   * deny more (fail closed). An invalid regex applies too, as a regex that runs out of steps does
   * in the gateway (and here).
   */
  private static boolean matches(HookRule rule, HookRequest request, String argsText) {
    HookMatch match = rule.match();
    if (match == null) {
      return true;
    }
    if (match.tool() != null && !match.tool().equals(request.tool())) {
      return false;
    }
    if (match.provider() != null) {
      return false;
    }
    if (match.file() != null && !namesFile(request.args())) {
      return false;
    }
    if (match.args() == null) {
      return true;
    }
    try {
      RegexSteps.Outcome found =
          RegexSteps.find(
              RegexSteps.compile(match.args()),
              argsText,
              Limits.defaults().regex().regexStepsPerMatch());
      return found.result()
          != RegexSteps.Result.NOT_MATCHED; // out of steps: fail safe, as the gateway
    } catch (PatternSyntaxException | StackOverflowError e) {
      return true;
    }
  }

  private static boolean namesFile(JsonNode args) {
    for (String name : List.of("path", "file", "filePath")) {
      if (args.path(name).isTextual()) {
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
