package io.github.providergateway.agent.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * A 2026-07-28 client that writes its requests as lines, each with the era's {@code _meta} and the
 * client capabilities it was made with, and reads the answers: for what the SDK's client will not
 * send (a tampered or replayed state, sampling and roots answers of its own).
 *
 * @param capabilities the {@code clientCapabilities} JSON every request declares
 */
record RawModernClient(OutputStream out, BufferedReader in, String capabilities) {

  private static final Duration WAIT = Duration.ofSeconds(10);

  /** A client that declares form elicitation. */
  static final String FORM = "{\"elicitation\":{\"form\":{}}}";

  void send(int id, String method, String params) throws IOException {
    String line =
        "{\"jsonrpc\":\"2.0\",\"id\":"
            + id
            + ",\"method\":\""
            + method
            + "\",\"params\":{"
            + params
            + "\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
            + "\"io.modelcontextprotocol/clientCapabilities\":"
            + capabilities
            + ",\"io.modelcontextprotocol/clientInfo\":{\"name\":\"raw\",\"version\":\"1\"}}}}\n";
    out.write(line.getBytes(StandardCharsets.UTF_8));
    out.flush();
  }

  JsonNode next() throws Exception {
    String line =
        CompletableFuture.supplyAsync(
                () -> {
                  try {
                    return in.readLine();
                  } catch (IOException e) {
                    throw new UncheckedIOException(e);
                  }
                },
                PipedFrontDoor::onItsOwnThread)
            .get(WAIT.toSeconds(), TimeUnit.SECONDS);
    assertThat(line).isNotNull();
    return Json.MAPPER.readTree(line);
  }

  JsonNode ask(int id, String method, String params) throws Exception {
    send(id, method, params);
    return next();
  }

  /** {@return the params fragment that brings a call back with {@code state}} */
  static String stated(String state) {
    return "\"requestState\":\"" + state + "\",";
  }
}
