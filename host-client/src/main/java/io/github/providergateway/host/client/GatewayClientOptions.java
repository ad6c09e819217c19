package io.github.providergateway.host.client;

import static java.util.Objects.requireNonNull;

import io.github.providergateway.loop.Backend;
import io.github.providergateway.loop.Backoff;
import java.time.Clock;
import java.time.Duration;

/**
 * How a {@link GatewayClient} connects and notices failures. Defaults: 2 s to connect, a ping every
 * 5 s and 15 s of silence before the gateway counts as gone, reconnect attempts from 100 ms
 * doubling to 1 s, a 10 s deadline for the sessions ended by {@link GatewayClient#close()}, not an
 * observer, time from {@link Backend#system()} (the system clock, a timer thread of the client's
 * own).
 */
public final class GatewayClientOptions {
  private final Duration connectTimeout;
  private final Duration heartbeatInterval;
  private final Duration heartbeatTimeout;
  private final Backoff backoff;
  private final Duration closeDeadline;
  private final boolean observer;
  private final Backend backend;
  private final Clock clock;
  private final GatewayClientListener listener;

  private GatewayClientOptions(Builder b) {
    this.connectTimeout = b.connectTimeout;
    this.heartbeatInterval = b.heartbeatInterval;
    this.heartbeatTimeout = b.heartbeatTimeout;
    this.backoff = b.backoff;
    this.closeDeadline = b.closeDeadline;
    this.observer = b.observer;
    this.backend = b.backend;
    this.clock = b.backend.clock();
    this.listener = b.listener;
  }

  /** {@return the default options: every setting of {@link Builder} at its default} */
  public static GatewayClientOptions defaults() {
    return builder().build();
  }

  /** {@return a new builder, every setting at its default} */
  public static Builder builder() {
    return new Builder();
  }

  Duration connectTimeout() {
    return connectTimeout;
  }

  Duration heartbeatInterval() {
    return heartbeatInterval;
  }

  Duration heartbeatTimeout() {
    return heartbeatTimeout;
  }

  boolean observer() {
    return observer;
  }

  Clock clock() {
    return clock;
  }

  /** The waits before reconnect attempts. */
  Backoff backoff() {
    return backoff;
  }

  /** How long the providers of the sessions {@link GatewayClient#close()} ends have to answer. */
  Duration closeDeadline() {
    return closeDeadline;
  }

  /** Where the client's own scheduler comes from. */
  Backend backend() {
    return backend;
  }

  /** The listener registered before the first connection, or {@code null}. */
  GatewayClientListener listener() {
    return listener;
  }

  /** Builds {@link GatewayClientOptions}. */
  public static final class Builder {
    // Loopback handshakes take milliseconds; a gateway that is going away may accept and never
    // answer, and that must not hold the reconnect long.
    private Duration connectTimeout = Duration.ofSeconds(2);
    private Duration heartbeatInterval = Duration.ofSeconds(5);
    private Duration heartbeatTimeout = Duration.ofSeconds(15);
    private Backoff backoff = Backoff.exponential(Duration.ofMillis(100), Duration.ofSeconds(1));
    private Duration closeDeadline = Duration.ofSeconds(10);
    private boolean observer;
    private Backend backend = Backend.system();
    private GatewayClientListener listener;

    /** A builder with every setting at its default, as {@link GatewayClientOptions#builder()}. */
    public Builder() {}

    /**
     * How long one connection attempt may take (default 2 s): a gateway that is going away may
     * accept and never answer.
     *
     * @param timeout the limit
     * @return this builder
     */
    public Builder connectTimeout(Duration timeout) {
      this.connectTimeout = requireNonNull(timeout, "timeout");
      return this;
    }

    /**
     * A ping every {@code interval}; silence longer than {@code timeout} means the gateway is gone.
     *
     * @param interval between pings; default 5 s
     * @param timeout the longest silence; default 15 s
     * @return this builder
     */
    public Builder heartbeat(Duration interval, Duration timeout) {
      this.heartbeatInterval = requireNonNull(interval, "interval");
      this.heartbeatTimeout = requireNonNull(timeout, "timeout");
      return this;
    }

    /**
     * Reconnect attempts wait {@code initial}, doubled after each failure up to {@code max} ({@link
     * Backoff#exponential}; {@code initial} positive and not above {@code max}).
     *
     * @param initial the first wait; default 100 ms
     * @param max the longest wait; default 1 s
     * @return this builder
     */
    public Builder backoff(Duration initial, Duration max) {
      this.backoff = Backoff.exponential(initial, max);
      return this;
    }

    /**
     * The deadline of the sessions {@link GatewayClient#close()} ends.
     *
     * @param deadline how long their providers have to answer; default 10 s
     * @return this builder
     */
    public Builder closeDeadline(Duration deadline) {
      this.closeDeadline = requireNonNull(deadline, "deadline");
      return this;
    }

    /**
     * Receive every session's timeline, not only this client's (an attached console).
     *
     * @param observer whether to; default false
     * @return this builder
     */
    public Builder observer(boolean observer) {
      this.observer = observer;
      return this;
    }

    /**
     * Where the client's time comes from: the clock its heartbeat reads and the scheduler that
     * times heartbeats, reconnect waits and the wait for a first connection ({@code connect}'s,
     * {@code connectOrStart}'s {@link GatewayLaunch#startTimeout()}). Tests pass {@code
     * ManualClock.backend()}, so that one manual clock drives both. A scheduler the backend makes
     * is the client's: {@link GatewayClient#close()} releases it ({@link Backend#release}).
     * Default: {@link Backend#system()}.
     *
     * @param backend the source of time
     * @return this builder
     */
    public Builder backend(Backend backend) {
      this.backend = requireNonNull(backend, "backend");
      return this;
    }

    /**
     * A listener registered before the first connection (so it hears everything).
     *
     * @param listener the listener
     * @return this builder
     */
    public Builder listener(GatewayClientListener listener) {
      this.listener = requireNonNull(listener, "listener");
      return this;
    }

    /** {@return the options} */
    public GatewayClientOptions build() {
      return new GatewayClientOptions(this);
    }
  }
}
