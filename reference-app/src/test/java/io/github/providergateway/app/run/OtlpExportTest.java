package io.github.providergateway.app.run;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import io.github.providergateway.app.RpcApp;
import io.github.providergateway.loop.testing.Await;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Traces and metrics reach an OTLP endpoint when the standard {@code OTEL_*} variables name one,
 * and nothing is built when none does (issue 19).
 */
@Tag("process")
class OtlpExportTest {

  @TempDir Path tmp;

  @Test
  void withoutAnOtelVariableNoSdkIsBuilt() {
    assertThat(Telemetry.fromEnvironment(Map.of("PATH", "/usr/bin", "HOME", "/root"))).isNull();
  }

  @Test
  void aMisconfiguredExporterCostsTheTracesNotTheGateway() {
    assertThat(Telemetry.fromEnvironment(Map.of("OTEL_TRACES_EXPORTER", "no-such-exporter")))
        .isNull();
  }

  @Test
  void aToolCallsSpanAndTheCallMetricsArriveAtTheOtlpEndpointTheEnvironmentNames()
      throws Exception {
    List<String> received = new CopyOnWriteArrayList<>();
    HttpServer collector =
        HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    collector.createContext(
        "/",
        exchange -> {
          // OTLP/HTTP protobuf: the strings (span names, attribute values) are there as UTF-8
          // bytes.
          String body =
              new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.ISO_8859_1);
          received.add(exchange.getRequestURI().getPath() + " " + body);
          exchange.sendResponseHeaders(200, -1);
          exchange.close();
        });
    collector.start();
    try (RpcApp app =
        RpcApp.startProcess(
            tmp.resolve("home"),
            tmp.resolve("gateway.log"),
            Map.of(
                "OTEL_EXPORTER_OTLP_ENDPOINT",
                    "http://127.0.0.1:" + collector.getAddress().getPort(),
                "OTEL_BSP_SCHEDULE_DELAY", "50",
                "OTEL_METRIC_EXPORT_INTERVAL", "200"),
            "--port",
            "0")) {
      String session = app.startSession();
      app.request(
          "{\"cmd\":\"tool.call\",\"sessionId\":\""
              + session
              + "\",\"tool\":\"nope\",\"args\":{}}");

      awaitReceived(received, "/v1/traces", "execute_tool nope");
      awaitReceived(received, "/v1/metrics", "provider_gateway.tool.calls");
      assertThat(
              received.stream().filter(r -> r.startsWith("/v1/traces")).findFirst().orElseThrow())
          .contains("gen_ai.tool.name")
          .contains("NOT_FOUND")
          .contains("provider-gateway");
      app.endInput();
      assertThat(app.awaitExit()).isZero();
    } finally {
      collector.stop(0);
    }
  }

  private static void awaitReceived(List<String> received, String path, String text) {
    Await.until(
        RpcApp.WAIT,
        () -> received.stream().anyMatch(r -> r.startsWith(path) && r.contains(text)),
        () -> path + " with " + text + "; received " + received.size());
  }
}
