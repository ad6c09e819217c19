package io.github.providergateway.benchmarks;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.providergateway.gateway.Gateway;
import io.github.providergateway.protocol.json.ProtocolCodec;
import io.github.providergateway.transport.ws.WebSocketServer;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

/**
 * The gateway side of the driver's separate-process measurements, run by {@link LoadDriver} in a
 * JVM of its own so that its peak RSS and start-up time are the gateway's alone. It prints JSON
 * lines on stdout and, when done, waits for its stdin to close (the driver reads {@code
 * /proc/<pid>/status} in between).
 *
 * <ul>
 *   <li>{@code startup --home DIR}: a gateway with its home and WebSocket server on a free port;
 *       prints {@code {"event":"gateway.started","port":N}} like the reference app's {@code --rpc}
 *       mode.
 *   <li>{@code ws sequential|sequential-async|inflight K NODE_DIR [--name value...]}: a {@link
 *       WsScenario} through the gateway ({@code --sessions S}: that many sessions, provider {@code
 *       i} bound to session {@code i mod S}).
 *   <li>{@code bare sequential|sequential-async|inflight K NODE_DIR [--name value...]}: the same
 *       through the {@link BareRelay} instead of a gateway.
 *   <li>{@code local SECONDS}: {@link LocalScenario#oneThreadCallsPerSecond}.
 * </ul>
 */
public final class GatewayProcess {

  private static final ProtocolCodec JSON = ProtocolCodec.create();

  private GatewayProcess() {}

  public static void main(String[] args) throws Exception {
    LoadDriver.quietLogging();
    switch (args[0]) {
      case "startup" -> startup(Path.of(args[2]));
      case "ws" -> ws(WsScenario.Relay.GATEWAY, args);
      case "bare" -> ws(WsScenario.Relay.BARE, args);
      case "local" -> local(Integer.parseInt(args[1]));
      default -> throw new IllegalArgumentException("unknown mode " + args[0]);
    }
    // Exit even if a library left a non-daemon thread behind: the driver waits for the exit,
    // and a -XX:ArchiveClassesAtExit training run writes its archive only then.
    System.exit(0);
  }

  private static void startup(Path home) throws Exception {
    Gateway gateway = Gateway.builder().home(home).build();
    WebSocketServer server = WebSocketServer.builder(gateway).port(0).build().start();
    ObjectNode started = JsonNodeFactory.instance.objectNode();
    started.put("event", "gateway.started");
    started.put("port", server.port());
    print(started);
    awaitStdinClosed();
    server.close();
    gateway.close();
  }

  private static void ws(WsScenario.Relay relay, String[] args) throws Exception {
    Map<String, String> options = LoadDriver.options(args, 4);
    WsScenario.Config config =
        new WsScenario.Config(
            relay,
            switch (args[1]) {
              case "sequential" -> WsScenario.Kind.SEQUENTIAL;
              case "sequential-async" -> WsScenario.Kind.SEQUENTIAL_ASYNC;
              case "inflight" -> WsScenario.Kind.IN_FLIGHT;
              default -> throw new IllegalArgumentException("unknown load " + args[1]);
            },
            Integer.parseInt(args[2]),
            Integer.parseInt(options.getOrDefault("sessions", "1")),
            Path.of(args[3]),
            Integer.parseInt(options.getOrDefault("warmup-calls", "2000")),
            Integer.parseInt(options.getOrDefault("calls", "20000")),
            Integer.parseInt(options.getOrDefault("in-flight", "64")),
            Duration.ofSeconds(Long.parseLong(options.getOrDefault("warmup-seconds", "2"))),
            Duration.ofSeconds(Long.parseLong(options.getOrDefault("seconds", "10"))));
    ObjectNode result = WsScenario.run(config);
    result.put("event", "result");
    print(result);
    done();
  }

  private static void local(int seconds) throws Exception {
    ObjectNode result = JsonNodeFactory.instance.objectNode();
    result.put("event", "result");
    result.put(
        "callsPerSecond",
        LocalScenario.oneThreadCallsPerSecond(Duration.ofSeconds(2), Duration.ofSeconds(seconds)));
    print(result);
    done();
  }

  private static void done() throws IOException {
    print(JsonNodeFactory.instance.objectNode().put("event", "done"));
    awaitStdinClosed();
  }

  private static void print(ObjectNode line) {
    System.out.println(JSON.writeJson(line));
    System.out.flush();
  }

  private static void awaitStdinClosed() throws IOException {
    InputStream in = System.in;
    byte[] buffer = new byte[256];
    while (in.read(buffer) >= 0) {
      // the driver closes stdin when it has read what it needs
    }
  }
}
