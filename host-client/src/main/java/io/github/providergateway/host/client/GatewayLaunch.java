package io.github.providergateway.host.client;

import static java.util.Objects.requireNonNull;

import io.github.providergateway.protocol.GatewayAddress;
import java.time.Duration;

/**
 * How {@link GatewayClient#connectOrStart} starts a gateway when none answers: its {@link
 * GatewayStarter}, the port (default 9400) and how long to wait for an answer (default 15 s).
 *
 * <p>There is no default starter, so no {@code GatewayLaunch.defaults()}: the library cannot know
 * which gateway to run (it used to run the reference app from the class path, which only the app
 * can do). Pass the reference app's {@code DetachedGatewayStarter.fromClassPath()} for what that
 * default did, or a starter of your own.
 */
public final class GatewayLaunch {
  private final int port;
  private final Duration startTimeout;
  private final GatewayStarter starter;
  private final boolean restartsAfterCleanStop;

  private GatewayLaunch(Builder b) {
    this.port = b.port;
    this.startTimeout = b.startTimeout;
    this.starter = b.starter;
    this.restartsAfterCleanStop = b.restartsAfterCleanStop;
  }

  /**
   * Starts gateways with {@code starter}, on the default port and timeout.
   *
   * @param starter what starts a gateway
   * @return the launch
   */
  public static GatewayLaunch of(GatewayStarter starter) {
    return builder().starter(starter).build();
  }

  /** {@return a builder; {@link Builder#starter} must be given} */
  public static Builder builder() {
    return new Builder();
  }

  /** {@return the port a started gateway listens on, and the one tried when the home names none} */
  public int port() {
    return port;
  }

  /** {@return how long to wait for a started gateway to answer} */
  public Duration startTimeout() {
    return startTimeout;
  }

  /**
   * {@return whether a gateway this client was connected to, which then stopped cleanly, is started
   * again} (see {@link Builder#restartAfterCleanStop})
   */
  public boolean restartsAfterCleanStop() {
    return restartsAfterCleanStop;
  }

  GatewayStarter starter() {
    return starter;
  }

  /** Builds a {@link GatewayLaunch}. */
  public static final class Builder {
    private int port = GatewayAddress.DEFAULT_PORT;
    private Duration startTimeout = Duration.ofSeconds(15);
    private GatewayStarter starter;
    private boolean restartsAfterCleanStop = true;

    /**
     * A builder with the default port and timeout and no starter, as {@link
     * GatewayLaunch#builder()}.
     */
    public Builder() {}

    /**
     * The port a started gateway listens on, and the one tried when the home names none.
     *
     * @param port 1 to 65535; default 9400
     * @return this builder
     * @throws IllegalArgumentException when {@code port} is out of range
     */
    public Builder port(int port) {
      if (port < 1 || port > 65535) {
        throw new IllegalArgumentException("port must be 1..65535, was " + port);
      }
      this.port = port;
      return this;
    }

    /**
     * How long to wait for a started gateway to answer.
     *
     * @param timeout the wait; default 15 s
     * @return this builder
     */
    public Builder startTimeout(Duration timeout) {
      this.startTimeout = requireNonNull(timeout, "timeout");
      return this;
    }

    /**
     * What starts a gateway (required): the reference app's starter, or one of your own.
     *
     * @param starter the starter
     * @return this builder
     */
    public Builder starter(GatewayStarter starter) {
      this.starter = requireNonNull(starter, "starter");
      return this;
    }

    /**
     * Whether a gateway this client was connected to is started again when it stopped cleanly: it
     * removed its {@link GatewayHome#PORT_FILE} (the reference gateway does first thing at a stop,
     * before it closes its connections), where one that crashed leaves it. A person who stopped it
     * ({@code gateway stop}) may not want it back: an agent's window passes {@code false}, and
     * joins a gateway started again by someone else as soon as one answers (the client keeps trying
     * to connect). A gateway that was not running when the client first connected is started either
     * way, and so is one that crashed.
     *
     * @param restart whether to start it again; default {@code true}
     * @return this builder
     */
    public Builder restartAfterCleanStop(boolean restart) {
      this.restartsAfterCleanStop = restart;
      return this;
    }

    /**
     * The launch.
     *
     * @return the launch, for {@link GatewayClient#connectOrStart}
     * @throws IllegalStateException when no {@link #starter} was given
     */
    public GatewayLaunch build() {
      if (starter == null) {
        throw new IllegalStateException(
            "a GatewayLaunch needs a starter: the library does not know which gateway to run (the"
                + " reference app's is DetachedGatewayStarter.fromClassPath())");
      }
      return new GatewayLaunch(this);
    }
  }
}
