package io.github.providergateway.federation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Where a federated MCP server may be: a command, or https, or plain http on loopback only. */
class McpServerConfigTest {

  @ParameterizedTest
  @ValueSource(
      strings = {
        "http://127.0.0.1:3001/mcp",
        "http://[::1]:3001/mcp",
        "http://localhost:3001/mcp",
        "https://mcp.example.com/mcp"
      })
  void loopbackHttpAndAnyHttpsAreAccepted(String url) {
    assertThat(McpServerConfig.http("remote", URI.create(url)).isStdio()).isFalse();
  }

  @Test
  void samplingIsAllowedOnlyWhenSaidAndKeptThroughEveryWith() {
    assertThat(McpServerConfig.stdio("fs", List.of("srv")).allowSampling()).isFalse();
    assertThat(McpServerConfig.http("remote", URI.create("https://a/mcp")).allowSampling())
        .isFalse();
    McpServerConfig allowed =
        McpServerConfig.stdio("fs", List.of("srv"))
            .withAllowSampling(true)
            .withCwd(java.nio.file.Path.of("/p"))
            .withEnv(java.util.Map.of("K", "V"))
            .withToolPrefix("fs_")
            .withLog(java.nio.file.Path.of("/p/fs.log"))
            .withMaxConcurrentCalls(2);
    assertThat(allowed.allowSampling()).isTrue();
    assertThat(allowed.withAllowSampling(false).allowSampling()).isFalse();
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "http://example.com/mcp",
        "http://10.0.0.5:3001/mcp",
        "http://127.0.0.1.nip.io/mcp",
        "ftp://127.0.0.1/mcp"
      })
  void plainHttpOffThisMachineOrAnotherSchemeIsRefused(String url) {
    assertThatThrownBy(() -> McpServerConfig.http("remote", URI.create(url)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("MCP server 'remote': ");
  }

  @Test
  void aServerIsACommandOrAUrlNeverBothOrNeither() {
    assertThatThrownBy(
            () ->
                new McpServerConfig(
                    "x",
                    List.of("srv"),
                    null,
                    null,
                    URI.create("https://a/mcp"),
                    null,
                    null,
                    0,
                    false))
        .hasMessageContaining("not both");
    assertThatThrownBy(
            () -> new McpServerConfig("x", List.of(), null, null, null, null, null, 0, false))
        .hasMessageContaining("not neither");
    assertThatThrownBy(() -> McpServerConfig.stdio("x", List.of()))
        .hasMessageContaining("command must not be empty");
  }
}
