package io.github.providergateway.app;

import io.github.providergateway.host.client.GatewayClient;
import io.github.providergateway.host.client.GatewayClientOptions;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

/**
 * A host with the gateway token that asks for the person's acts without checking who it runs under
 * (as an agent's own client would be written): {@code status.link}, {@code gate.answer} of a
 * question, {@code gates.release} and {@code shutdown}, one a run, printing {@code OK …} or {@code
 * REFUSED <message>}. Usage: {@code PersonActsMain <home> <port> <link|answer|release|shutdown>}.
 */
public final class PersonActsMain {

  private PersonActsMain() {}

  public static void main(String[] args) throws Exception {
    Path home = Path.of(args[0]);
    int port = Integer.parseInt(args[1]);
    try (GatewayClient client =
        GatewayClient.connect(home, port, GatewayClientOptions.builder().observer(true).build())) {
      Object answer =
          switch (args[2]) {
            case "link" -> client.statusLink().get(30, TimeUnit.SECONDS);
            case "answer" ->
                client.answerQuestion("ask-none", true, "script").get(30, TimeUnit.SECONDS);
            case "release" ->
                client.releaseHeldGates("ci-guard", null, null).get(30, TimeUnit.SECONDS);
            case "shutdown" ->
                client.shutdownGateway(Duration.ofSeconds(5)).get(30, TimeUnit.SECONDS);
            default -> throw new IllegalArgumentException(args[2]);
          };
      System.out.println("OK " + answer);
    } catch (ExecutionException e) {
      System.out.println("REFUSED " + e.getCause().getMessage());
    }
    System.exit(0);
  }
}
