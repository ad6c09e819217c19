package io.github.providergateway.agent.hook;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.providergateway.guard.GuardEnvironment;
import io.github.providergateway.guard.SandboxPolicy;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Codex's profile on homes of each shape (issue 77, decision 0085): a denied path is written {@code
 * "none"} only where it exists, since Codex makes an empty read-only file at a missing one (and
 * cannot start when its parent is missing too: 0.169.0 and 0.171.0). The real binary: {@code
 * CodexFirstHourTest} of the reference app.
 */
class CodexSandboxShapesTest {

  @TempDir Path home;

  @Test
  void aHomeWithNoneOfTheCredentialFilesDeniesOnlyTheGatewaysHome() throws IOException {
    JsonNode filesystem = profile().path("filesystem");

    assertThat(denied(filesystem)).containsExactly(gatewayHome().toString());
  }

  @Test
  void aHomeWithSomeDeniesExactlyThose() throws IOException {
    Files.createDirectories(home.resolve(".aws"));
    Files.createDirectories(home.resolve(".ssh"));
    Files.writeString(home.resolve(".ssh/id_ed25519"), "key");
    Files.createDirectories(home.resolve(".docker")); // config.json not there: left out

    JsonNode filesystem = profile().path("filesystem");

    assertThat(denied(filesystem))
        .containsExactlyInAnyOrder(
            gatewayHome().toString(),
            home.resolve(".aws").toString(),
            home.resolve(".ssh/id_ed25519").toString());
  }

  @Test
  void aHomeWithAllOfThemDeniesEveryOne() throws IOException {
    for (String entry : SandboxPolicy.DEFAULT_DENY_READ) {
      Path path = SandboxPolicy.resolve(entry, environment());
      Files.createDirectories(path.getParent());
      Files.writeString(path, "secret");
    }

    JsonNode filesystem = profile().path("filesystem");

    assertThat(denied(filesystem)).hasSize(SandboxPolicy.DEFAULT_DENY_READ.size() + 1);
  }

  @Test
  void aWritableFolderInsideAMissingDeniedOneIsStillNotGivenWrite() throws IOException {
    // Denied before it exists: were it made later, write inside it would give part of it back.
    SandboxPolicy policy =
        SandboxPolicy.read(new ObjectMapper().readTree("{\"write\": [\"~/.aws/cache\"]}"));

    JsonNode filesystem =
        CodexSandbox.settings(policy, environment(), path -> Files.exists(path)).path("filesystem");

    assertThat(filesystem.has(home.resolve(".aws/cache").toString())).isFalse();
    assertThat(filesystem.has(home.resolve(".aws").toString())).isFalse();
  }

  @Test
  void theRestOfTheProfileDoesNotDependOnTheHome() throws IOException {
    JsonNode bare = profile();
    Files.createDirectories(home.resolve(".kube"));

    JsonNode withKube = profile();

    assertThat(withKube.path("filesystem").path(home.resolve(".kube").toString()).asText())
        .isEqualTo("none");
    ((ObjectNode) withKube.path("filesystem")).remove(home.resolve(".kube").toString());
    assertThat(withKube).isEqualTo(bare);
  }

  private JsonNode profile() throws IOException {
    Files.createDirectories(gatewayHome());
    return new CodexSandbox().settings(SandboxPolicy.defaults(), environment());
  }

  private GuardEnvironment environment() {
    return new GuardEnvironment(home, List.of(Path.of("/tmp")), gatewayHome());
  }

  private Path gatewayHome() {
    return home.resolve(".provider-gateway");
  }

  private static List<String> denied(JsonNode filesystem) {
    List<String> none = new ArrayList<>();
    filesystem
        .fields()
        .forEachRemaining(
            entry -> {
              if (entry.getValue().asText().equals("none")) {
                none.add(entry.getKey());
              }
            });
    return none;
  }
}
