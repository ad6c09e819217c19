package io.github.providergateway.app;

import io.github.providergateway.app.detached.DetachedGatewayStarter;
import io.github.providergateway.app.dist.RuntimeCopy;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A command of the installed or checked-out launcher run as a script runs it, for tests of real
 * processes: input {@code /dev/null}, stdout and stderr together in a file, and a bound.
 *
 * @param exit its exit code
 * @param output its stdout and stderr together
 */
record CommandRun(int exit, String output) {

  /**
   * Runs {@code command} with {@code env} added to this JVM's environment (less the launchers' own
   * mark, {@link DetachedGatewayStarter#LAUNCHER_VARIABLE}, which a test's JVM may have), its
   * output in a file of {@code dir}; fails when it has not ended within {@code limit}.
   */
  static CommandRun run(Path dir, List<String> command, Map<String, String> env, Duration limit)
      throws Exception {
    Path output = Files.createTempFile(dir, "output", ".txt");
    ProcessBuilder builder =
        new ProcessBuilder(new ArrayList<>(command))
            .redirectErrorStream(true)
            .redirectOutput(output.toFile())
            .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()));
    builder.environment().remove(DetachedGatewayStarter.LAUNCHER_VARIABLE);
    builder.environment().putAll(env);
    Process process = builder.start();
    if (!process.waitFor(limit.toSeconds(), TimeUnit.SECONDS)) {
      process.destroyForcibly();
      throw new AssertionError(command + " did not end within " + limit);
    }
    return new CommandRun(process.exitValue(), Files.readString(output, StandardCharsets.UTF_8));
  }

  /**
   * Kills every process with an argument that names {@code path} (a test's home or folder): the
   * detached gateways and trainings a test started, which outlive it by design; returns once they
   * are gone.
   */
  static void killProcessesNaming(Path path) throws Exception {
    List<ProcessHandle> named =
        ProcessHandle.allProcesses()
            .filter(
                p -> RuntimeCopy.argumentsOf(p).stream().anyMatch(a -> a.contains(path.toString())))
            .toList();
    named.forEach(ProcessHandle::destroyForcibly);
    // Gone before the test's folder is deleted: a training still writing there fails the delete.
    for (ProcessHandle process : named) {
      process.onExit().get(DetachedGatewayStarter.START_WAIT.toSeconds(), TimeUnit.SECONDS);
    }
  }
}
