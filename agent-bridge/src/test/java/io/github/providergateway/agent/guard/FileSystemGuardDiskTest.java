package io.github.providergateway.agent.guard;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.github.providergateway.guard.Guard;
import io.github.providergateway.guard.GuardCall;
import io.github.providergateway.guard.GuardSettings;
import io.github.providergateway.guard.GuardVerdict;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The guard's view of the file system (issue 75), on real links and files in a temporary folder:
 * links followed to what is there and to what is not yet, {@code ..} after a link as the kernel
 * takes it, texts bounded, and nothing opened that could make a decision wait (a FIFO named like a
 * script, the kernel's files). Then the guard the factory builds, on that disk.
 */
@Tag("process")
class FileSystemGuardDiskTest {
  @TempDir Path root;

  private Path home;
  private Path gatewayHome;
  private Path project;
  private FileSystemGuardDisk disk;

  @BeforeEach
  void machine() throws IOException {
    root = root.toRealPath();
    home = Files.createDirectories(root.resolve("home/ann"));
    gatewayHome = Files.createDirectories(home.resolve(".copilot/extensions/tap"));
    project = Files.createDirectories(home.resolve("code/app"));
    Files.createDirectories(home.resolve(".claude/projects"));
    disk = new FileSystemGuardDisk(home, gatewayHome);
  }

  @Test
  void aLinkInThePathIsFollowedAndTheRestKeptAsWritten() throws IOException {
    Files.createSymbolicLink(project.resolve("cl"), home.resolve(".claude"));

    assertThat(disk.real(project.resolve("cl/settings.json")))
        .isEqualTo(home.resolve(".claude/settings.json"));
    assertThat(disk.real(project.resolve("cl/new/deeper.json")))
        .isEqualTo(home.resolve(".claude/new/deeper.json"));
    assertThat(disk.real(project.resolve("plain/file.txt")))
        .isEqualTo(project.resolve("plain/file.txt"));
  }

  @Test
  void aLinkToWhatIsNotThereYetIsFollowedToIt() throws IOException {
    Files.createSymbolicLink(project.resolve("conf.json"), home.resolve(".claude/settings.json"));
    Files.createSymbolicLink(project.resolve("rel"), Path.of("../../.claude/none/x.json"));

    assertThat(disk.real(project.resolve("conf.json")))
        .isEqualTo(home.resolve(".claude/settings.json"));
    assertThat(disk.real(project.resolve("rel"))).isEqualTo(home.resolve(".claude/none/x.json"));
  }

  @Test
  void dotDotAfterALinkIsBesideTheLinksTarget() throws IOException {
    Files.createSymbolicLink(project.resolve("pj"), home.resolve(".claude/projects"));

    assertThat(disk.real(Path.of(project + "/pj/../settings.json")))
        .isEqualTo(home.resolve(".claude/settings.json"));
  }

  @Test
  void aLoopOfLinksIsAnsweredNotThrown() throws IOException {
    Files.createSymbolicLink(project.resolve("a"), project.resolve("b"));
    Files.createSymbolicLink(project.resolve("b"), project.resolve("a"));

    assertThat(disk.real(project.resolve("a/x"))).isNotNull();
    assertThat(disk.text(project.resolve("a"), 10)).isEmpty();
  }

  @Test
  void aRealPathUnderTheHomesRealFolderIsGivenUnderTheHomeAsTold() throws IOException {
    Path linkedHome = Files.createSymbolicLink(root.resolve("linked-home"), home);
    FileSystemGuardDisk throughLink =
        new FileSystemGuardDisk(linkedHome, linkedHome.resolve(".copilot/extensions/tap"));
    Files.createSymbolicLink(project.resolve("gh"), gatewayHome);

    assertThat(throughLink.real(project.resolve("gh/.provider-token")))
        .isEqualTo(linkedHome.resolve(".copilot/extensions/tap/.provider-token"));
    assertThat(throughLink.real(project.resolve("cl2/x")))
        .isEqualTo(linkedHome.resolve("code/app/cl2/x"));
  }

  @Test
  void aTextIsReadToTheBoundAskedAndThroughALink() throws IOException {
    Path script = Files.writeString(project.resolve("s.sh"), "gateway stop\n", UTF_8);
    Files.createSymbolicLink(project.resolve("t.sh"), script);

    assertThat(disk.text(script, 100)).contains("gateway stop\n");
    assertThat(disk.text(script, 7)).contains("gateway");
    assertThat(disk.text(project.resolve("t.sh"), 100)).contains("gateway stop\n");
  }

  @Test
  void whatIsNoTextIsNotRead() throws IOException {
    Path binary = Files.write(project.resolve("app"), new byte[] {0x7f, 'E', 'L', 'F', 0, 1});

    assertThat(disk.text(binary, 100)).as("a compiled program").isEmpty();
    assertThat(disk.text(project, 100)).as("a folder").isEmpty();
    assertThat(disk.text(project.resolve("missing.sh"), 100)).as("nothing").isEmpty();
    assertThat(disk.text(Path.of("/proc/self/status"), 100)).as("the kernel's").isEmpty();
    assertThat(disk.text(Path.of("/dev/zero"), 100)).as("a device").isEmpty();
  }

  @Test
  void aFifoNamedLikeAScriptIsNeverOpened() throws Exception {
    Path fifo = project.resolve("fifo.sh");
    boolean made = new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor() == 0;
    Assumptions.assumeTrue(made && Files.exists(fifo), "mkfifo is there");
    Files.createSymbolicLink(project.resolve("via.sh"), fifo);

    Optional<String> text =
        assertTimeoutPreemptively(Duration.ofSeconds(10), () -> disk.text(fifo, 100));
    assertThat(text).isEmpty();
    assertThat(
            assertTimeoutPreemptively(
                Duration.ofSeconds(10), () -> disk.text(project.resolve("via.sh"), 100)))
        .isEmpty();

    Guard guard = guard();
    GuardVerdict verdict =
        assertTimeoutPreemptively(
            Duration.ofSeconds(10), () -> guard.decide(shell("sh fifo.sh; ./fifo.sh; . via.sh")));
    assertThat(verdict.allowed()).as(verdict.reason()).isTrue();
  }

  @Test
  void theGatewaysPortsAreTheDefaultTheRunningOnesAndTheSettings() throws IOException {
    assertThat(disk.gatewayPorts()).isEqualTo(Set.of(9400));

    Files.writeString(gatewayHome.resolve("gateway.port"), "9477\n");
    Files.writeString(gatewayHome.resolve("settings.json"), "{\"port\": 9500, \"config\": null}");
    assertThat(disk.gatewayPorts()).isEqualTo(Set.of(9400, 9477, 9500));

    Files.writeString(gatewayHome.resolve("gateway.port"), "not a port");
    Files.writeString(gatewayHome.resolve("settings.json"), "{\"port\": 99999");
    assertThat(disk.gatewayPorts()).isEqualTo(Set.of(9400));
  }

  @Test
  void theFactorysGuardFollowsLinksAndReadsScripts() throws IOException {
    Files.createSymbolicLink(project.resolve("cl"), home.resolve(".claude"));
    Files.createSymbolicLink(project.resolve("gh"), gatewayHome);
    Files.writeString(project.resolve("s.sh"), "gateway stop\n");
    Files.writeString(project.resolve("build.sh"), "rm -rf build\nnpm run build\n");
    Guard guard = guard();

    assertThat(guard.decide(shell("echo x > cl/settings.json")).ruleId()).isEqualTo("guard.self");
    assertThat(guard.decide(shell("cat gh/.provider-token")).ruleId())
        .isEqualTo("guard.gateway-token");
    assertThat(guard.decide(shell("( sh s.sh & )")).ruleId()).isEqualTo("guard.self");
    assertThat(guard.decide(shell("setsid -f sh s.sh")).ruleId()).isEqualTo("guard.self");
    assertThat(guard.decide(shell("bash build.sh")).allowed()).isTrue();
  }

  /**
   * This repository's own launcher writes the gateway's cache; that is the launcher's, not ours.
   */
  @Test
  void theRepositorysOwnLauncherIsReadAndAllowedButItsStopIsNot() {
    Path repository = Path.of("").toAbsolutePath().getParent();
    Assumptions.assumeTrue(Files.isRegularFile(repository.resolve("gateway")));
    Guard guard =
        GuardFactory.create(
            GuardSettings.defaults(), GuardFactory.environment(gatewayHome, home, null));

    GuardVerdict status = guard.decide(shellIn(repository, "./gateway status"));
    assertThat(status.allowed()).as(status.reason()).isTrue();
    assertThat(guard.decide(shellIn(repository, "./gateway stop")).ruleId())
        .isEqualTo("guard.self");
    assertThat(
            guard
                .decide(shellIn(repository, "sh reference-app/src/main/sh/gateway-hook.sh claude"))
                .ruleId())
        .as("the hook's own script posts to hook.sock")
        .isEqualTo("guard.self");
  }

  private Guard guard() {
    return GuardFactory.create(
        GuardSettings.defaults(), GuardFactory.environment(gatewayHome, home, null));
  }

  private GuardCall shell(String command) {
    return shellIn(project, command);
  }

  private static GuardCall shellIn(Path project, String command) {
    return new GuardCall(
        "shell",
        JsonNodeFactory.instance.objectNode().put("command", command),
        project,
        project,
        null);
  }
}
