package io.github.providergateway.app;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.gateway.CallResult;
import io.github.providergateway.gateway.HostApi;
import io.github.providergateway.gateway.GatewayListener;
import io.github.providergateway.gateway.HookDecision;
import io.github.providergateway.gateway.HostException;
import io.github.providergateway.gateway.HostTool;
import io.github.providergateway.gateway.PromptResult;
import io.github.providergateway.gateway.ProviderInfo;
import io.github.providergateway.gateway.Scheduler;
import io.github.providergateway.gateway.SessionHost;
import io.github.providergateway.gateway.SessionSpec;
import io.github.providergateway.gateway.SystemScheduler;
import io.github.providergateway.gateway.ToolOutcome;
import io.github.providergateway.protocol.SessionInfo;
import io.github.providergateway.protocol.StreamEntry;
import io.github.providergateway.transport.ws.GatewayClient;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The interactive console: a person plays the agent host. It starts a default session at once so
 * a provider can bind, shows what the gateway asks of the host as it happens (timeline logs,
 * turns providers start, tool registrations, providers coming and going), and reads one command
 * per line until {@code quit} or the end of input. Works the same in a terminal and with piped
 * input: each command finishes before the next is read, so piped scripts give ordered output.
 */
final class ConsoleHost implements FrontEnd {

  /** How long a command waits for the gateway; tool calls end by their own timeout long before. */
  private static final Duration COMMAND_LIMIT = Duration.ofMinutes(10);

  private static final Duration STOP_DEADLINE = RpcHost.DEFAULT_DEADLINE;
  private static final Duration SIGNAL_DEADLINE = Duration.ofSeconds(2);
  private static final Duration WATCH_INTERVAL = Duration.ofSeconds(1);
  private static final int STREAM_DEFAULT_LAST = 20;
  private static final DateTimeFormatter TIME =
      DateTimeFormatter.ofPattern("HH:mm:ss").withZone(ZoneId.systemDefault());
  private static final Pattern SHELL_SAFE = Pattern.compile("[A-Za-z0-9_./:=@%+-]+");

  private static final String HELP =
      String.join(
          "\n",
          "Commands (the current session is marked * in 'sessions'):",
          "  sessions                      list sessions",
          "  start [label]                 start a session and make it current",
          "  use <session>                 make a session current (an id or its first letters)",
          "  idle                          tell the current session's providers it is idle",
          "  end [session] [deadlineMs]    end a session (default: the current one)",
          "  providers                     list connected providers",
          "  tools                         the current session's tools, as the agent sees them",
          "  call <tool> [json]            call a tool, e.g.  call greet {\"name\":\"Ada\"}",
          "  hook <tool> [json]            what the pre-tool hooks decide (runs nothing)",
          "  prompt [text]                 the system prompt after providers' transforms",
          "  event <name> [json]           send a session event, e.g.  event user.message {\"text\":\"hi\"}",
          "  stream <stream@provider> [n]  a stream's newest n events (default 20)",
          "  watch <stream@provider>       print a stream's new events as they arrive",
          "  unwatch [stream@provider]     stop watching (all, without a name)",
          "  help                          this list",
          "  quit                          end every session and stop (so does end of input)");

  private final BufferedReader in;
  private final PrintStream out;
  private final PrintStream err;
  private final boolean interactive;
  private final Events events = new Events();
  /** The gateway once started; read by the signal hook and the watch timer. */
  private volatile RunningGateway running;
  /** With {@code attach}: the connection to a gateway running elsewhere; else null. */
  private volatile GatewayClient client;
  /** What commands drive: the embedded gateway, or the client of an attached one. */
  private volatile HostApi api;
  /** The session commands act on, or {@code null}. Reader thread only. */
  private String current;
  /** Streams being watched, by name. Reader thread and timer. */
  private final Map<String, Watch> watches = new ConcurrentHashMap<>();
  /** Set once the stop has been reported. */
  private final AtomicBoolean stopping = new AtomicBoolean();
  /** Times the watches; created with the gateway. */
  private SystemScheduler timer;

  ConsoleHost(InputStream in, OutputStream out, PrintStream err, boolean interactive) {
    this.in = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
    this.out = new PrintStream(out, true, StandardCharsets.UTF_8);
    this.err = err;
    this.interactive = interactive;
  }

