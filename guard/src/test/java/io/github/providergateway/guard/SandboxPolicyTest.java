package io.github.providergateway.guard;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What the person's {@code "sandbox"} object says, and what it can never take away. */
class SandboxPolicyTest {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final GuardEnvironment MACHINE =
      new GuardEnvironment(
          Path.of("/home/ada"), List.of(Path.of("/tmp")), Path.of("/home/ada/.gw"));

  private static JsonNode json(String text) throws Exception {
    return JSON.readTree(text);
  }

  @Test
  void withNoSandboxObjectTheDefaultsHold() {
    SandboxPolicy policy = SandboxPolicy.read(null);

    assertThat(policy).isEqualTo(SandboxPolicy.defaults());
    assertThat(policy.network()).isEqualTo(SandboxPolicy.Network.OPEN);
    assertThat(policy.denyReadPaths(MACHINE))
        .startsWith(Path.of("/home/ada/.gw"))
        .contains(Path.of("/home/ada/.ssh/id_ed25519"), Path.of("/home/ada/.aws"))
        .doesNotContain(Path.of("/home/ada/.ssh"), Path.of("/home/ada/.ssh/known_hosts"));
    assertThat(policy.writablePaths(Path.of("/work/p"), MACHINE))
        .startsWith(Path.of("/work/p"), Path.of("/tmp"))
        .contains(Path.of("/home/ada/.m2"), Path.of("/home/ada/.npm"), Path.of("/home/ada/.cache"));
  }

  @Test
  void thePersonsEntriesAddToTheDefaultsAndNeverRemoveThem() throws Exception {
    SandboxPolicy policy =
        SandboxPolicy.read(
            json(
                """
                {"write": ["~/.local/share/tool", "/opt/cache"], "denyRead": ["~/.config/secrets"],
                 "network": "allowlist", "allowedDomains": ["Example.COM", "*.corp.example"]}
                """));

    assertThat(policy.problems()).isEmpty();
    assertThat(policy.writable())
        .containsAll(SandboxPolicy.DEFAULT_WRITABLE)
        .contains("~/.local/share/tool", "/opt/cache");
    assertThat(policy.denyRead())
        .containsAll(SandboxPolicy.DEFAULT_DENY_READ)
        .contains("~/.config/secrets");
    assertThat(policy.network()).isEqualTo(SandboxPolicy.Network.ALLOWLIST);
    assertThat(policy.allowedDomains()).containsExactly("example.com", "*.corp.example");
    assertThat(policy.denyReadPaths(MACHINE)).contains(Path.of("/home/ada/.config/secrets"));
  }

  @Test
  void aBadEntryIsLeftOutAndNamedAndTheRestHolds() throws Exception {
    SandboxPolicy policy =
        SandboxPolicy.read(
            json(
                """
                {"write": ["relative/dir", 7, "~/ok"], "network": "closed",
                 "allowedDomains": ["https://evil.example/", "ok.example"], "colour": "red"}
                """));

    assertThat(policy.writable()).contains("~/ok").doesNotContain("relative/dir");
    assertThat(policy.network()).isEqualTo(SandboxPolicy.Network.OPEN);
    assertThat(policy.allowedDomains()).containsExactly("ok.example");
    assertThat(policy.problems())
        .containsExactly(
            "guard.sandbox: unknown key 'colour' (write, denyRead, network, allowedDomains) is"
                + " left out",
            "guard.sandbox.write: 7 is not a string; left out",
            "guard.sandbox.write: 'relative/dir' is neither absolute nor ~/...; left out",
            "guard.sandbox.network: 'closed' is neither open nor allowlist; open",
            "guard.sandbox.allowedDomains: 'https://evil.example/' is not a domain name; left out");
  }

  /** The sandbox is the person's: a project's file that names it gets a problem, not a say. */
  @Test
  void aProjectsFileCannotSetTheSandbox() throws Exception {
    GuardSettings project = GuardSettings.project(json("{\"sandbox\": {\"write\": [\"/\"]}}"));
    GuardSettings personal = GuardSettings.personal(json("{\"sandbox\": {\"write\": [\"/x\"]}}"));

    assertThat(project.problems())
        .containsExactly(
            "guard: unknown key 'sandbox' (preset, rules, allow; the sandbox is the person's own"
                + " setting) is left out");
    assertThat(personal.problems()).isEmpty();
  }
}
