package io.github.providergateway.app;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.providergateway.gateway.Gateway;
import io.github.providergateway.gateway.GatewayListener;
import io.github.providergateway.gateway.HostException;
import io.github.providergateway.gateway.HostTool;
import io.github.providergateway.gateway.ProviderInfo;
import io.github.providergateway.gateway.SessionHost;
import io.github.providergateway.gateway.SessionSpec;
import io.github.providergateway.protocol.Hello;
import io.github.providergateway.protocol.SessionInfo;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The {@code --rpc} host (spec/host-rpc.md): newline-delimited JSON commands on its input, one
 * JSON reply or event per line on its output, nothing else there (logs go to stderr).
 *
 * <p>One thread reads commands and hands each to the gateway without waiting for it: every reply
 * is written when its future completes, on whatever thread that is, so a {@code tool.call} that
 * waits for its provider does not hold up a {@code sessions.list} sent after it. Replies therefore
 * may come out of order; each echoes its command's {@code id}.
 *
 * <p>Input ending, or {@code shutdown}, ends every session (providers get {@code
 * shutdown.pending}), closes the gateway (the token file goes), and writes {@code gateway.stopped}
 * as the very last line.
 */
final class RpcHost implements FrontEnd {

  private static final Logger LOG = LoggerFactory.getLogger(RpcHost.class);

  /** {@code session.end}'s deadline when it names none, and the stop deadline (host-rpc.md). */
  static final Duration DEFAULT_DEADLINE = Duration.ofMillis(10_000);

  /** A signal leaves little time: providers get this long to say goodbye. */
  private static final Duration SIGNAL_DEADLINE = Duration.ofSeconds(2);

  private final BufferedReader in;
  private final JsonLineWriter out;
  private final PrintStream err;
  private final Events events = new Events();
  /** The gateway once started; read by the signal hook. */
  private volatile RunningGateway running;

  RpcHost(InputStream in, OutputStream out, PrintStream err) {
    this.in = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
    this.out = new JsonLineWriter(out);
    this.err = err;
  }

  @Override
  public int run(AppOptions options) {
    try {
      running = RunningGateway.start(options, events);
    } catch (StartupException e) {
      err.println("provider-gateway: " + e.getMessage());
      return Main.EXIT_START_FAILED;
    }
    for (String problem : running.configProblems()) {
      err.println("provider-gateway: warning: config entry not started: " + problem);
    }
    out.write(started(running));
    Duration deadline = serve();
    stop(deadline);
    return Main.EXIT_OK;
  }

  @Override
  public void stopOnSignal() {
    if (running != null) {
      stop(SIGNAL_DEADLINE);
    }
  }

  private void stop(Duration deadline) {
    running.stop(deadline);
    out.writeLast(event("gateway.stopped"));
  }

  private static ObjectNode started(RunningGateway running) {
    ObjectNode started = event("gateway.started");
    started.put("port", running.port());
    started.put("url", running.url().toString());
    started.put("tokenFile", running.tokenFile().toAbsolutePath().toString());
    started.put("protocolVersion", Hello.PROTOCOL_VERSION);
    return started;
  }

  /**
   * Reads and dispatches commands until the input ends or a {@code shutdown} arrives.
   *
   * @return the deadline providers get to say goodbye
   */
  private Duration serve() {
    while (true) {
      String line;
      try {
        line = in.readLine();
      } catch (IOException e) {
        LOG.warn("cannot read commands any more; stopping", e);
        return DEFAULT_DEADLINE;
      }
      if (line == null) {
        return DEFAULT_DEADLINE;
      }
      if (line.isBlank()) {
        continue;
      }
      Duration shutdown = handle(line);
      if (shutdown != null) {
        return shutdown;
      }
    }
  }

