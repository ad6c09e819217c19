package io.github.providergateway.app;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.providergateway.app.home.ShellWords;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Issue 64's ordinary work inside the sandboxes {@code gateway setup} writes, run through each
 * agent's own sandbox runner with the settings setup wrote (no model needed): Codex's {@code codex
 * sandbox --} under its permission profile, and {@code srt} (the runtime Claude Code's sandbox is
 * built on) with the lists of Claude's {@code settings.json}. An npm install with its cache, a
 * build's output in the project and in a cache, a dev server started and reached inside, a loopback
 * service outside reached (Codex), and {@code ssh-agent}'s socket (Codex) all work; a write outside
 * the project is refused, so the runs are confined.
 *
 * <p>What does not work inside them, said in docs/guard.md and reported here (not asserted, as it
 * is the agents' own choice): Claude's sandbox on Linux blocks every Unix socket, {@code
 * ssh-agent}'s too, so git over ssh does not work in it; Codex keeps the project's {@code .git}
 * read-only inside its sandbox, as its own {@code workspace-write} does.
 */
@Tag(NpmAgent.TAG)
@ExtendWith(SandboxLitter.class)
class SandboxOrdinaryWorkTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  /** What works in both sandboxes, and the write outside that both refuse. */
  private static final String[] IN_BOTH = {
    "npm install: ok",
    "build output: ok",
    "maven build: ok",
    "cache: ok",
    "git push over https: ok",
    "dev server inside: 200",
    "outside: refused"
  };

  private Path root;
  private Path home;
  private Path project;
  private Process agent;
  private com.sun.net.httpserver.HttpServer service;
  private Map<String, String> env;
  private Path codex;
  private Path srt;
  private GitOverHttp git;

  @BeforeEach
  void aSetUpHomeAndAProject() throws Exception {
    root =
        Files.createDirectories(
            Path.of("target", "sandbox-work", UUID.randomUUID().toString()).toAbsolutePath());
    home = Files.createDirectories(root.resolve("home"));
    project = Files.createDirectories(root.resolve("project"));
    for (String cache : List.of(".m2", ".npm", ".cache")) {
      Files.createDirectories(home.resolve(cache));
    }
    Path dep = Files.createDirectories(project.resolve("vendor/dep"));
    Files.writeString(dep.resolve("package.json"), "{\"name\":\"dep\",\"version\":\"1.0.0\"}\n");
    Files.writeString(
        project.resolve("package.json"),
        "{\"name\":\"app\",\"version\":\"1.0.0\",\"dependencies\":{\"dep\":\"file:vendor/dep\"}}\n");
    mavenProject();
    // A repository to push to over HTTP, on 127.0.0.2: Claude's sandbox sends it through its
    // proxy (127.0.0.1 is in its NO_PROXY), and the doctor's lists allow it.
    Path remote = Files.createDirectories(root.resolve("repositories/remote.git"));
    runOutside(remote, "git", "init", "-q", "--bare");
    runOutside(remote, "git", "config", "http.receivepack", "true");
    git = GitOverHttp.serveTls("127.0.0.2", root.resolve("repositories"), root);
    runOutside(project, "git", "init", "-q");
    runOutside(project, "git", "add", "package.json");
    runOutside(
        project,
        "git",
        "-c",
        "user.email=t@example.com",
        "-c",
        "user.name=t",
        "commit",
        "-qm",
        "x");
    service = com.sun.net.httpserver.HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    service.createContext(
        "/",
        exchange -> {
          exchange.sendResponseHeaders(200, -1);
          exchange.close();
        });
    service.start();
    Assumptions.assumeTrue(
        Interop.runs(List.of("sh", "-c", "command -v ssh-agent && command -v python3")),
        "ssh-agent or python3 is not installed (.ci/run installs openssh-client): skipped");
    agent =
        new ProcessBuilder("ssh-agent", "-D", "-a", root.resolve("agent.sock").toString())
            .redirectErrorStream(true)
            .start();
    codex = CodexCli.installed().binary();
    srt = NpmAgent.installed("sandbox-runtime", "@anthropic-ai/sandbox-runtime", "srt").binary();
    env = new HashMap<>(System.getenv());
    env.keySet().removeIf(k -> k.startsWith("CODEX_") || k.startsWith("CLAUDE_"));
    env.put("HOME", home.toString());
    env.put("CODEX_HOME", home.resolve(".codex").toString());
    env.put("PATH", codex.getParent() + ":" + srt.getParent() + ":" + System.getenv("PATH"));
    env.put("SSH_AUTH_SOCK", root.resolve("agent.sock").toString());
    // The wrapper's Maven is in the machine's Maven folder, read-only inside the sandbox.
    env.put("MAVEN_USER_HOME", userM2().toString());
    Path gatewayHome = Files.createDirectories(root.resolve("gateway-home"));
    for (String agentName : List.of("codex", "claude")) {
      AppRun setup =
          AppRun.of(
              List.of("setup", agentName, "--command-hook", "--home", gatewayHome.toString()), env);
      assertThat(setup.exit()).as(setup.err()).isZero();
      assertThat(setup.out()).contains("own sandbox is on");
    }
  }

  @AfterEach
  void stop() throws Exception {
    if (git != null) {
      git.close();
    }
    if (service != null) {
      service.stop(0);
    }
    if (agent != null) {
      agent.destroy();
    }
  }

  @Test
  void ordinaryWorkRunsInCodexsProfile() throws Exception {
    String said = run(List.of(codex.toString(), "sandbox", "--", "sh", "-c", script()));

    assertThat(said).contains(IN_BOTH).contains("loopback service: 200", "ssh-agent: ok");
  }

  @Test
  void ordinaryWorkRunsInClaudeCodesLists() throws Exception {
    Path settings = srtSettings();

    String said = run(List.of(srt.toString(), "--settings", settings.toString(), "-c", script()));

    assertThat(said).contains(IN_BOTH);
  }

  /**
   * A Maven project in {@code build/maven} of the project, whose plugins are this build's own
   * (their versions read from the root {@code pom.xml}), so that an offline build finds them in the
   * machine's Maven cache: the runner reads it ({@code -Dmaven.repo.local}), as a person's builds
   * read and fill their own {@code ~/.m2}, which the policy lets them write.
   */
  private void mavenProject() throws IOException {
    String root = Files.readString(Interop.repoRoot().resolve("pom.xml"));
    StringBuilder plugins = new StringBuilder();
    for (String plugin : List.of("compiler", "resources", "jar", "surefire", "install", "clean")) {
      java.util.regex.Matcher version =
          java.util.regex.Pattern.compile("<" + plugin + "-plugin.version>([^<]+)<").matcher(root);
      assertThat(version.find())
          .as("the root pom names maven-%s-plugin's version", plugin)
          .isTrue();
      plugins
          .append("<plugin><groupId>org.apache.maven.plugins</groupId><artifactId>maven-")
          .append(plugin)
          .append("-plugin</artifactId><version>")
          .append(version.group(1))
          .append("</version></plugin>");
    }
    Path maven = Files.createDirectories(project.resolve("build/maven/src/main/java/a"));
    Files.writeString(maven.resolve("A.java"), "package a; public class A {}\n");
    Files.writeString(
        project.resolve("build/maven/pom.xml"),
        "<project xmlns=\"http://maven.apache.org/POM/4.0.0\"><modelVersion>4.0.0</modelVersion>"
            + "<groupId>a</groupId><artifactId>a</artifactId><version>1</version>"
            + "<properties><maven.compiler.release>17</maven.compiler.release>"
            + "<project.build.sourceEncoding>UTF-8</project.build.sourceEncoding></properties>"
            + "<build><plugins>"
            + plugins
            + "</plugins></build></project>\n");
  }

  /** The ordinary work, each line saying how it went. */
  private String script() {
    int port = service.getAddress().getPort();
    return String.join(
        "\n",
        "echo \"npm install: $(npm install --offline --no-audit --no-fund >/dev/null 2>&1 && echo ok"
            + " || echo FAILED)\"",
        "echo \"build output: $(mkdir -p build && echo built > build/out && echo ok || echo FAILED)\"",
        "echo \"maven build: $(cd build/maven && "
            + ShellWords.quote(Interop.repoRoot().resolve("mvnw").toString())
            + " -o -q -B -DskipTests -Dmaven.repo.local="
            + ShellWords.quote(userM2().resolve("repository").toString())
            + " package >../maven.log 2>&1 && [ -f target/a-1.jar ] && echo ok || echo FAILED)\"",
        "echo \"cache: $(echo x > \"$HOME/.m2/from-the-build\" && echo ok || echo FAILED)\"",
        "python3 -m http.server 0 --bind 127.0.0.1 > server.log 2>&1 & server=$!",
        "for i in 1 2 3 4 5 6 7 8 9 10; do grep -q 'port' server.log && break; sleep 0.5; done",
        "dev=$(sed -n 's/.*port \\([0-9]*\\).*/\\1/p' server.log | head -1)",
        "echo \"dev server inside: $(curl -s --noproxy '*' -o /dev/null -w '%{http_code}'"
            + " http://127.0.0.1:$dev/)\"",
        "kill $server",
        "echo \"loopback service: $(curl -s -o /dev/null -w '%{http_code}' --noproxy '*'"
            + " http://127.0.0.1:"
            + port
            + "/)\"",
        "echo \"git push over https: $(GIT_SSL_CAINFO="
            + ShellWords.quote(GitOverHttp.certificate(root).toString())
            + " git push -q "
            + git.url("remote.git")
            + " HEAD:refs/heads/main >git-push.log 2>&1 && echo ok || echo FAILED)\"",
        "echo \"ssh-agent: $(ssh-add -l >/dev/null 2>&1; [ $? -le 1 ] && echo ok || echo FAILED)\"",
        "echo \"outside: $(touch \"$HOME/outside\" 2>/dev/null && echo WRITTEN || echo refused)\"");
  }

  /** The machine's own Maven folder (the wrapper's Maven and the cache this build filled). */
  private static Path userM2() {
    return Path.of(System.getProperty("user.home"), ".m2");
  }

  /** srt's settings from the lists setup wrote into Claude's settings, as the doctor makes them. */
  private Path srtSettings() throws IOException {
    JsonNode sandbox =
        JSON.readTree(home.resolve(".claude/settings.json").toFile()).path("sandbox");
    ObjectNode settings = JSON.createObjectNode();
    ObjectNode filesystem = settings.putObject("filesystem");
    filesystem.putArray("allowWrite").add(project.toString());
    sandbox.at("/filesystem/allowWrite").forEach(filesystem.withArray("allowWrite")::add);
    filesystem.set("denyRead", sandbox.at("/filesystem/denyRead"));
    filesystem.putArray("denyWrite");
    ObjectNode network = settings.putObject("network");
    network.putArray("allowedDomains").add("localhost").add("127.0.0.1").add("127.0.0.2");
    network.putArray("deniedDomains");
    Path file = root.resolve("srt-settings.json");
    Files.writeString(file, settings.toString(), StandardCharsets.UTF_8);
    return file;
  }

  /** Runs {@code line} in {@code folder} outside any sandbox, as the test's own set-up. */
  private static void runOutside(Path folder, String... line) throws Exception {
    Process process =
        new ProcessBuilder(line).directory(folder.toFile()).redirectErrorStream(true).start();
    String said = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(process.waitFor(30, TimeUnit.SECONDS) && process.exitValue() == 0)
        .as("%s: %s", String.join(" ", line), said)
        .isTrue();
  }

  /** Runs {@code line} in the project with the person's environment; {@return what it printed} */
  private String run(List<String> line) throws Exception {
    ProcessBuilder builder =
        new ProcessBuilder(new ArrayList<>(line))
            .directory(project.toFile())
            .redirectErrorStream(true);
    builder.environment().clear();
    builder.environment().putAll(env);
    Process process = builder.start();
    process.getOutputStream().close();
    String said = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(process.waitFor(60, TimeUnit.SECONDS)).as(said).isTrue();
    return said;
  }
}
