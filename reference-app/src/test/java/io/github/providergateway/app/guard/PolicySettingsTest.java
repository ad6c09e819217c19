package io.github.providergateway.app.guard;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.providergateway.app.home.SystemSettings;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 66: the system settings' {@code policy} section, and what a process that does not fetch (an
 * agent's hook with no gateway running) decides by.
 */
class PolicySettingsTest {

  @TempDir Path temp;

  private SystemSettings system(String policyJson) throws Exception {
    ObjectNode root = (ObjectNode) new ObjectMapper().readTree("{\"policy\": " + policyJson + "}");
    return new SystemSettings(temp, true, root, List.of());
  }

  private String publicKey() throws Exception {
    Path key = temp.resolve("team.key");
    if (!Files.exists(key)) {
      PolicyKeys.generate(key);
    }
    return Files.readString(PolicyKeys.publicFileOf(key)).strip();
  }

  @Test
  void noSectionIsNoPolicy() {
    PolicySettings settings = PolicySettings.read(SystemSettings.none(temp));

    assertThat(settings.configured()).isFalse();
    assertThat(OrgPolicy.keptLayer(settings, temp, Instant.EPOCH))
        .isInstanceOf(OrgLayer.None.class);
  }

  @Test
  void theDefaultsAndAKeyFileInTheSettingsFolder() throws Exception {
    assumeTrue("root".equals(System.getProperty("user.name")), "only root can make a file root's");
    publicKey();
    PolicySettings settings =
        PolicySettings.read(
            system(
                "{\"url\": \"https://policy.example.com/p.json\", \"publicKey\": \"team.key.pub\"}"));

    assertThat(settings.problems()).isEmpty();
    assertThat(settings.usable()).isTrue();
    assertThat(settings.refresh()).isEqualTo(Duration.ofMinutes(15));
    assertThat(settings.timeout()).isEqualTo(Duration.ofSeconds(10));
    assertThat(settings.maxBytes()).isEqualTo(1L << 20);
    assertThat(settings.withoutPolicy()).isEqualTo(PolicySettings.WithoutPolicy.DENY);
  }

  /**
   * Issue 78: the key file decides which policy binds the user, so it gets the settings file's
   * checks: a link to a file anyone may write, in a folder anyone may write, is refused with the
   * reason, and the section is unusable (its key is missing).
   */
  @Test
  void aKeyFileAnyoneCouldHaveWrittenIsRefused() throws Exception {
    assumeTrue("root".equals(System.getProperty("user.name")), "only root can make a file root's");
    publicKey();
    Path open = Files.createDirectory(temp.resolve("open"));
    Files.setPosixFilePermissions(open, PosixFilePermissions.fromString("rwxrwxrwx"));
    Path planted = Files.copy(temp.resolve("team.key.pub"), open.resolve("attacker.pub"));
    Files.setPosixFilePermissions(planted, PosixFilePermissions.fromString("rw-rw-rw-"));
    Files.createSymbolicLink(temp.resolve("linked.pub"), planted);

    PolicySettings linked =
        PolicySettings.read(
            system(
                "{\"url\": \"https://policy.example.com/p.json\", \"publicKey\": \"linked.pub\"}"));
    PolicySettings writable =
        PolicySettings.read(
            system(
                "{\"url\": \"https://policy.example.com/p.json\", \"publicKey\": \"open/attacker.pub\"}"));

    assertThat(linked.usable()).isFalse();
    assertThat(linked.problems())
        .anyMatch(p -> p.startsWith("policy.publicKey: ") && p.contains("symbolic link"));
    assertThat(writable.usable()).isFalse();
    assertThat(writable.problems())
        .anyMatch(p -> p.startsWith("policy.publicKey: ") && p.contains("is ignored"));
  }

  @Test
  void plainHttpToAnotherMachineIsRefusedAndTheSectionIsUnusable() throws Exception {
    PolicySettings settings =
        PolicySettings.read(
            system(
                "{\"url\": \"http://policy.example.com/p.json\", \"publicKey\": \""
                    + publicKey()
                    + "\", \"withoutPolicy\": \"builtin\", \"refresh\": \"5s\"}"));

    assertThat(settings.usable()).isFalse();
    assertThat(settings.problems())
        .anyMatch(p -> p.startsWith("policy.url: must be https://… or file:…"))
        .anyMatch(p -> p.startsWith("policy.refresh: at least 60s"));
    assertThat(OrgPolicy.keptLayer(settings, temp, Instant.EPOCH))
        .isInstanceOf(OrgLayer.Builtin.class);
  }

  @Test
  void aHookWithNoGatewayDecidesByTheKeptPolicyOrDeniesWithoutOne() throws Exception {
    PolicySettings settings =
        PolicySettings.read(
            system(
                "{\"url\": \"https://policy.example.com/p.json\", \"publicKey\": \""
                    + publicKey()
                    + "\"}"));
    // Fail closed: nothing kept under withoutPolicy deny is the deny layer, never none.
    assertThat(OrgPolicy.keptLayer(settings, temp, Instant.EPOCH))
        .isInstanceOf(OrgLayer.Deny.class);

    byte[] bytes =
        "{\"version\": 2, \"expires\": \"2030-01-01T00:00:00Z\", \"guard\": {}}"
            .getBytes(java.nio.charset.StandardCharsets.UTF_8);
    new KeptPolicy(
            new KeptPolicy.Good(
                bytes,
                PolicyKeys.sign(bytes, temp.resolve("team.key")),
                null,
                "https://policy.example.com/p.json",
                Instant.EPOCH,
                2),
            "org:v2",
            null,
            null,
            null)
        .write(temp);

    assertThat(OrgPolicy.keptLayer(settings, temp, Instant.parse("2029-01-01T00:00:00Z")).label())
        .isEqualTo("org:v2");
    assertThat(OrgPolicy.keptLayer(settings, temp, Instant.parse("2030-01-01T00:00:00Z")))
        .isInstanceOf(OrgLayer.Deny.class);
    assertThat(
            PolicyStatus.lines(
                temp,
                system("{\"url\": \"https://policy.example.com/p.json\"}"),
                Instant.parse("2029-01-01T00:00:00Z")))
        .first()
        .asString()
        .startsWith("Organisation policy: org:v2 (from https://policy.example.com/p.json)");
  }
}
