package io.github.providergateway.app;

import io.github.providergateway.app.detached.DetachedGatewayStarter;
import io.github.providergateway.host.api.CallResult;
import io.github.providergateway.host.api.HostTool;
import io.github.providergateway.host.api.SessionHost;
import io.github.providergateway.host.api.SessionSpec;
import io.github.providergateway.host.client.GatewayClient;
import io.github.providergateway.host.client.GatewayClientListener;
import io.github.providergateway.host.client.GatewayClientOptions;
import io.github.providergateway.host.client.GatewayHome;
import io.github.providergateway.host.client.GatewayLaunch;
import io.github.providergateway.host.protocol.HostWire;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A JVM agent host in a process of its own, as a second terminal or IDE window would run one: it
 * joins (or starts) the shared gateway of a home with {@link GatewayClient#connectOrStart}, starts
 * one session, and takes commands on stdin, answering on stdout one line each:
 *
 * <pre>
 * started:  SESSION id / GATEWAY pid
 * events:   LOST reason / REPLACED id gatewayId / RECONNECTED fresh / GATEWAY pid
 * "call SESSION TOOL" → RESULT {outcome json}      "quit" (or EOF) → BYE, exit 0
 * </pre>
 *
 * Usage: {@code HostProcessMain <home> <port> <label> [gateway args...]}.
 */
public final class HostProcessMain {

  private HostProcessMain() {}

  public static void main(String[] args) throws Exception {
    Path home = Path.of(args[0]);
    int port = Integer.parseInt(args[1]);
    String label = args[2];
    List<String> gatewayArgs = List.of(args).subList(3, args.length);
    PrintStream out = new PrintStream(System.out, true, StandardCharsets.UTF_8);
    GatewayClientListener listener =
        new GatewayClientListener() {
          @Override
          public void connectionLost(String reason) {
            out.println("LOST " + reason.replace('\n', ' '));
          }

          @Override
          public void sessionReplaced(String sessionId, String gatewaySessionId) {
            out.println("REPLACED " + sessionId + " " + gatewaySessionId);
          }

          @Override
          public void reconnected(boolean freshGateway) {
            out.println("RECONNECTED " + freshGateway);
            out.println("GATEWAY " + pid(home));
          }
        };
    GatewayClient client =
        GatewayClient.connectOrStart(
            home,
            GatewayLaunch.builder()
                .port(port)
                .startTimeout(Duration.ofSeconds(20))
                .starter(DetachedGatewayStarter.fromClassPath().withArgs(gatewayArgs))
                .build(),
            GatewayClientOptions.builder()
                .listener(listener)
                .heartbeat(Duration.ofSeconds(1), Duration.ofSeconds(5))
                .closeDeadline(Duration.ofSeconds(2))
                .build());
    String session =
        client
            .startSession(SessionSpec.of(label, "/code/" + label), new Quiet())
            .get(10, TimeUnit.SECONDS)
            .id();
    out.println("SESSION " + session);
    out.println("GATEWAY " + pid(home));
    BufferedReader in =
        new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
    String line;
    while ((line = in.readLine()) != null && !line.equals("quit")) {
      String[] parts = line.split(" ");
      if (parts[0].equals("call")) {
        try {
          CallResult result =
              client
                  .callTool(
                      parts[1],
                      parts[2],
                      com.fasterxml.jackson.databind.node.JsonNodeFactory.instance.objectNode(),
                      Duration.ofSeconds(10))
                  .get(15, TimeUnit.SECONDS);
          out.println("RESULT " + HostWire.outcome(result.outcome()));
        } catch (Exception e) {
          out.println("RESULT error " + e);
        }
      }
    }
    client.close();
    out.println("BYE");
    System.exit(0);
  }

  /**
   * The pid the gateway published. A detached gateway publishes it before it listens, so a host
   * that reached it finds it ({@code DetachedHost.publishPid}).
   */
  private static String pid(Path home) {
    try {
      return Files.readString(home.resolve(GatewayHome.PID_FILE)).strip();
    } catch (IOException e) {
      return "unknown: " + e;
    }
  }

  /** The host's agent: this test host prints nothing per session. */
  private static final class Quiet implements SessionHost {
    @Override
    public void registerTools(String sessionId, List<HostTool> tools) {}

    @Override
    public void log(String sessionId, String source, String message) {}

    @Override
    public void send(String sessionId, String source, String prompt) {}
  }
}