  @Override
  public int run(AppOptions options) {
    try {
      running = RunningGateway.start(options, events);
    } catch (StartupException e) {
      err.println("gateway: " + e.getMessage());
      return Main.EXIT_START_FAILED;
    }
    api = running.gateway();
    timer = new SystemScheduler();
    banner(options);
    try {
      SessionInfo session =
          await(
              gateway()
                  .startSession(
                      SessionSpec.of("console", System.getProperty("user.dir")), events));
      current = session.id();
      say("Session " + session.id() + " (\"console\") started, so a provider can bind to it now.");
    } catch (CommandFailed e) {
      say("Could not start the default session: " + e.getMessage());
    }
    say("Type 'help' for commands; 'quit' or end of input stops the gateway.");
    serve();
    stop(STOP_DEADLINE);
    return Main.EXIT_OK;
  }

  /**
   * {@code gateway attach}: the console on the gateway already running for {@code home}. It
   * observes every session's timeline and may drive any of them; sessions it starts end when it
   * quits, the gateway and the others stay. It follows the gateway through a restart.
   */
  int attach(Path home, int port) {
    try {
      client =
          GatewayClient.connect(
              home, port, GatewayClient.Options.builder().observer(true).listener(new Attached()).build());
    } catch (java.io.IOException e) {
      err.println("gateway attach: " + e.getMessage());
      return Main.EXIT_START_FAILED;
    }
    api = client;
    timer = new SystemScheduler();
    say("Provider gateway " + Version.text() + ": attached to the gateway for " + home);
    try {
      List<SessionInfo> sessions = await(api.sessions());
      if (sessions.isEmpty()) {
        say("It has no sessions; 'start [label]' makes one (it ends when you quit).");
      } else {
        current = sessions.get(0).id();
        listSessions();
        say("Current session: " + current + " ('use <session>' picks another).");
      }
    } catch (CommandFailed e) {
      say("Could not list its sessions: " + e.getMessage());
    }
    say("Type 'help' for commands; 'quit' or end of input detaches and leaves the gateway running.");
    serve();
    stop(STOP_DEADLINE);
    return Main.EXIT_OK;
  }

  @Override
  public void stopOnSignal() {
    if (running != null || client != null) {
      stop(SIGNAL_DEADLINE);
    }
  }

  private void stop(Duration deadline) {
    watches.values().forEach(Watch::cancel);
    watches.clear();
    if (client != null) {
      if (stopping.compareAndSet(false, true)) {
        client.close(); // ends only the sessions started here
        if (timer != null) {
          timer.close();
        }
        say("Detached; the gateway keeps running.");
      }
      return;
    }
    // Safe twice (end of input, then the hook System.exit runs): a second caller waits for the
    // first stop to finish, so the JVM never halts half-way through it.
    running.stop(deadline);
    if (stopping.compareAndSet(false, true)) {
      if (timer != null) {
        timer.close();
      }
      say("Gateway stopped; token file removed.");
    }
  }

  private HostApi gateway() {
    return api;
  }

  /** The port of sessions started here: attached, the observer listener prints their lines. */
  private SessionHost sessionHost() {
    return client != null ? SILENT : events;
  }

  private static final SessionHost SILENT =
      new SessionHost() {
        @Override
        public void registerTools(String sessionId, List<HostTool> tools) {}

        @Override
        public void log(String sessionId, String source, String message) {}

        @Override
        public void send(String sessionId, String source, String prompt) {}
      };

  private void banner(AppOptions options) {
    String token = shellQuote(running.tokenFile().toString());
    say("Provider gateway " + Version.text());
    say("  listening on  " + running.url());
    say("  token file    " + running.tokenFile());
    say("  home          " + options.home());
    if (options.config() != null) {
      say("  config        " + options.config());
      for (String problem : running.configProblems()) {
        say("  config problem (entry not started): " + problem);
      }
    }
    say("");
    say("Connect a provider from another terminal, for example this repository's Node example:");
    say("  export TAP_PROVIDER_TOKEN=$(cat " + token + ")");
    say("  export TAP_GATEWAY_URL=" + running.url());
    say("  node examples/node/provider.mjs        # or: python3 examples/python/provider.py");
    if (running.port() != 9400) {
      say("(The core profile's own examples connect to ws://localhost:9400; start with --port 9400 for them.)");
    }
    say("");
  }

  private static String shellQuote(String text) {
    return SHELL_SAFE.matcher(text).matches() ? text : "'" + text.replace("'", "'\\''") + "'";
  }

