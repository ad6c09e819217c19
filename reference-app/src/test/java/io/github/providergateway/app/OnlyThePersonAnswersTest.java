package io.github.providergateway.app;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.transport.testing.RawHttp;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Issue 75: the gateway itself refuses the person's acts to a process on a coding agent's side,
 * whatever credential it holds, on real processes against a real gateway: a client with the gateway
 * token under a program that marks what it runs as Claude Code does asks for a status-page link,
 * answers a question, releases held gates; {@code curl} under it redeems a link the person was
 * given, and posts an answer with the person's cookie. Each is refused and says why; the same from
 * the test's own process, as the person's terminal and browser, is served.
 */
@Tag("process")
class OnlyThePersonAnswersTest {

  private static final Duration LIMIT = Duration.ofSeconds(60);

  @TempDir Path home;
  @TempDir Path dir;
  private Path agent;

  @BeforeEach
  void fakeClaude() throws Exception {
    agent = FakeAgent.claude(dir);
  }

  private Interop.Ran underAgent(List<String> command) throws Exception {
    List<String> full = new ArrayList<>(List.of(agent.toString()));
    full.addAll(command);
    return Interop.run(full, dir, LIMIT);
  }

  private static List<String> personActs(Path home, int port, String act) {
    return TestJvm.command(
        PersonActsMain.class, List.of(home.toString(), Integer.toString(port), act));
  }

  @ParameterizedTest
  @ValueSource(strings = {"link", "answer", "release"})
  @Timeout(120)
  void aHostOnTheAgentsSideIsRefusedThePersonsActsAndThePersonIsNot(String act) throws Exception {
    try (RpcApp app = RpcApp.start(home)) {
      int port = app.url().getPort();

      Interop.Ran refused = underAgent(personActs(home, port, act));
      Interop.Ran person = Interop.run(personActs(home, port, act), dir, LIMIT);

      assertThat(refused.output())
          .as(refused.output())
          .contains("REFUSED ")
          .contains(" is the person's, and ")
          .contains("is on a coding agent's side: ")
          .contains("it runs under claude (pid ");
      assertThat(person.output()).as(person.output()).doesNotContain("is on a coding agent's side");
      if (!act.equals("release")) { // this gateway's record holds no gate to release: its own no
        assertThat(person.output()).contains("OK ");
      }
      app.endInput();
      app.awaitExit();
    }
  }

  /**
   * A link the person was given does the agent no good: redeemed by {@code curl} on the agent's
   * side it is refused (and stays good for the person's browser); the person's cookie, in the
   * agent's hands, posts no answer.
   */
  @Test
  @Timeout(120)
  void aLinkOrACookieInTheAgentsHandsOpensNothingAndAnswersNothing() throws Exception {
    try (RpcApp app = RpcApp.start(home)) {
      URI link = URI.create(app.request("{\"cmd\":\"status.link\"}").get("url").asText());

      Interop.Ran curl =
          underAgent(
              List.of("curl", "-s", "-w", "\\n%{http_code}", "--max-time", "30", link.toString()));
      RawHttp.Answer opened =
          RawHttp.get(link.getPort(), link.getPath() + "?" + link.getQuery(), Map.of());
      String cookie = opened.headers().get("set-cookie").split(";")[0];
      Interop.Ran answer =
          underAgent(
              List.of(
                  "curl",
                  "-s",
                  "-w",
                  "\\n%{http_code}",
                  "--max-time",
                  "30",
                  "-H",
                  "Cookie: " + cookie,
                  "-H",
                  "Origin: http://127.0.0.1:" + link.getPort(),
                  "-H",
                  "Content-Type: application/json",
                  "--data",
                  "{\"askId\":\"ask-1\",\"allow\":true}",
                  "http://127.0.0.1:" + link.getPort() + "/status/answer"));

      assertThat(curl.output()).endsWith("403").contains("This page is the person's");
      assertThat(opened.status()).as("the link is still the person's").isEqualTo(303);
      assertThat(answer.output()).endsWith("403").contains("answering the gateway's question");
      app.endInput();
      app.awaitExit();
    }
  }

  /**
   * The issue's first shape: {@code gateway status} from the agent's shell printed a link that
   * {@code curl} traded for the viewer cookie. Now it says what the gateway holds, and no link.
   */
  @Test
  @Timeout(120)
  void gatewayStatusOnTheAgentsSidePrintsWhatTheGatewayHoldsAndNoLink() throws Exception {
    try (RpcApp app = RpcApp.start(home)) {
      Path launcher = StandInLauncher.write(dir);
      List<String> status =
          List.of(
              launcher.toString(),
              "status",
              "--home",
              home.toString(),
              "--port",
              Integer.toString(app.url().getPort()));

      Interop.Ran refused = underAgent(status);
      Interop.Ran person = Interop.run(status, dir, LIMIT);

      assertThat(refused.exitCode()).as(refused.output()).isEqualTo(3);
      assertThat(refused.output())
          .contains("Gateway for ")
          .contains("gateway status: no link: a link to the status page is the person's")
          .doesNotContain("/status?open=");
      assertThat(person.exitCode()).as(person.output()).isZero();
      assertThat(person.output()).contains("/status?open=");
      app.endInput();
      app.awaitExit();
    }
  }

  /**
   * The red team's {@code jcmd <pid> GC.heap_dump} of the gateway: its JVM, started with the
   * launcher's own options, takes no attach from another process of the user.
   */
  @Test
  @Timeout(120)
  void theGatewaysJvmTakesNoAttachFromAnotherProcess() throws Exception {
    List<String> options;
    try (var in = Main.class.getResourceAsStream("jvm.options")) {
      options =
          new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8)
              .lines()
              .map(String::strip)
              .filter(line -> !line.isEmpty() && !line.startsWith("#"))
              .toList();
    }
    assertThat(options).contains("-XX:+DisableAttachMechanism");
    List<String> command = new ArrayList<>(TestJvm.command(Main.class, List.of()));
    command.addAll(1, options);
    command.addAll(List.of("--rpc", "--home", home.toString(), "--port", "0"));
    Process gateway = new ProcessBuilder(command).redirectErrorStream(true).start();
    try {
      java.io.BufferedReader out =
          new java.io.BufferedReader(
              new java.io.InputStreamReader(
                  gateway.getInputStream(), java.nio.charset.StandardCharsets.UTF_8));
      assertThat(out.readLine()).as("the gateway's first line").isNotNull();
      Path jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd");

      Interop.Ran attached =
          Interop.run(
              List.of(jcmd.toString(), Long.toString(gateway.pid()), "VM.version"), dir, LIMIT);

      assertThat(attached.exitCode()).as(attached.output()).isNotZero();
      assertThat(attached.output()).doesNotContain("JDK ");
    } finally {
      gateway.destroyForcibly().waitFor();
    }
  }
}