  /** Handles one command line; returns the stop deadline when it was {@code shutdown}. */
  private Duration handle(String line) {
    JsonNode json;
    try {
      json = HostJson.CODEC.parseJson(line);
    } catch (IllegalArgumentException e) {
      replyError(null, new RpcException(RpcErrorCode.INVALID_JSON, e.getMessage()));
      return null;
    }
    if (!json.isObject()) {
      replyError(null, new RpcException(RpcErrorCode.INVALID_JSON, "a command must be a JSON object"));
      return null;
    }
    // The reply echoes the id exactly, whatever JSON value it is; without one it has none.
    JsonNode id = json.has("id") ? json.get("id") : null;
    JsonNode cmd = json.get("cmd");
    if (cmd == null || !cmd.isTextual()) {
      replyError(
          id,
          new RpcException(
              RpcErrorCode.INVALID_ARGUMENT, "field \"cmd\" is required and must be a string"));
      return null;
    }
    RpcCommand command = RpcCommand.fromWire(cmd.textValue());
    if (command == null) {
      String known =
          Arrays.stream(RpcCommand.values())
              .map(RpcCommand::wireName)
              .collect(Collectors.joining(", "));
      replyError(
          id,
          new RpcException(
              RpcErrorCode.UNKNOWN_COMMAND,
              "unknown command \"" + cmd.textValue() + "\"; known: " + known));
      return null;
    }
    RpcArgs args = new RpcArgs(command.wireName(), json);
    if (command == RpcCommand.SHUTDOWN) {
      Duration deadline;
      try {
        deadline = orDefault(args.optionalMillis("deadlineMs"));
      } catch (RpcException e) {
        replyError(id, e);
        return null;
      }
      reply(id, HostJson.NODES.objectNode());
      return deadline;
    }
    CompletableFuture<ObjectNode> result;
    try {
      result = execute(command, args, running.gateway());
    } catch (RpcException e) {
      result = CompletableFuture.failedFuture(e);
    }
    result.whenComplete(
        (fields, error) -> {
          if (error == null) {
            reply(id, fields);
          } else {
            replyError(id, refusal(error, command));
          }
        });
    return null;
  }

  /** Starts {@code command}; the future holds the reply's fields besides {@code id} and {@code ok}. */
  private CompletableFuture<ObjectNode> execute(RpcCommand command, RpcArgs args, Gateway gateway) {
    switch (command) {
      case SESSION_START:
        return gateway
            .startSession(
                SessionSpec.of(args.optionalText("label"), args.optionalText("cwd")), events)
            .thenApply(session -> fields().put("sessionId", session.id()));
      case SESSION_IDLE:
        return gateway.idle(args.requiredText("sessionId")).thenApply(done -> fields());
      case SESSION_END:
        {
          String sessionId = args.requiredText("sessionId");
          Duration deadline = orDefault(args.optionalMillis("deadlineMs"));
          // Replied only once teardown is over (R-RPC-12): the future completes then.
          return gateway.endSession(sessionId, deadline).thenApply(done -> fields());
        }
      case SESSIONS_LIST:
        return gateway.sessions().thenApply(sessions -> list("sessions", sessions, HostJson::session));
      case TOOLS_LIST:
        return gateway
            .tools(args.requiredText("sessionId"))
            .thenApply(tools -> list("tools", tools, HostJson::tool));
      case TOOL_CALL:
        {
          String sessionId = args.requiredText("sessionId");
          String tool = args.requiredText("tool");
          ObjectNode toolArgs = args.objectOrEmpty("args");
          Duration timeout = args.optionalMillis("timeoutMs");
          return gateway
              .callTool(sessionId, tool, toolArgs, timeout)
              .thenApply(
                  call -> {
                    ObjectNode fields = fields();
                    fields.set("outcome", HostJson.outcome(call.outcome()));
                    fields.set("context", HostJson.strings(call.context()));
                    return fields;
                  });
        }
      case HOOK_PRE_TOOL_USE:
        {
          String sessionId = args.requiredText("sessionId");
          String tool = args.requiredText("tool");
          ObjectNode toolArgs = args.objectOrEmpty("args");
          return gateway
              .preToolUse(sessionId, tool, toolArgs)
              .thenApply(decision -> (ObjectNode) fields().set("decision", HostJson.decision(decision)));
        }
      case PROMPT:
        {
          String sessionId = args.requiredText("sessionId");
          String text = args.optionalText("text");
          Map<String, String> sections = args.optionalStringMap("sections");
          return gateway
              .onPrompt(
                  sessionId, text == null ? "" : text, sections == null ? DefaultPrompt.sections() : sections)
              .thenApply(HostJson::prompt);
        }
      case EVENT:
        {
          String sessionId = args.requiredText("sessionId");
          String event = args.requiredText("event");
          ObjectNode data = args.objectOrEmpty("data");
          return gateway.emit(sessionId, event, data).thenApply(done -> fields());
        }
      case STREAM_QUERY:
        {
          String sessionId = args.requiredText("sessionId");
          List<String> streams = args.requiredStrings("streams");
          // The host is not held to the providers' cap of 100 (R-RPC-23); without "last", all.
          int last = args.optionalCount("last", Integer.MAX_VALUE);
          return gateway
              .queryStreams(sessionId, streams, last)
              .thenApply(history -> (ObjectNode) fields().set("streams", HostJson.streams(history)));
        }
      case PROVIDERS_LIST:
        return gateway.providers().thenApply(providers -> list("providers", providers, HostJson::provider));
      case SHUTDOWN:
        throw new IllegalStateException("shutdown is handled by the reader, before dispatch");
    }
    throw new IllegalStateException("unhandled command " + command);
  }