  /** Reads commands until {@code quit} or the end of input. */
  private void serve() {
    while (true) {
      prompt();
      String line;
      try {
        line = in.readLine();
      } catch (IOException e) {
        err.println("gateway: cannot read input any more (" + e.getMessage() + "); stopping");
        return;
      }
      if (line == null) {
        return;
      }
      String trimmed = line.strip();
      if (trimmed.isEmpty() || trimmed.startsWith("#")) {
        continue;
      }
      String[] parts = trimmed.split("\\s+", 2);
      String command = parts[0].toLowerCase(java.util.Locale.ROOT);
      String rest = parts.length > 1 ? parts[1].strip() : "";
      if (command.equals("quit") || command.equals("exit")) {
        return;
      }
      try {
        execute(command, rest);
      } catch (CommandFailed e) {
        say("error: " + e.getMessage());
      }
    }
  }

  private void prompt() {
    if (interactive) {
      out.print("> ");
      out.flush();
    }
  }

  private void execute(String command, String rest) {
    switch (command) {
      case "help":
      case "?":
        say(HELP);
        break;
      case "sessions":
        listSessions();
        break;
      case "start":
        startSession(rest);
        break;
      case "use":
        current = resolveSession(rest);
        say("Current session: " + current);
        break;
      case "idle":
        await(gateway().idle(requireCurrent()));
        say("Session " + current + " is idle; its providers were told.");
        break;
      case "end":
        endSession(rest);
        break;
      case "providers":
        listProviders();
        break;
      case "tools":
        listTools();
        break;
      case "call":
        callTool(rest);
        break;
      case "hook":
        hook(rest);
        break;
      case "prompt":
        showPrompt(rest);
        break;
      case "event":
        sendEvent(rest);
        break;
      case "stream":
        showStream(rest);
        break;
      case "watch":
        watch(rest);
        break;
      case "unwatch":
        unwatch(rest);
        break;
      default:
        throw new CommandFailed("unknown command '" + command + "'; type 'help'");
    }
  }

  // ---- sessions ----

  private void listSessions() {
    List<SessionInfo> sessions = await(gateway().sessions());
    if (sessions.isEmpty()) {
      say("No sessions. Start one with 'start [label]'.");
      return;
    }
    for (SessionInfo session : sessions) {
      String mark = session.id().equals(current) ? "* " : "  ";
      say(mark + session.id() + "  " + orDash(session.label()) + "  " + orDash(session.cwd()));
    }
  }

  private void startSession(String label) {
    SessionInfo session =
        await(
            gateway()
                .startSession(
                    SessionSpec.of(label.isEmpty() ? null : label, System.getProperty("user.dir")),
                    sessionHost()));
    current = session.id();
    say("Session " + session.id() + " started; it is now the current session.");
  }

  private void endSession(String rest) {
    String[] args = rest.isEmpty() ? new String[0] : rest.split("\\s+");
    String id = args.length > 0 ? resolveSession(args[0]) : requireCurrent();
    Duration deadline = STOP_DEADLINE;
    if (args.length > 1) {
      try {
        deadline = Duration.ofMillis(Long.parseLong(args[1]));
      } catch (NumberFormatException e) {
        throw new CommandFailed("deadlineMs must be a number of milliseconds, was '" + args[1] + "'");
      }
    }
    say("Ending session " + id + " (providers have " + deadline.toMillis() + " ms to say goodbye)...");
    await(gateway().endSession(id, deadline));
    if (id.equals(current)) {
      List<SessionInfo> left = await(gateway().sessions());
      current = left.isEmpty() ? null : left.get(0).id();
    }
    say("Session " + id + " ended." + (current == null ? " No session is left; 'start' makes one." : ""));
  }

  private String resolveSession(String text) {
    if (text.isEmpty()) {
      throw new CommandFailed("name a session: an id, or its first letters");
    }
    List<String> matches = new ArrayList<>();
    for (SessionInfo session : await(gateway().sessions())) {
      if (session.id().equals(text)) {
        return session.id();
      }
      if (session.id().startsWith(text)) {
        matches.add(session.id());
      }
    }
    if (matches.size() == 1) {
      return matches.get(0);
    }
    throw new CommandFailed(
        matches.isEmpty()
            ? "no session '" + text + "'; 'sessions' lists them"
            : "'" + text + "' matches several sessions: " + String.join(", ", matches));
  }

