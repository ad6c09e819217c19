package io.github.providergateway.app;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.app.detached.DetachedGatewayStarter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The agents' start-up cache (the launchers' {@code -agents} archive, trained by {@code mcp
 * --class-data-training}) also covers an agent's hook when no gateway runs (issue 76): it was
 * trained on an MCP window alone, and {@code gateway hook claude} with no gateway, the JVM path of
 * the hook script, read its classes from the jar. Both run here as processes with the JVM's
 * class-loading log: every class of ours the hook call loads, the training loaded too.
 */
@Tag("process")
class AgentsCacheTrainingTest {

  private static final Pattern LOADED =
      Pattern.compile("\\] (io\\.github\\.providergateway\\.[^ $]+) source");

  @TempDir Path dir;

  @Test
  void theAgentsTrainingLoadsEveryClassOfOursThatAHookCallWithNoGatewayLoads() throws Exception {
    Path window =
        Files.writeString(
            dir.resolve("window.in"),
            "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":"
                + "\"2025-11-25\",\"capabilities\":{},\"clientInfo\":{\"name\":\"training\","
                + "\"version\":\"1\"}}}\n"
                + "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}\n"
                + "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\"}\n");
    Path call =
        Files.writeString(
            dir.resolve("call.json"),
            "{\"session_id\":\"t\",\"hook_event_name\":\"PreToolUse\",\"tool_name\":\"Bash\","
                + "\"tool_input\":{\"command\":\"ls\"},\"cwd\":\"/tmp\"}\n");

    Set<String> trained =
        loaded(
            "training",
            window,
            "mcp",
            "--class-data-training",
            "--home",
            dir.resolve("training-home").toString());
    Set<String> hook =
        loaded("hook", call, "hook", "claude", "--home", dir.resolve("hook-home").toString());

    assertThat(hook)
        .as("a hook call's classes; it said: %s", Files.readString(dir.resolve("hook.out")))
        .contains("io.github.providergateway.agent.hook.HookAdapter");
    assertThat(trained).containsAll(hook);
  }

  /**
   * Runs the app with {@code args}, stdin {@code input}; {@return the classes of ours it loaded}
   */
  private Set<String> loaded(String name, Path input, String... args) throws Exception {
    Path log = dir.resolve(name + ".classes");
    List<String> command = new ArrayList<>(TestJvm.command(Main.class, List.of(args)));
    command.add(1, "-Xlog:class+load=info:file=" + log);
    Path output = dir.resolve(name + ".out");
    Process process =
        new ProcessBuilder(command)
            .redirectInput(input.toFile())
            .redirectErrorStream(true)
            .redirectOutput(output.toFile())
            .start();
    assertThat(process.waitFor(DetachedGatewayStarter.START_WAIT.toSeconds(), TimeUnit.SECONDS))
        .as("%s ended", name)
        .isTrue();
    Set<String> classes = new TreeSet<>();
    for (String line : Files.readAllLines(log)) {
      Matcher matcher = LOADED.matcher(line);
      if (matcher.find()) {
        classes.add(matcher.group(1));
      }
    }
    return classes;
  }
}
