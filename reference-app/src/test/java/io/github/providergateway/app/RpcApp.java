package io.github.providergateway.app;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.app.detached.DetachedGatewayStarter;
import io.github.providergateway.loop.Backend;
import io.github.providergateway.loop.testing.Await;
import io.github.providergateway.loop.testing.ManualClock;
import io.github.providergateway.protocol.json.ProtocolCodec;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Predicate;
import java.util.function.Supplier;
import java.util.stream.Stream;

/**
 * The whole app in {@code --rpc} mode, driven as a script drives it: commands go in as lines, every
 * output line is recorded and parsed, and the exit code is a future. It runs either in-process
 * through {@link Main#run} on streams the test holds ({@link #start}), there on a manual clock the
 * test moves ({@link #startOnClock}), or as a real {@code java} subprocess on the test classpath
 * ({@link #startProcess}). All waits are bounded by {@link #WAIT}, but a process's start, by the
 * product's start wait.
 */
public final class RpcApp implements AutoCloseable {

  public static final Duration WAIT = Duration.ofSeconds(10);
  static final ProtocolCodec CODEC = ProtocolCodec.create();

  private final LineRecorder output = new LineRecorder();
  private final CompletableFuture<Integer> exitCode;
  private final Path home;

  /** Writes one line (with its newline) to the app's input. */
  private final Consumer<String> input;

  /** Ends the app's input. */
  private final Runnable endOfInput;

  /**
   * The live processes the app started, and theirs: in-process, this JVM's (a test class's earlier
   * tests stopped theirs with their app).
   */
  Stream<ProcessHandle> descendants() {
    return (process == null ? ProcessHandle.current() : process.toHandle()).descendants();
  }

  /** The subprocess's pid ({@link #startProcess} only). */
  long pid() {
    if (process == null) {
      throw new IllegalStateException("the app runs in-process");
    }
    return process.pid();
  }

  /**
   * Kills the subprocess with SIGKILL, as a crash would: nothing of the gateway's stop runs (its
   * token file and gateway.port stay behind). Waits, boundedly, until it is gone.
   */
  void kill() throws InterruptedException {
    pid(); // in-process, there is no process to kill
    process.destroyForcibly();
    assertThat(process.waitFor(WAIT.toMillis(), TimeUnit.MILLISECONDS)).isTrue();
  }

  /** What the app wrote to stderr. */
  private final Supplier<String> errors;

  /** The subprocess, or null when in-process. */
  private final Process process;

  private int nextId;

  /** The providers {@link #provider} bound, closed before the app stops. */
  private final List<WsProvider> providers = new ArrayList<>();

  /** In-process, {@code env} standing for its environment, on {@code clock} unless it is null. */
  private RpcApp(Path home, List<String> args, Map<String, String> env, ManualClock clock) {
    this.home = home;
    this.process = null;
    ScriptedInput commands = new ScriptedInput();
    this.input = commands::add;
    this.endOfInput = commands::end;
    ByteArrayOutputStream stderr = new ByteArrayOutputStream();
    this.errors = () -> stderr.toString(StandardCharsets.UTF_8);
    PrintStream err = new PrintStream(stderr, true, StandardCharsets.UTF_8);
    String[] argv = args.toArray(String[]::new);
    this.exitCode =
        InThreadApp.start(
            "rpc-app",
            () ->
                clock == null
                    ? Main.run(argv, commands, output, err, env)
                    : Main.run(argv, commands, output, err, env, appBackend(clock)));
  }

  /**
   * {@return the backend an in-process app runs on with {@code clock}: every timer on the manual
   * clock, real threads, and secure generators as in production (tokens unguessable, as a test of
   * the app expects)}
   */
  static Backend appBackend(ManualClock clock) {
    return clock.backend().threaded().withRandom(new SecureRandom());
  }

  /**
   * A subprocess with {@code env} added to its environment; its stderr goes to {@code stderrFile}.
   */
  private RpcApp(
      Class<?> main, Path home, List<String> args, Path stderrFile, Map<String, String> env)
      throws IOException {
    this(TestJvm.command(main, args), home, stderrFile, env);
  }