  private String requireCurrent() {
    if (current == null) {
      throw new CommandFailed("no current session; 'start' makes one");
    }
    return current;
  }

  // ---- providers and tools ----

  private void listProviders() {
    List<ProviderInfo> providers = await(gateway().providers());
    if (providers.isEmpty()) {
      say("No providers connected.");
      return;
    }
    for (ProviderInfo provider : providers) {
      say(
          "  "
              + describe(provider)
              + "  "
              + provider.trust().wireName()
              + "  sessions: "
              + String.join(", ", provider.sessions())
              + "  tools: "
              + (provider.tools().isEmpty() ? "-" : String.join(", ", provider.tools())));
    }
  }

  private void listTools() {
    List<HostTool> tools = await(gateway().tools(requireCurrent()));
    if (tools.isEmpty()) {
      say("No provider tools in session " + current + ".");
      return;
    }
    int width = tools.stream().mapToInt(tool -> tool.name().length()).max().orElse(0);
    for (HostTool tool : tools) {
      say(
          "  "
              + pad(tool.name(), width)
              + "  ["
              + tool.provider()
              + "]  "
              + tool.description());
      say("  " + pad("", width) + "  parameters: " + HostJson.CODEC.writeJson(tool.parameters()));
    }
  }

  private void callTool(String rest) {
    ToolAndJson call = toolAndJson(rest, "call <tool> [json args]");
    CallResult result = await(gateway().callTool(requireCurrent(), call.tool, call.json, null));
    for (String context : result.context()) {
      say("  context: " + context);
    }
    ToolOutcome outcome = result.outcome();
    if (outcome instanceof ToolOutcome.Success) {
      ToolOutcome.Success success = (ToolOutcome.Success) outcome;
      if (success.file() != null) {
        say(
            "ok: a file result, "
                + success.file().mimeType()
                + ", "
                + success.file().bytes().length
                + " bytes");
      } else {
        say("ok: " + readable(success.data()));
      }
    } else if (outcome instanceof ToolOutcome.Failure) {
      ToolOutcome.Failure failure = (ToolOutcome.Failure) outcome;
      say("failed (" + failure.codeText() + "): " + failure.error());
    } else {
      say("denied by a hook: " + ((ToolOutcome.Denied) outcome).reason());
    }
  }

  private void hook(String rest) {
    ToolAndJson call = toolAndJson(rest, "hook <tool> [json args]");
    HookDecision decision = await(gateway().preToolUse(requireCurrent(), call.tool, call.json));
    say(decision.allowed() ? "allow" : "deny: " + decision.reason());
    for (String context : decision.context()) {
      say("  context: " + context);
    }
  }

  private void showPrompt(String text) {
    PromptResult result =
        await(gateway().onPrompt(requireCurrent(), text, DefaultPrompt.sections()));
    result.sections().forEach((name, body) -> say("## " + name + "\n" + body + "\n"));
    if (!result.context().isEmpty()) {
      say("## context (ambient, from providers)");
      result.context().forEach(context -> say("- " + context));
    }
    if (!result.startupContext().isEmpty()) {
      say("## startup context");
      result.startupContext().forEach(context -> say("- " + context));
    }
  }

  private void sendEvent(String rest) {
    ToolAndJson event = toolAndJson(rest, "event <name> [json data]");
    await(gateway().emit(requireCurrent(), event.tool, event.json));
    say("Sent " + event.tool + " to session " + current + "'s subscribed providers.");
  }

  // ---- streams ----

  private void showStream(String rest) {
    String[] args = rest.isEmpty() ? new String[0] : rest.split("\\s+");
    if (args.length == 0) {
      throw new CommandFailed("usage: stream <stream@provider> [n]");
    }
    int last = STREAM_DEFAULT_LAST;
    if (args.length > 1) {
      try {
        last = Integer.parseInt(args[1]);
      } catch (NumberFormatException e) {
        throw new CommandFailed("n must be a number, was '" + args[1] + "'");
      }
    }
    List<StreamEntry> entries =
        await(gateway().queryStreams(requireCurrent(), List.of(args[0]), last))
            .getOrDefault(args[0], List.of());
    if (entries.isEmpty()) {
      say("No events in " + args[0] + ".");
      return;
    }
    List<StreamEntry> oldestFirst = new ArrayList<>(entries);
    Collections.reverse(oldestFirst);
    oldestFirst.forEach(entry -> say("  " + describe(entry)));
  }

