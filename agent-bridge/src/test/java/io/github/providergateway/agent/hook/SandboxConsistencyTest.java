package io.github.providergateway.agent.hook;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.providergateway.guard.GuardEnvironment;
import io.github.providergateway.guard.SandboxPolicy;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Issue 64's consistency: for each policy, each agent's generated sandbox settings are at least as
 * strict as the policy, read the way the agent reads them. Nothing written where the policy lets no
 * program write, every path the policy denies reading denied (and none allowed back), no domain
 * beyond loopback and the allow list, and no way out of the sandbox (off, unavailable, or a command
 * run again outside it).
 */
class SandboxConsistencyTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  private static final GuardEnvironment MACHINE =
      new GuardEnvironment(
          Path.of("/home/ada"),
          List.of(Path.of("/tmp"), Path.of("/var/tmp")),
          Path.of("/home/ada/.provider-gateway"));

  /**
   * An allow-list entry as Claude's sandbox runtime reads it: {@code localhost}, a bracketed IPv6
   * literal, or a dotted name or address ({@code *.} for its subdomains), with an optional port. A
   * bare IPv6 literal ({@code ::1}) is not one: sandbox-runtime 0.0.83 refuses a whole
   * configuration that holds it.
   */
  private static final String HOST_SPELLING =
      "(localhost|\\[[0-9a-f:.]+\\]|(\\*\\.)?[a-z0-9-]+(\\.[a-z0-9-]+)+)(:[1-9][0-9]{0,4})?";

  static Stream<SandboxPolicy> policies() throws Exception {
    return Stream.of(
        SandboxPolicy.defaults(),
        SandboxPolicy.read(
            JSON.readTree(
                """
                {"write": ["~/.local/share/tool", "/opt/cache", "~/.config/gh/cache"],
                 "denyRead": ["~/.config/secrets", "/etc/ssl/private"],
                 "network": "allowlist", "allowedDomains": ["registry.npmjs.org", "*.corp.example"]}
                """)),
        SandboxPolicy.read(JSON.readTree("{\"network\": \"allowlist\", \"allowedDomains\": []}")));
  }

  @ParameterizedTest
  @MethodSource("policies")
  void claudeCodesSettingsAreAtLeastAsStrictAsThePolicy(SandboxPolicy policy) {
    ObjectNode settings = new ClaudeCodeSandbox().settings(policy, MACHINE);

    assertThat(settings.path("enabled").asBoolean()).isTrue();
    assertThat(settings.path("failIfUnavailable").asBoolean()).isTrue();
    assertThat(settings.path("allowUnsandboxedCommands").asBoolean(true)).isFalse();
    assertThat(settings.path("excludedCommands").isMissingNode()).isTrue();
    assertThat(settings.at("/filesystem/disabled").asBoolean(false)).isFalse();
    // Claude's working folder (the project) is writable of itself; nothing else beyond the policy.
    Set<Path> mayWrite = new HashSet<>(policy.writablePaths(Path.of("/project"), MACHINE));
    assertThat(paths(settings.at("/filesystem/allowWrite"))).isSubsetOf(mayWrite);
    assertThat(paths(settings.at("/filesystem/denyRead")))
        .containsAll(policy.denyReadPaths(MACHINE));
    assertThat(settings.at("/filesystem/allowRead").isMissingNode())
        .as("nothing allowed back inside a denied path")
        .isTrue();
    Set<String> mayReach = new HashSet<>(ClaudeCodeSandbox.LOOPBACK);
    if (policy.network() == SandboxPolicy.Network.ALLOWLIST) {
      mayReach.addAll(policy.allowedDomains());
      assertThat(settings.at("/network/strictAllowlist").asBoolean()).isTrue();
    }
    assertThat(texts(settings.at("/network/allowedDomains")))
        .isSubsetOf(mayReach)
        .allSatisfy(
            entry -> assertThat(entry).as("a spelling the sandbox takes").matches(HOST_SPELLING));
    assertThat(settings.at("/network/allowAllUnixSockets").asBoolean(false)).isFalse();
  }

  /**
   * Codex's profile read as Codex reads it: the most specific path that covers a file decides. A
   * path may be written only where the policy lets programs write (or the workspace, the project),
   * every denied path is {@code "none"}, nothing inside a denied path is given back, and the
   * network is off in the allow-list mode (Codex's sandbox does not limit by domain).
   */
  @ParameterizedTest
  @MethodSource("policies")
  void codexsProfileIsAtLeastAsStrictAsThePolicy(SandboxPolicy policy) {
    // Every denied path there: where one is missing, CodexSandboxShapesTest shows what is left out.
    ObjectNode profile = CodexSandbox.settings(policy, MACHINE, path -> true);
    JsonNode filesystem = profile.path("filesystem");

    Set<Path> mayWrite = new HashSet<>(policy.writablePaths(Path.of("/project"), MACHINE));
    List<Path> denied = policy.denyReadPaths(MACHINE);
    filesystem
        .fields()
        .forEachRemaining(
            entry -> {
              String access = entry.getValue().asText();
              assertThat(access).isIn("read", "write", "none");
              if (entry.getKey().equals(CodexSandbox.WORKSPACE)) {
                assertThat(access).isEqualTo("write");
                return;
              }
              Path path = Path.of(entry.getKey());
              if (access.equals("write")) {
                assertThat(mayWrite).as("writable: %s", path).contains(path);
              }
              if (!access.equals("none")) {
                assertThat(denied)
                    .as("%s is %s inside a denied path", path, access)
                    .noneMatch(path::startsWith);
              }
            });
    for (Path path : denied) {
      assertThat(filesystem.path(path.toString()).asText()).as("%s", path).isEqualTo("none");
    }
    assertThat(filesystem.path("/").asText()).as("the root is never writable").isEqualTo("read");
    assertThat(profile.at("/network/enabled").asBoolean())
        .isEqualTo(policy.network() == SandboxPolicy.Network.OPEN);
    assertThat(profile.path("network").size()).as("nothing else opens the network").isEqualTo(1);
  }

  /**
   * A dialect that gets a sandbox gets a row here: this test knows how each agent reads its own.
   */
  @Test
  void everyAgentWithASandboxIsCheckedHere() {
    List<AgentKind> withSandbox = new ArrayList<>();
    for (AgentKind kind : AgentKind.values()) {
      if (kind.dialect().sandbox().isPresent()) {
        withSandbox.add(kind);
      }
    }
    assertThat(withSandbox).containsExactly(AgentKind.CLAUDE, AgentKind.CODEX);
  }

  private static List<Path> paths(JsonNode array) {
    return texts(array).stream().map(Path::of).toList();
  }

  private static List<String> texts(JsonNode array) {
    List<String> texts = new ArrayList<>();
    array.forEach(element -> texts.add(element.asText()));
    return texts;
  }
}
