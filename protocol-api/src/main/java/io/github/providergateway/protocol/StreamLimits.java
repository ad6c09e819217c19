package io.github.providergateway.protocol;

import java.util.Objects;

/**
 * How much of its streams the gateway keeps and how fast providers may push into them. One part of
 * {@link Limits}, read with {@link Limits#streams()}; set through {@link Limits.Builder}.
 *
 * <p>Each check is made here, so no instance holds a limit out of its range.
 */
public final class StreamLimits {

  private final int streamRetention;
  private final int maxQueryLast;
  private final int maxStreamBytes;
  private final int maxStreamsPerSession;
  private final int maxRetainedStreamBytes;
  private final int maxSnapshotBytes;
  private final int maxPushesPerSecond;
  private final int injectCyclesBeforePause;

  /**
   * Checks every limit.
   *
   * @param streamRetention see {@link #streamRetention()}
   * @param maxQueryLast see {@link #maxQueryLast()}
   * @param maxStreamBytes see {@link #maxStreamBytes()}
   * @param maxStreamsPerSession see {@link #maxStreamsPerSession()}
   * @param maxRetainedStreamBytes see {@link #maxRetainedStreamBytes()}
   * @param maxSnapshotBytes see {@link #maxSnapshotBytes()}
   * @param maxPushesPerSecond see {@link #maxPushesPerSecond()}
   * @param injectCyclesBeforePause see {@link #injectCyclesBeforePause()}
   * @throws IllegalArgumentException naming the first limit out of its range
   */
  StreamLimits(
      int streamRetention,
      int maxQueryLast,
      int maxStreamBytes,
      int maxStreamsPerSession,
      int maxRetainedStreamBytes,
      int maxSnapshotBytes,
      int maxPushesPerSecond,
      int injectCyclesBeforePause) {
    LimitChecks.positive(streamRetention, "streamRetention");
    LimitChecks.positive(maxQueryLast, "maxQueryLast");
    LimitChecks.positive(maxStreamBytes, "maxStreamBytes");
    LimitChecks.positive(maxStreamsPerSession, "maxStreamsPerSession");
    LimitChecks.positive(maxRetainedStreamBytes, "maxRetainedStreamBytes");
    LimitChecks.positive(maxSnapshotBytes, "maxSnapshotBytes");
    LimitChecks.positive(maxPushesPerSecond, "maxPushesPerSecond");
    LimitChecks.positive(injectCyclesBeforePause, "injectCyclesBeforePause");
    this.streamRetention = streamRetention;
    this.maxQueryLast = maxQueryLast;
    this.maxStreamBytes = maxStreamBytes;
    this.maxStreamsPerSession = maxStreamsPerSession;
    this.maxRetainedStreamBytes = maxRetainedStreamBytes;
    this.maxSnapshotBytes = maxSnapshotBytes;
    this.maxPushesPerSecond = maxPushesPerSecond;
    this.injectCyclesBeforePause = injectCyclesBeforePause;
  }

  /** {@return how many events are kept per stream; older ones are evicted} */
  public int streamRetention() {
    return streamRetention;
  }

  /** {@return the most events a provider may ask of one stream in a {@code stream.query}} */
  public int maxQueryLast() {
    return maxQueryLast;
  }

  /**
   * {@return the estimated heap one stream may hold (its events' text and metadata) before its
   * oldest events are evicted, however few they are; the newest event is always kept}
   */
  public int maxStreamBytes() {
    return maxStreamBytes;
  }

  /**
   * {@return how many streams a session keeps; past it, the least recently written stream of a
   * provider no longer bound there is dropped, and if every stream belongs to a bound provider a
   * push opening a new one is refused.}
   */
  public int maxStreamsPerSession() {
    return maxStreamsPerSession;
  }

  /**
   * {@return the estimated heap all streams of all sessions may hold together; past it the streams
   * of departed providers go first, then the oldest events of the provider holding the most}
   */
  public int maxRetainedStreamBytes() {
    return maxRetainedStreamBytes;
  }

  /**
   * {@return the estimated heap the reconnect snapshots of departed providers may hold together;
   * past it the oldest snapshots are forgotten}
   */
  public int maxSnapshotBytes() {
    return maxSnapshotBytes;
  }

  /** {@return how many pushes are allowed per (provider, session) per second} */
  public int maxPushesPerSecond() {
    return maxPushesPerSecond;
  }

  /** {@return how many inject→turn→inject cycles run before a provider's injects pause} */
  public int injectCyclesBeforePause() {
    return injectCyclesBeforePause;
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof StreamLimits o
        && streamRetention == o.streamRetention
        && maxQueryLast == o.maxQueryLast
        && maxStreamBytes == o.maxStreamBytes
        && maxStreamsPerSession == o.maxStreamsPerSession
        && maxRetainedStreamBytes == o.maxRetainedStreamBytes
        && maxSnapshotBytes == o.maxSnapshotBytes
        && maxPushesPerSecond == o.maxPushesPerSecond
        && injectCyclesBeforePause == o.injectCyclesBeforePause;
  }

  @Override
  public int hashCode() {
    return Objects.hash(
        streamRetention,
        maxQueryLast,
        maxStreamBytes,
        maxStreamsPerSession,
        maxRetainedStreamBytes,
        maxSnapshotBytes,
        maxPushesPerSecond,
        injectCyclesBeforePause);
  }

  /** {@return the limits by name, as a record would show them} */
  @Override
  public String toString() {
    return "StreamLimits["
        + "streamRetention="
        + streamRetention
        + ", maxQueryLast="
        + maxQueryLast
        + ", maxStreamBytes="
        + maxStreamBytes
        + ", maxStreamsPerSession="
        + maxStreamsPerSession
        + ", maxRetainedStreamBytes="
        + maxRetainedStreamBytes
        + ", maxSnapshotBytes="
        + maxSnapshotBytes
        + ", maxPushesPerSecond="
        + maxPushesPerSecond
        + ", injectCyclesBeforePause="
        + injectCyclesBeforePause
        + "]";
  }
}
