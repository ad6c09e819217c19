package io.github.providergateway.transport.stdio;

import io.github.providergateway.gateway.spi.CloseReason;
import io.github.providergateway.gateway.spi.ProviderConnection;
import io.github.providergateway.gateway.spi.ProviderLink;
import io.github.providergateway.loop.base.DaemonThreads;
import io.github.providergateway.protocol.ErrorCode;
import io.github.providergateway.protocol.ErrorMessage;
import io.github.providergateway.protocol.GatewayMessage;
import io.github.providergateway.protocol.json.ProtocolCodec;
import java.lang.System.Logger.Level;
import java.time.Duration;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;

/**
 * One spawned provider's connection over its stdin and stdout, as the gateway sees it: each message
 * the gateway sends is one JSON line on the child's stdin; each line the child writes to stdout is
 * delivered, as text, to be decoded and size-checked by the gateway like a WebSocket message (a
 * line that is not JSON gets {@code error INVALID_JSON}, one over its type's limit {@code
 * PAYLOAD_TOO_LARGE}).
 *
 * <p>Bounds: a line past the transport limit (the largest message plus 1 MiB, as the WebSocket
 * transport's) is not read further: the child gets {@code error PAYLOAD_TOO_LARGE} saying so and is
 * stopped. A child whose stdin queue is full (it does not read) is stopped as too slow. Either way
 * its calls end {@code DISCONNECTED} at once. Reading is suspended while the gateway's inbound
 * backlog asks.
 *
 * <p>Ending: whatever ends it (the gateway's {@link #close}, the process exiting, a broken bound),
 * the child is stopped (stdin closed after what is queued, SIGTERM, SIGKILL) on a thread of its
 * own, and the gateway hears {@link ProviderLink#closed()}. Thread-safe: the gateway loop sends and
 * closes, the child's reader delivers.
 */
final class StdioProviderConnection implements ProviderConnection, ChildProcess.LineHandler {

  private static final System.Logger LOG =
      System.getLogger(StdioProviderConnection.class.getName());
  private static final ProtocolCodec CODEC = ProtocolCodec.create();

  private final ChildProcess child;
  private final ProcessLog log;

  /** Writes a line into the timeline of the session that spawned it. */
  private final Consumer<String> timeline;

  /** How long a child may take to exit once its connection closes. */
  private final Duration stopGrace;

  private final String description;

  /** Set once, right after the gateway accepted the connection. */
  private volatile ProviderLink link;

  /** Whether the child is being stopped; set once. */
  private final AtomicBoolean stopping = new AtomicBoolean();

  StdioProviderConnection(
      ChildProcess child, ProcessLog log, Consumer<String> timeline, Duration stopGrace) {
    this.child = child;
    this.log = log;
    this.timeline = timeline;
    this.stopGrace = stopGrace;
    this.description = "stdio " + child;
  }

  void attach(ProviderLink link) {
    this.link = link;
  }

  // ---- from the gateway (on its loop: never block) ----

  @Override
  public boolean send(GatewayMessage message) {
    return switch (child.write(CODEC.encode(message))) {
      case QUEUED -> true;
      case INPUT_CLOSED -> false;
      case QUEUE_FULL -> {
        String waiting = child.queued();
        if (stop(stopGrace)) {
          tell("does not read its stdin (" + waiting + " waiting): closed as too slow");
          link.closed(); // its calls end DISCONNECTED now, not when the process has gone
        }
        yield false;
      }
    };
  }

  @Override
  public void close(CloseReason reason) {
    stop(stopGrace);
  }

  @Override
  public String describe() {
    return description;
  }

  @Override
  public java.util.Optional<ProcessHandle> peerProcess() {
    return java.util.Optional.of(child.process().toHandle());
  }

  @Override
  public void suspendReading() {
    child.suspendReading();
  }

  @Override
  public void resumeReading() {
    child.resumeReading();
  }

  // ---- from the child (its reader thread) ----

  @Override
  public void line(String line) {
    try {
      // The gateway decodes and size-checks it on its loop (on this thread when the loop is idle).
      link.receive(line);
    } catch (RejectedExecutionException stopped) {
      stop(Duration.ZERO); // the gateway has stopped: nobody is left to serve the child
    }
  }

  @Override
  public void ended(ChildProcess.Ending ending) {
    switch (ending) {
      case LINE_TOO_LONG -> {
        int max = child.bounds().maxLineBytes();
        // Stdio has no close frame: an error line is the child's only way to hear why.
        child.write(
            CODEC.encode(
                ErrorMessage.of(
                    ErrorCode.PAYLOAD_TOO_LARGE,
                    "A line over " + max + " bytes: the connection is closed")));
        tell("wrote a line of more than " + max + " bytes to stdout: its connection is closed");
        stop(stopGrace);
      }
      case STDOUT_ENDED -> LOG.log(Level.DEBUG, "{0}: stdout ended", description);
    }
    link.closed();
  }

  /**
   * Says why the connection ends where people look: its log, the session's timeline, the gateway's
   * log.
   */
  private void tell(String why) {
    log.note(why);
    LOG.log(Level.INFO, "{0}: {1}", description, why);
    timeline.accept("Provider '" + child.spec().name() + "' " + why);
  }

  /**
   * Stops the child on a thread of its own, once.
   *
   * @return whether this call started stopping it
   */
  boolean stop(Duration grace) {
    if (!stopping.compareAndSet(false, true)) {
      return false;
    }
    DaemonThreads.start("stdio-" + child.spec().name() + "-stop", () -> child.stop(grace));
    return true;
  }

  @Override
  public String toString() {
    return description;
  }
}
