package io.github.providergateway.agent.mcp;

import static io.github.providergateway.agent.mcp.LiveMcpHttp.json;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.agent.tokens.ClientTokens;
import io.github.providergateway.protocol.SessionInfo;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The window's folder named by a stdio bridge ({@value McpHttpProject#HEADER}) on a real socket:
 * with an agent's token it is the session's project (its git top level, as for {@code gateway
 * mcp}); with a client's token the {@code initialize} is refused, and no session starts.
 */
class McpHttpProjectTest {

  @TempDir Path home;
  @TempDir Path work;
  private LiveMcpHttp live;

  @AfterEach
  void close() {
    if (live != null) {
      live.close();
    }
  }

  private HttpResponse<String> initialize(String token, String project) {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(live.url())
            .timeout(LiveMcpHttp.WAIT)
            .header("Authorization", "Bearer " + token)
            .header("Accept", LiveMcpHttp.ACCEPT_BOTH)
            .header("Content-Type", "application/json");
    if (project != null) {
      request.header(McpHttpProject.HEADER, project);
    }
    return live.send(
        request
            .POST(HttpRequest.BodyPublishers.ofString(LiveMcpHttp.initializeRequest("claude-code")))
            .build());
  }

  /** Sends {@code notifications/initialized}: the gateway session starts with it. */
  private void initialized(String token, HttpResponse<String> init) {
    initialized(token, init.headers().firstValue("Mcp-Session-Id").orElseThrow());
  }

  private void initialized(String token, String sessionId) {
    assertThat(live.initialized(token, sessionId).statusCode()).isEqualTo(202);
  }

  @Test
  void anAgentsWindowFolderMakesItsSessionsProjectTheGitTopLevelAboveIt() throws Exception {
    live = new LiveMcpHttp(home, b -> b.workingDirectory(null));
    Path repo = Files.createDirectories(work.resolve("repo"));
    Files.createDirectories(repo.resolve(".git"));
    Files.writeString(repo.resolve(".git/HEAD"), "ref: refs/heads/main\n");
    Path sub = Files.createDirectories(repo.resolve("src/deep"));
    String agent = live.tokens.issue("setup-claude", ClientTokens.Kind.AGENT);

    HttpResponse<String> init = initialize(agent, sub.toString());

    assertThat(init.statusCode()).isEqualTo(200);
    initialized(agent, init);
    SessionInfo started = live.started.poll(10, TimeUnit.SECONDS);
    assertThat(started.cwd()).isEqualTo(repo.toString());
    assertThat(started.openedBy()).isEqualTo("agent:setup-claude");
  }

  /**
   * A client's token's session (an SDK's, a script's) never takes its process's folder; nor does an
   * agent's whose far end is the gateway's own process.
   */
  @Test
  void aClientsSessionWithoutRootsHasNoProject() throws Exception {
    live = new LiveMcpHttp(home, b -> b.workingDirectory(null));

    HttpResponse<String> init = initialize(live.token, null);
    assertThat(init.statusCode()).isEqualTo(200);
    initialized(live.token, init);
    assertThat(live.started.poll(10, TimeUnit.SECONDS).cwd()).isNull();

    String agent = live.tokens.issue("setup-claude", ClientTokens.Kind.AGENT);
    HttpResponse<String> ours = initialize(agent, null); // this JVM, the gateway's, is the far end
    assertThat(ours.statusCode()).isEqualTo(200);
    initialized(agent, ours);
    assertThat(live.started.poll(10, TimeUnit.SECONDS).cwd()).isNull();
  }

  @Test
  void aClientTokenNamingAFolderIsRefusedAndStartsNoSession() throws Exception {
    live = new LiveMcpHttp(home, b -> b.workingDirectory(null));

    HttpResponse<String> init = initialize(live.token, work.toString());

    assertThat(init.statusCode()).isEqualTo(403);
    assertThat(json(init).at("/error/message").asText())
        .contains(McpHttpProject.HEADER, "agent's own token");
    assertThat(init.headers().firstValue("Mcp-Session-Id")).isEmpty();
    assertThat(live.door.sessionCount()).isZero();
    assertThat(live.started).isEmpty();
  }

  @Test
  void aRelativeOrMissingFolderIs400() throws Exception {
    live = new LiveMcpHttp(home, b -> b.workingDirectory(null));
    String agent = live.tokens.issue("setup-claude", ClientTokens.Kind.AGENT);

    assertThat(initialize(agent, "relative/dir").statusCode()).isEqualTo(400);
    assertThat(initialize(agent, work.resolve("gone").toString()).statusCode()).isEqualTo(400);
    assertThat(live.door.sessionCount()).isZero();
  }
}
