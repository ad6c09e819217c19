package io.github.providergateway.app;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.gateway.Gateway;
import io.github.providergateway.gateway.testing.FreePorts;
import io.github.providergateway.gateway.testing.GatewayFixture;
import io.github.providergateway.host.DecisionLog;
import io.github.providergateway.host.HostService;
import io.github.providergateway.host.testing.RecordingHostConnection;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Java blocks of docs/audit.md (issue 49: every doc block runs as written) are whole files that
 * compile on their own, and do what the page says: {@code AuditedHosts} gives a host side whose
 * {@code audit.query} answers (refused {@code UNAUTHORIZED} without a decision log), and {@code
 * StatusPageHost} serves the page, opened by the one-time link it hands out.
 */
class AuditGuideTest {

  private static GuideBlocks blocks;

  @BeforeAll
  static void compileEveryBlockOnItsOwn(@TempDir Path work) throws IOException {
    blocks = GuideBlocks.compile("docs/audit.md", null, work);
  }

  @Test
  void thePageShowsTheseBlocks() {
    assertThat(blocks.sources.keySet()).containsExactly("StatusPageHost", "AuditedHosts");
  }

  @Test
  void theAuditedHostsAnswerAuditQuery() throws Exception {
    try (GatewayFixture f = GatewayFixture.create();
        HostService hosts =
            (HostService) blocks.call("AuditedHosts", null, "withAuditTrail", f.gateway)) {
      RecordingHostConnection host = new RecordingHostConnection("auditor");
      host.attach(hosts.open(host));
      host.ok(
          "{\"cmd\":\"host.auth\",\"token\":\"" + f.gateway.credentials().providerToken() + "\"}");

      assertThat(host.ok("{\"id\":1,\"cmd\":\"audit.query\"}").has("decisions")).isTrue();
    }
  }

  @Test
  void theStatusPageHostsLinkOpensThePage() throws Exception {
    Gateway gateway = Gateway.builder().build();
    int port = FreePorts.pick();
    try (AutoCloseable page =
        (AutoCloseable)
            blocks.construct(
                "StatusPageHost", gateway, new DecisionLog(DecisionLog.DEFAULT_CAPACITY), port)) {
      URI link = (URI) blocks.call("StatusPageHost", page, "openLink");
      HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

      HttpResponse<String> opened = get(http, link);
      HttpResponse<String> withoutLink =
          get(http, URI.create("http://127.0.0.1:" + port + "/status"));

      assertThat(link.getPort()).isEqualTo(port);
      assertThat(opened.statusCode()).isBetween(300, 399);
      assertThat(opened.headers().firstValue("Set-Cookie")).isPresent();
      assertThat(withoutLink.statusCode()).isEqualTo(403);
    } finally {
      gateway.close();
    }
  }

  private static HttpResponse<String> get(HttpClient http, URI uri) throws Exception {
    return http.send(
        HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(10)).GET().build(),
        HttpResponse.BodyHandlers.ofString());
  }
}
