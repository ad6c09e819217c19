package io.github.providergateway.agent.mcp;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.agent.tokens.ClientTokens;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The project of an agent's session over HTTP that names none and offers no roots: the folder of
 * the process at the far end of its connection (decision 130), told by a real process of its own
 * ({@code curl}), so this class starts one and carries the process tag.
 */
@Tag("process")
class McpHttpProjectPeerTest {

  @TempDir Path home;
  @TempDir Path work;
  private LiveMcpHttp live;

  @AfterEach
  void close() {
    if (live != null) {
      live.close();
    }
  }

  /**
   * Without the header, an agent's session is in the project of the process at the far end of its
   * connection, as a stdio window started by it would be (Codex over HTTP offers no roots): here a
   * real {@code curl} started in a folder deep in a repository, so the project is that repository's
   * top level. The gateway's own process as the far end (a client in the same JVM) gives none:
   * McpHttpProjectTest's {@code aClientsSessionWithoutRootsHasNoProject} and reference-app's
   * AgentTokenSessionTest's.
   */
  @Test
  void withoutTheHeaderAnAgentsSessionIsInTheProjectItsProcessWorksIn() throws Exception {
    live = new LiveMcpHttp(home, b -> b.workingDirectory(null));
    Path repo = Files.createDirectories(work.resolve("agents-repo"));
    Files.createDirectories(repo.resolve(".git"));
    Files.writeString(repo.resolve(".git/HEAD"), "ref: refs/heads/main\n");
    Path deep = Files.createDirectories(repo.resolve("src/deep"));
    String agent = live.tokens.issue("setup-codex", ClientTokens.Kind.AGENT);

    Process curl =
        new ProcessBuilder(
                "curl",
                "-s",
                "-D",
                "-",
                "-o",
                "/dev/null",
                "--max-time",
                "20",
                "-H",
                "Authorization: Bearer " + agent,
                "-H",
                "Accept: " + LiveMcpHttp.ACCEPT_BOTH,
                "-H",
                "Content-Type: application/json",
                "--data-binary",
                LiveMcpHttp.initializeRequest("codex"),
                live.url().toString())
            .directory(deep.toFile())
            .redirectErrorStream(true)
            .start();
    String headers = new String(curl.getInputStream().readAllBytes(), UTF_8);
    assertThat(curl.waitFor(30, TimeUnit.SECONDS)).isTrue();
    String id =
        headers
            .lines()
            .filter(line -> line.toLowerCase(java.util.Locale.ROOT).startsWith("mcp-session-id:"))
            .map(line -> line.substring(line.indexOf(':') + 1).strip())
            .findFirst()
            .orElseThrow(() -> new AssertionError("no session: " + headers));
    initialized(agent, id);

    assertThat(live.started.poll(10, TimeUnit.SECONDS).cwd())
        .isEqualTo(repo.toRealPath().toString());
  }

  private void initialized(String token, String sessionId) {
    assertThat(live.initialized(token, sessionId).statusCode()).isEqualTo(202);
  }
}