  private static Duration orDefault(Duration deadline) {
    return deadline == null ? DEFAULT_DEADLINE : deadline;
  }

  private static ObjectNode fields() {
    return HostJson.NODES.objectNode();
  }

  private static <T> ObjectNode list(
      String field, List<T> items, java.util.function.Function<T, ObjectNode> shape) {
    ObjectNode fields = fields();
    ArrayNode array = fields.putArray(field);
    items.forEach(item -> array.add(shape.apply(item)));
    return fields;
  }

  /** What a failed future means: refused requests keep their code; anything else is a bug. */
  private static RpcException refusal(Throwable error, RpcCommand command) {
    Throwable cause = error;
    while ((cause instanceof CompletionException || cause instanceof ExecutionException)
        && cause.getCause() != null) {
      cause = cause.getCause();
    }
    if (cause instanceof RpcException) {
      return (RpcException) cause;
    }
    if (cause instanceof HostException) {
      HostException refused = (HostException) cause;
      return new RpcException(RpcErrorCode.of(refused.code()), refused.getMessage());
    }
    LOG.error("{} failed unexpectedly", command.wireName(), cause);
    return new RpcException(RpcErrorCode.INTERNAL, command.wireName() + " failed: " + cause);
  }

  /** Writes a success reply: {@code id} (when the command had one), {@code ok}, the fields. */
  private void reply(JsonNode id, ObjectNode fields) {
    ObjectNode reply = replyHead(id, true);
    reply.setAll(fields);
    out.write(reply);
  }

  /** Writes {@code {"id":..,"ok":false,"error":{"code":..,"message":..}}}. */
  private void replyError(JsonNode id, RpcException refusal) {
    ObjectNode reply = replyHead(id, false);
    ObjectNode error = reply.putObject("error");
    error.put("code", refusal.code().name());
    error.put("message", refusal.getMessage());
    out.write(reply);
  }

  private static ObjectNode replyHead(JsonNode id, boolean ok) {
    ObjectNode reply = HostJson.NODES.objectNode();
    if (id != null) {
      reply.set("id", id);
    }
    reply.put("ok", ok);
    return reply;
  }

  private static ObjectNode event(String name) {
    ObjectNode event = HostJson.NODES.objectNode();
    event.put("event", name);
    return event;
  }

  /** The gateway's calls into the host, each written as an event line. On the gateway loop. */
  private final class Events implements SessionHost, GatewayListener {

    @Override
    public void registerTools(String sessionId, List<HostTool> tools) {
      ObjectNode event = event("tools.changed");
      event.put("sessionId", sessionId);
      event.set("tools", HostJson.strings(tools.stream().map(HostTool::name).collect(Collectors.toList())));
      out.write(event);
    }

    @Override
    public void log(String sessionId, String source, String message) {
      ObjectNode event = event("session.log");
      event.put("sessionId", sessionId);
      event.put("message", message);
      event.put("source", source);
      out.write(event);
    }

    @Override
    public void send(String sessionId, String source, String prompt) {
      ObjectNode event = event("session.send");
      event.put("sessionId", sessionId);
      event.put("prompt", prompt);
      event.put("source", source);
      out.write(event);
    }

    @Override
    public void providerConnected(ProviderInfo provider) {
      ObjectNode event = event("provider.connected");
      event.setAll(HostJson.providerIdentity(provider));
      out.write(event);
    }

    @Override
    public void providerDisconnected(ProviderInfo provider) {
      ObjectNode event = event("provider.disconnected");
      event.setAll(HostJson.providerIdentity(provider));
      out.write(event);
    }

    @Override
    public void warning(String message) {
      LOG.warn("{}", message);
    }

    @Override
    public void sessionStarted(SessionInfo session) {
      LOG.info("session {} started", session.id());
    }
  }
}
