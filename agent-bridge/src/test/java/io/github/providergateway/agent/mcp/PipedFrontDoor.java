package io.github.providergateway.agent.mcp;

import io.github.providergateway.host.api.HostApi;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.nio.channels.Channels;
import java.nio.channels.Pipe;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.function.UnaryOperator;

/**
 * {@link McpFrontDoor} served on a thread of its own over a pair of pipes, as {@code gateway mcp}
 * serves an agent's process: the agent writes to {@link #agentWrites} and reads {@link
 * #agentReads}; {@link #ran} completes when {@link McpFrontDoor#run} returns.
 */
final class PipedFrontDoor {
  final McpFrontDoor door;
  final InputStream agentReads;
  final OutputStream agentWrites;
  final CompletableFuture<Void> ran = new CompletableFuture<>();

  private PipedFrontDoor(McpFrontDoor door, InputStream agentReads, OutputStream agentWrites) {
    this.door = door;
    this.agentReads = agentReads;
    this.agentWrites = agentWrites;
  }

  /**
   * Builds the front door in {@code /code/agent} on the pipes, with what {@code settings} adds (its
   * gateway at least), and starts serving.
   */
  static PipedFrontDoor start(UnaryOperator<McpFrontDoor.Builder> settings) throws IOException {
    Pipe toServer = Pipe.open();
    Pipe toClient = Pipe.open();
    McpFrontDoor door =
        settings
            .apply(
                McpFrontDoor.builder()
                    .streams(
                        Channels.newInputStream(toServer.source()),
                        Channels.newOutputStream(toClient.sink()))
                    .workingDirectory(Path.of("/code/agent")))
            .build();
    PipedFrontDoor piped =
        new PipedFrontDoor(
            door,
            Channels.newInputStream(toClient.source()),
            Channels.newOutputStream(toServer.sink()));
    Thread serving =
        new Thread(
            () -> {
              try {
                door.run();
                piped.ran.complete(null);
              } catch (Throwable e) {
                piped.ran.completeExceptionally(e);
              }
            },
            "front-door");
    serving.setDaemon(true);
    serving.start();
    return piped;
  }

  /**
   * Runs a blocking read on a thread of its own: the common pool has one worker on two cores (JDK
   * 25 no longer gives such a pool a thread per task), where a read left waiting by one test would
   * hold up the next test's.
   */
  static void onItsOwnThread(Runnable read) {
    Thread thread = new Thread(read, "test-read");
    thread.setDaemon(true);
    thread.start();
  }

  /**
   * The gateway as a {@link HostApi} the front door cannot close (it closes what is {@link
   * AutoCloseable} when it ends), so that a test can still ask it afterwards.
   */
  static HostApi notClosable(HostApi gateway) {
    return (HostApi)
        Proxy.newProxyInstance(
            HostApi.class.getClassLoader(),
            new Class<?>[] {HostApi.class},
            (proxy, method, args) -> {
              try {
                return method.invoke(gateway, args);
              } catch (InvocationTargetException e) {
                throw e.getCause();
              }
            });
  }
}