  private void watch(String stream) {
    if (stream.isEmpty() || stream.contains(" ")) {
      throw new CommandFailed("usage: watch <stream@provider>");
    }
    String session = requireCurrent();
    // Check the name now, so a typo is reported here and not by the timer.
    List<StreamEntry> now = await(gateway().queryStreams(session, List.of(stream), 1)).get(stream);
    Watch watch = new Watch(session, stream, now.isEmpty() ? null : now.get(0));
    Watch before = watches.put(stream, watch);
    if (before != null) {
      before.cancel();
    }
    watch.schedule();
    say("Watching " + stream + " in session " + session + "; 'unwatch' stops.");
  }

  private void unwatch(String stream) {
    if (stream.isEmpty()) {
      watches.values().forEach(Watch::cancel);
      watches.clear();
      say("Stopped every watch.");
      return;
    }
    Watch watch = watches.remove(stream);
    if (watch == null) {
      throw new CommandFailed("not watching " + stream);
    }
    watch.cancel();
    say("Stopped watching " + stream + ".");
  }

  /**
   * Polls one stream and prints what is new. The gateway has no stream subscription for hosts,
   * and {@code keep} pushes reach no host callback, so asking once a second is what shows them.
   */
  private final class Watch {
    private final String session;
    private final String stream;
    /** The newest entry printed so far. Timer thread only, after construction. */
    private StreamEntry newestSeen;
    private volatile Scheduler.Cancellable next;
    private volatile boolean cancelled;

    Watch(String session, String stream, StreamEntry newestSeen) {
      this.session = session;
      this.stream = stream;
      this.newestSeen = newestSeen;
    }

    void schedule() {
      if (!cancelled) {
        next = timer.schedule(WATCH_INTERVAL, this::poll);
      }
    }

    void cancel() {
      cancelled = true;
      Scheduler.Cancellable pending = next;
      if (pending != null) {
        pending.cancel();
      }
    }

    private void poll() {
      gateway()
          .queryStreams(session, List.of(stream), Integer.MAX_VALUE)
          .whenComplete(
              (history, error) -> {
                if (error != null) {
                  say("[watch " + stream + "] stopped: " + rootMessage(error));
                  watches.remove(stream, this);
                  return;
                }
                printNew(history.getOrDefault(stream, List.of()));
                schedule();
              });
    }

    private void printNew(List<StreamEntry> newestFirst) {
      List<StreamEntry> fresh = new ArrayList<>();
      for (StreamEntry entry : newestFirst) {
        if (entry.equals(newestSeen)) {
          break;
        }
        fresh.add(entry);
      }
      if (fresh.isEmpty() || cancelled) {
        return;
      }
      newestSeen = fresh.get(0);
      Collections.reverse(fresh);
      fresh.forEach(entry -> say("[" + stream + "] " + describe(entry)));
    }
  }

  // ---- helpers ----

  private static final class ToolAndJson {
    final String tool;
    final JsonNode json;

    ToolAndJson(String tool, JsonNode json) {
      this.tool = tool;
      this.json = json;
    }
  }

  private static ToolAndJson toolAndJson(String rest, String usage) {
    if (rest.isEmpty()) {
      throw new CommandFailed("usage: " + usage);
    }
    String[] parts = rest.split("\\s+", 2);
    JsonNode json = HostJson.NODES.objectNode();
    if (parts.length > 1) {
      try {
        json = HostJson.CODEC.parseJson(parts[1]);
      } catch (IllegalArgumentException e) {
        throw new CommandFailed("the JSON does not parse: " + e.getMessage());
      }
      if (!json.isObject()) {
        throw new CommandFailed("the JSON must be an object, like {\"name\":\"Ada\"}");
      }
    }
    return new ToolAndJson(parts[0], json);
  }

  private static String readable(JsonNode data) {
    if (data.isTextual()) {
      return data.textValue();
    }
    return data.isContainerNode() ? "\n" + data.toPrettyString() : data.toString();
  }

  private static String describe(ProviderInfo provider) {
    String name = provider.instance() == null ? provider.name() : provider.name() + "#" + provider.instance();
    return name + " (" + provider.providerId() + ")";
  }

  private static String describe(StreamEntry entry) {
    String level = entry.level() == null ? "" : "[" + entry.level().wireName() + "] ";
    String metadata = entry.metadata() == null ? "" : "  " + HostJson.CODEC.writeJson(entry.metadata());
    return TIME.format(entry.ts()) + "  " + level + entry.event() + metadata;
  }

