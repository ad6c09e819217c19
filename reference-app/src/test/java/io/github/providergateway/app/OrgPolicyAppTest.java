package io.github.providergateway.app;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.github.providergateway.app.guard.PolicyKeys;
import io.github.providergateway.app.home.SystemSettings;
import io.github.providergateway.app.run.AppOptions;
import io.github.providergateway.app.run.RunningGateway;
import io.github.providergateway.gateway.event.GatewayListener;
import io.github.providergateway.guard.GuardCall;
import io.github.providergateway.guard.GuardVerdict;
import io.github.providergateway.loop.testing.Await;
import io.github.providergateway.transport.testing.RawHttp;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 66: a running gateway takes the organisation's policy its system settings name (a {@code
 * file:} URL here), decides by it, and records the change in its audit trail.
 */
class OrgPolicyAppTest {

  @TempDir Path temp;

  /** The folder the build gives every test (never the machine's /etc), put back after. */
  private final String buildsFolder = System.getProperty(SystemSettings.DIR_PROPERTY);

  @AfterEach
  void restoreProperty() {
    if (buildsFolder == null) {
      System.clearProperty(SystemSettings.DIR_PROPERTY);
    } else {
      System.setProperty(SystemSettings.DIR_PROPERTY, buildsFolder);
    }
  }

  private static GuardVerdict shell(RunningGateway gateway, String command, Path cwd) {
    return gateway
        .guard()
        .personal()
        .decide(
            new GuardCall(
                "shell",
                JsonNodeFactory.instance.objectNode().put("command", command),
                null,
                cwd,
                null));
  }

  @Test
  void aRunningGatewayFetchesThePolicyItsSystemSettingsNameAndDecidesByIt() throws Exception {
    Path system = Files.createDirectories(temp.resolve("etc"));
    Path key = system.resolve("team.key");
    PolicyKeys.generate(key);
    Path policy = temp.resolve("policy.json");
    byte[] bytes =
        ("{\"version\": 3, \"expires\": \"2999-01-01T00:00:00Z\", \"guard\": {\"rules\": [{\"id\":"
                + " \"org.no-forbidden\", \"action\": \"deny\", \"command\": \"forbidden*\"}]}}")
            .getBytes(UTF_8);
    Files.write(policy, bytes);
    Files.writeString(PolicyKeys.signatureFileOf(policy), PolicyKeys.sign(bytes, key));
    Path settings =
        Files.writeString(
            system.resolve(SystemSettings.FILE),
            "{\"policy\": {\"url\": \""
                + policy.toUri()
                + "\", \"publicKey\": \"team.key.pub\", \"withoutPolicy\": \"deny\"}}");
    // The system settings are taken only from a root-owned file: the test runs where it can make
    // one.
    assumeTrue("root".equals(Files.getOwner(settings).getName()), "needs to run as root");
    System.setProperty(SystemSettings.DIR_PROPERTY, system.toString());
    Path home = temp.resolve("home");

    try (RunningGateway gateway =
        RunningGateway.start(
            Main.options(java.util.Map.of(), "--rpc", "--home", home.toString(), "--port", "0"),
            new GatewayListener() {})) {
      Await.until(
          Duration.ofSeconds(10),
          () -> "org.no-forbidden".equals(shell(gateway, "forbidden", temp).ruleId()),
          () -> "the policy in force");

      assertThat(shell(gateway, "ls", temp).outcome()).isEqualTo(GuardVerdict.Outcome.ALLOW);

      // The status page says which policy is in force, from where, and when it was fetched.
      java.net.URI link = gateway.statusLink();
      RawHttp.Answer opened =
          RawHttp.get(
              link.getPort(), link.getRawPath() + "?" + link.getRawQuery(), java.util.Map.of());
      String cookie = opened.headers().get("set-cookie").split(";")[0];
      String snapshot =
          RawHttp.get(link.getPort(), "/status/snapshot", java.util.Map.of("Cookie", cookie))
              .body();
      assertThat(snapshot)
          .contains("Organisation policy: org:v3 (from " + policy.toUri())
          .contains("last good: version 3, fetched ");
    }
    String audit = Files.readString(AppOptions.logDir(home).resolve("audit.jsonl"));
    assertThat(audit).contains("policy.missing").contains("policy.changed");
    assertThat(audit).contains("org:v3 in force");
    // Each record names the policy in force when it was written: the trail says which rules
    // decided it (the report's coverage reads this).
    assertThat(audit.lines())
        .anyMatch(line -> line.contains("\"policy\":\"org:v3\""))
        .noneMatch(line -> line.contains("\"policy\":\"builtin\""));

    // A restart takes the kept copy before any fetch, and the records that say so already name
    // the policy it puts in force (issue 78 asked where "none" comes from: a machine with no
    // organisation policy, docs/audit.md; not these).
    try (RunningGateway again =
        RunningGateway.start(
            Main.options(java.util.Map.of(), "--rpc", "--home", home.toString(), "--port", "0"),
            new GatewayListener() {})) {
      assertThat(shell(again, "forbidden", temp).ruleId()).isEqualTo("org.no-forbidden");
    }
    List<String> restart =
        Files.readAllLines(AppOptions.logDir(home).resolve("audit.jsonl")).stream()
            .skip(audit.lines().count())
            .toList();
    assertThat(restart)
        .filteredOn(line -> line.contains("from kept copy"))
        .isNotEmpty()
        .allMatch(line -> line.contains("\"policy\":\"org:v3\""));
  }
}