  /** The subprocess {@code command} runs, which must be the app in {@code --rpc} mode. */
  private RpcApp(List<String> command, Path home, Path stderrFile, Map<String, String> env)
      throws IOException {
    this.home = home;
    this.exitCode = new CompletableFuture<>();
    ProcessBuilder builder =
        new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.to(stderrFile.toFile()));
    builder.environment().putAll(env);
    this.process = builder.start();
    OutputStream stdin = process.getOutputStream();
    this.input =
        line -> {
          synchronized (stdin) {
            try {
              stdin.write(line.getBytes(StandardCharsets.UTF_8));
              stdin.flush();
            } catch (IOException e) {
              // The app has stopped reading (it exited): what the test expects next will say so.
            }
          }
        };
    this.endOfInput =
        () -> {
          synchronized (stdin) {
            try {
              stdin.close();
            } catch (IOException e) {
              // Closed already.
            }
          }
        };
    this.errors =
        () -> {
          try {
            return Files.readString(stderrFile);
          } catch (IOException e) {
            return "(cannot read " + stderrFile + ": " + e + ")";
          }
        };
    CompletableFuture<Void> drained = new CompletableFuture<>();
    Thread pump =
        new Thread(
            () -> {
              try (InputStream stdout = process.getInputStream()) {
                stdout.transferTo(output);
              } catch (IOException e) {
                // The process is gone; its exit code tells the rest.
              } finally {
                drained.complete(null);
              }
            },
            "rpc-app-stdout");
    pump.setDaemon(true);
    pump.start();
    // Exited, and every line it wrote recorded: only then is "the last line" meaningful.
    process.onExit().thenCombine(drained, (exited, done) -> exitCode.complete(exited.exitValue()));
  }

  /**
   * Starts the app in-process with {@code --rpc --port 0 --home home} and waits for {@code
   * gateway.started}.
   */
  /**
   * A config file beside {@code home} whose guard lets {@code git push --force} through to the
   * providers' rules (its allow list names {@code git.push-force}), for tests of gates that rewrite
   * or deny force pushes themselves.
   */
  static Path guardAllowingForcePush(Path home) throws IOException {
    Path config = home.resolveSibling(home.getFileName() + "-guard.json");
    return java.nio.file.Files.writeString(
        config, "{\"guard\": {\"allow\": [\"git.push-force\"]}}");
  }

  public static RpcApp start(Path home, String... extraArgs) {
    return start(home, Map.of(), extraArgs);
  }

  /** {@link #start(Path, String...)} with {@code env} as the app's environment. */
  public static RpcApp start(Path home, Map<String, String> env, String... extraArgs) {
    RpcApp app = new RpcApp(home, arguments(home, extraArgs), env, null);
    app.awaitStarted();
    return app;
  }

  /**
   * {@link #start(Path, String...)} with every timer of the app on {@code clock}: nothing times out
   * until the test advances it, and then exactly at its bound, so a test shows a timeout neither
   * early nor late without waiting for it.
   */
  static RpcApp startOnClock(Path home, ManualClock clock, String... extraArgs) {
    RpcApp app = new RpcApp(home, arguments(home, extraArgs), Map.of(), clock);
    app.awaitStarted();
    return app;
  }

  /**
   * Starts the app as a {@code java} subprocess with {@code --rpc --home home} and {@code args}
   * (which must give {@code --port}), and waits for {@code gateway.started}.
   */
  public static RpcApp startProcess(Path home, Path stderrFile, String... args) throws IOException {
    return startProcess(home, stderrFile, Map.of(), args);
  }

  /** {@link #startProcess(Path, Path, String...)} with {@code env} added to its environment. */
  public static RpcApp startProcess(
      Path home, Path stderrFile, Map<String, String> env, String... args) throws IOException {
    return startProcess(Main.class, home, stderrFile, env, args);
  }

  /**
   * {@link #startProcess(Path, Path, Map, String...)} with another main class (one that ends in
   * {@link Main}).
   */
  public static RpcApp startProcess(
      Class<?> main, Path home, Path stderrFile, Map<String, String> env, String... args)
      throws IOException {
    List<String> all = new ArrayList<>(List.of("--rpc", "--home", home.toString()));
    all.addAll(List.of(args));
    RpcApp app = new RpcApp(main, home, all, stderrFile, env);
    app.awaitStarted();
    return app;
  }

  /**
   * Runs {@code command}, a program that runs the app in {@code --rpc} mode for {@code home} (the
   * {@code ./gateway} launcher, say), and waits for {@code gateway.started}, at most {@code
   * startWait}: a launcher may first make a class-data archive.
   */
  static RpcApp startCommand(
      List<String> command, Path home, Path stderrFile, Map<String, String> env, Duration startWait)
      throws IOException {
    RpcApp app = new RpcApp(command, home, stderrFile, env);
    app.output.await(
        "gateway.started",
        line -> line.path("event").asText().equals("gateway.started"),
        () -> app.exitCode.isDone() ? "the app exited; stderr:\n" + app.stderr() : "",
        startWait);
    return app;
  }

  private static List<String> arguments(Path home, String... extraArgs) {
    List<String> args = new ArrayList<>(List.of("--rpc", "--port", "0", "--home", home.toString()));
    args.addAll(List.of(extraArgs));
    return args;
  }

  /**
   * Waits for a gateway process's {@code gateway.started} as long as the product's own starters do
   * ({@link DetachedGatewayStarter#START_WAIT}): a JVM's start on a busy machine takes longer than
   * the {@link #WAIT} of a running gateway's answers.
   */
  private void awaitStarted() {
    output.await(
        "gateway.started",
        line -> line.path("event").asText().equals("gateway.started"),
        () -> exitCode.isDone() ? "the app exited; stderr:\n" + stderr() : "",
        DetachedGatewayStarter.START_WAIT);
  }

  /** The first line, {@code gateway.started}. */
  JsonNode started() {
    return lines().get(0);
  }

  public URI url() {
    return URI.create(started().get("url").asText());
  }

  Path tokenFile() {
    return Path.of(started().get("tokenFile").asText());
  }

  Path home() {
    return home;
  }

  /** The gateway token, read from the token file as a provider started by hand would. */
  String token() {
    try {
      return Files.readString(tokenFile()).strip();
    } catch (IOException e) {
      throw new AssertionError("cannot read the token file " + tokenFile(), e);
    }
  }

  /** Writes one line to the app's input. */
  void send(String line) {
    input.accept(line + "\n");
  }

  /**
   * Sends {@code command} (a JSON object text without {@code id}) with a fresh numeric id and waits
   * for the reply that echoes it.
   */
  public JsonNode request(String command) {
    return reply(sendWithId(command));
  }

  /** Sends a command and returns its id without waiting for the reply. */
  int sendWithId(String command) {
    int id = ++nextId;
    send("{\"id\":" + id + "," + command.strip().substring(1));
    return id;
  }

  /** The reply that echoes {@code id}, waiting for it. */
  JsonNode reply(JsonNode id) {
    return awaitLine("the reply to id " + id, line -> line.has("ok") && id.equals(line.get("id")));
  }

  /** {@link #reply(JsonNode)} for a numeric id of {@link #sendWithId}. */
  JsonNode reply(int id) {
    return reply(CODEC.parseJson(Integer.toString(id)));
  }

  /**
   * Returns once the gateway loop has run what was queued on it before now (commands sent, messages
   * providers sent that it has read): the reply to a {@code sessions.list} sent now.
   */
  void loopCaughtUp() {
    request("{\"cmd\":\"sessions.list\"}");
  }

  /**
   * Whether no reply to {@code id} came before the reply to a command sent now (a {@code
   * sessions.list}), so without waiting to see. The app hands each command to the gateway loop in
   * the order read, the loop runs what a timer or an earlier command queued before it, and replies
   * are written in the order they are given: a reply the gateway had decided before reading the
   * question comes out first. On a manual clock, asked after advancing, this shows that nothing
   * fell due by then; asked after sending {@code id}, that the command's deadlines are on the
   * clock.
   */
  boolean noReplyBeforeALaterOne(int id) {
    loopCaughtUp();
    JsonNode echoed = CODEC.parseJson(Integer.toString(id));
    return lines().stream().noneMatch(line -> line.has("ok") && echoed.equals(line.get("id")));
  }

  /**
   * A provider bound to {@code session} as {@code name} with {@code helloFields} ({@link
   * WsProvider#bound}), closed by {@link #close} before the app stops.
   */
  WsProvider provider(String session, String name, String helloFields) {
    WsProvider provider = WsProvider.bound(url(), token(), session, name, helloFields);
    providers.add(provider);
    return provider;
  }

  /** Starts a session and returns its id. */
  public String startSession() {
    JsonNode reply =
        request("{\"cmd\":\"session.start\",\"label\":\"test\",\"cwd\":\"/code/test\"}");
    assertThat(reply.get("ok").asBoolean()).as("session.start: %s", reply).isTrue();
    return reply.get("sessionId").asText();
  }

  /** The first event line named {@code event} that satisfies {@code filter}, waiting for it. */
  JsonNode awaitEvent(String event, Predicate<JsonNode> filter) {
    return awaitLine(
        "event " + event,
        line -> event.equals(line.path("event").asText(null)) && filter.test(line));
  }

  JsonNode awaitEvent(String event) {
    return awaitEvent(event, line -> true);
  }

  /**
   * {@link #awaitEvent(String, Predicate)}, waiting at most {@code wait}: for what a process of
   * another's starts (a Node MCP server's first tools), whose cold start on a loaded machine is not
   * the gateway's to bound.
   */
  JsonNode awaitEvent(String event, Predicate<JsonNode> filter, Duration wait) {
    return output.await(
        "event " + event,
        line -> event.equals(line.path("event").asText(null)) && filter.test(line),
        () -> "stderr:\n" + stderr(),
        wait);
  }

  /** The first output line matching {@code filter}, waiting at most {@link #WAIT}. */
  JsonNode awaitLine(String what, Predicate<JsonNode> filter) {
    return output.await(what, filter, () -> "stderr:\n" + stderr());
  }

  /** Every output line so far, parsed. */
  List<JsonNode> lines() {
    return output.snapshot();
  }

  /** Ends the app's input (EOF), as a script closing the pipe does. */
  public void endInput() {
    endOfInput.run();
  }

  /** The exit code, waiting for the app to stop. */
  public int awaitExit() {
    try {
      return exitCode.get(WAIT.toMillis() + 5_000, TimeUnit.MILLISECONDS);
    } catch (Exception e) {
      throw new AssertionError("the app did not stop; stderr:\n" + stderr(), e);
    }
  }

  /** What the app wrote to stderr. */
  public String stderr() {
    return errors.get();
  }

  /**
   * What the app wrote to stderr, once it holds every one of {@code parts}, waiting at most {@link
   * #WAIT}: the app's log is written by a thread of its own, a moment after what it tells of.
   */
  String awaitStderr(String... parts) {
    return Await.value(
        WAIT,
        () -> {
          String written = stderr();
          return Arrays.stream(parts).allMatch(written::contains) ? written : null;
        },
        () -> "stderr with all of " + List.of(parts) + "; it has:\n" + stderr());
  }

  /**
   * Stops the app quickly if the test has not: a short goodbye deadline, so a provider the test
   * left connected does not hold teardown for the default 10 s.
   */
  @Override
  public void close() {
    closeProviders();
    input.accept("{\"cmd\":\"shutdown\",\"deadlineMs\":300}\n");
    endOfInput.run();
    try {
      exitCode.get(WAIT.toMillis() + 5_000, TimeUnit.MILLISECONDS);
    } catch (Exception e) {
      // The test has failed already or will: nothing to add by failing here.
    } finally {
      if (process != null) {
        process.destroyForcibly();
      }
    }
  }

  /**
   * Closes the providers {@link #provider} bound and waits until the gateway has them gone: one it
   * still counted as bound would hold the stop for its goodbye until the deadline, which on a
   * manual clock nobody advances.
   */
  private void closeProviders() {
    providers.forEach(WsProvider::close);
    try {
      for (WsProvider provider : providers) {
        JsonNode id = provider.ack.get("providerId");
        awaitEvent("provider.disconnected", event -> id.equals(event.get("providerId")));
      }
    } catch (AssertionError e) {
      // The test has failed already (the app stopped, say): stopping goes on all the same.
    }
  }

  /**
   * In-process: the app's next write to stdout blocks until {@link #resumeReadingOutput}, as a full
   * pipe does.
   */
  void stopReadingOutput() {
    output.gate.close();
  }

  void resumeReadingOutput() {
    output.gate.open();
  }

  /** Blocks writers while closed, like a pipe nobody reads. */
  private static final class Gate {
    private boolean closed;

    synchronized void close() {
      closed = true;
    }

    synchronized void open() {
      closed = false;
      notifyAll();
    }

    synchronized void pass() {
      while (closed) {
        try {
          wait();
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          return;
        }
      }
    }
  }

  /**
   * The app's stdout: split into lines, each parsed as JSON (a line that is not fails the test).
   */
  private static final class LineRecorder extends OutputStream {
    final Gate gate = new Gate();
    private final ByteArrayOutputStream pending = new ByteArrayOutputStream();

    /** Parsed lines. Guarded by this. */
    private final List<JsonNode> lines = new ArrayList<>();

    /** Lines that were not JSON objects. Guarded by this. */
    private final List<String> garbage = new ArrayList<>();

    @Override
    public synchronized void write(int b) {
      if (b == '\n') {
        String line = pending.toString(StandardCharsets.UTF_8);
        pending.reset();
        try {
          JsonNode json = CODEC.parseJson(line);
          if (json.isObject()) {
            lines.add(json);
          } else {
            garbage.add(line);
          }
        } catch (IllegalArgumentException e) {
          garbage.add(line);
        }
        notifyAll();
      } else {
        pending.write(b);
      }
    }

    @Override
    public void write(byte[] bytes, int offset, int length) {
      gate.pass(); // outside the lock: a blocked writer must not keep readers from the lines
      record(bytes, offset, length);
    }

    private synchronized void record(byte[] bytes, int offset, int length) {
      for (int i = offset; i < offset + length; i++) {
        write(bytes[i]);
      }
    }

    synchronized List<JsonNode> snapshot() {
      assertThat(garbage).as("stdout lines that are not JSON objects").isEmpty();
      return List.copyOf(lines);
    }

    synchronized JsonNode await(String what, Predicate<JsonNode> filter, Supplier<String> more) {
      return await(what, filter, more, WAIT);
    }

    synchronized JsonNode await(
        String what, Predicate<JsonNode> filter, Supplier<String> more, Duration wait) {
      long deadline = System.nanoTime() + wait.toNanos();
      int checked = 0;
      while (true) {
        assertThat(garbage).as("stdout lines that are not JSON objects").isEmpty();
        for (; checked < lines.size(); checked++) {
          if (filter.test(lines.get(checked))) {
            return lines.get(checked);
          }
        }
        long left = deadline - System.nanoTime();
        if (left <= 0) {
          throw new AssertionError(
              "no " + what + " within " + wait + "; stdout so far:\n" + render() + more.get());
        }
        try {
          TimeUnit.NANOSECONDS.timedWait(this, left);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          throw new AssertionError(e);
        }
      }
    }

    private String render() {
      StringBuilder text = new StringBuilder();
      lines.forEach(line -> text.append(line).append('\n'));
      return text.toString();
    }
  }
}
