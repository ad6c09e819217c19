package io.github.providergateway.app;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Tag;

/**
 * The window contract for the JVM's window, {@code gateway mcp} ({@code McpFrontDoor} over stdio)
 * as a process of its own, as the launcher runs it when the shell window hands it over: a process
 * rather than in-process, so that its stdio, its exit and its time limits are the real ones.
 */
@Tag("process")
class JvmWindowContractTest extends WindowContract {
  @Override
  List<String> command(Path home) {
    return TestJvm.command(Main.class, List.of("mcp", "--home", home.toString()));
  }
}