  private static String orDash(String text) {
    return text == null || text.isEmpty() ? "-" : text;
  }

  private static String pad(String text, int width) {
    return text.length() >= width ? text : text + " ".repeat(width - text.length());
  }

  /** Prints whole lines; events from the gateway loop and command output never interleave. */
  private void say(String text) {
    synchronized (out) {
      out.println(text);
    }
  }

  /** The future's value; a refused request becomes a {@link CommandFailed} with its reason. */
  private static <T> T await(CompletableFuture<T> future) {
    try {
      return future.get(COMMAND_LIMIT.toMillis(), TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new CommandFailed("interrupted");
    } catch (TimeoutException e) {
      throw new CommandFailed("no answer within " + COMMAND_LIMIT.toMinutes() + " minutes");
    } catch (ExecutionException e) {
      throw new CommandFailed(rootMessage(e));
    }
  }

  private static String rootMessage(Throwable error) {
    Throwable cause = error;
    while ((cause instanceof ExecutionException || cause instanceof java.util.concurrent.CompletionException)
        && cause.getCause() != null) {
      cause = cause.getCause();
    }
    if (cause instanceof HostException) {
      return cause.getMessage();
    }
    return String.valueOf(cause);
  }

  /** A command that could not be done; its message is shown as {@code error: ...}. */
  private static final class CommandFailed extends RuntimeException {
    private static final long serialVersionUID = 1L;

    CommandFailed(String message) {
      super(message, null, false, false);
    }
  }

  /** An attached console's view of the gateway, shown as it happens. On the client's thread. */
  private final class Attached implements GatewayClient.Listener {
    @Override
    public void providerConnected(String providerId, String name, String instance) {
      say("+ provider " + (instance == null ? name : name + "#" + instance) + " (" + providerId + ") connected");
    }

    @Override
    public void providerDisconnected(String providerId, String name, String instance) {
      say("- provider " + (instance == null ? name : name + "#" + instance) + " (" + providerId + ") left");
    }

    @Override
    public void sessionLog(String sessionId, String source, String message) {
      events.log(sessionId, source, message);
    }

    @Override
    public void sessionSend(String sessionId, String source, String prompt) {
      events.send(sessionId, source, prompt);
    }

    @Override
    public void toolsChanged(String sessionId, List<String> tools) {
      say("[" + sessionId + "] tools now: " + (tools.isEmpty() ? "(none)" : String.join(", ", tools)));
    }

    @Override
    public void sessionEnded(String sessionId) {
      say("[" + sessionId + "] session ended");
    }

    @Override
    public void connectionLost(String reason) {
      say("! connection to the gateway lost (" + reason + "); reconnecting...");
    }

    @Override
    public void reconnected(boolean freshGateway) {
      say(
          freshGateway
              ? "! reconnected to a new gateway (the old one is gone); its hosts register their"
                  + " sessions again and providers re-register as they notice ('sessions' lists them)"
              : "! reconnected to the same gateway");
    }

    @Override
    public void sessionReplaced(String sessionId, String gatewaySessionId) {
      say("! session " + sessionId + " is " + gatewaySessionId + " on the new gateway");
    }
  }

  /** What the gateway asks of the host, shown as it happens. Called on the gateway loop. */
  private final class Events implements SessionHost, GatewayListener {

    @Override
    public void registerTools(String sessionId, List<HostTool> tools) {
      say(
          "["
              + sessionId
              + "] tools now: "
              + (tools.isEmpty()
                  ? "(none)"
                  : tools.stream().map(HostTool::name).collect(Collectors.joining(", "))));
    }

    @Override
    public void log(String sessionId, String source, String message) {
      say("[" + sessionId + "] " + source + ": " + message);
    }

    @Override
    public void send(String sessionId, String source, String prompt) {
      say("[" + sessionId + "] " + source + " starts an agent turn: " + prompt);
    }

    @Override
    public void providerConnected(ProviderInfo provider) {
      say(
          "+ provider "
              + describe(provider)
              + " connected, "
              + provider.trust().wireName()
              + " trust, session "
              + String.join(", ", provider.sessions()));
    }

    @Override
    public void providerDisconnected(ProviderInfo provider) {
      say("- provider " + describe(provider) + " left");
    }

    @Override
    public void warning(String message) {
      say("warning: " + message);
    }
  }
}
