package io.github.providergateway.protocol;

/**
 * How much of its streams the gateway keeps and how fast providers may push into them. One part of
 * {@link Limits}, read with {@link Limits#streams()}; set through {@link Limits.Builder}.
 *
 * <p>Each check is made here, so no instance holds a limit out of its range.
 *
 * @param streamRetention how many events are kept per stream; older ones are evicted
 * @param maxQueryLast the most events a provider may ask of one stream in a {@code stream.query}
 * @param maxStreamBytes the estimated heap one stream may hold (its events' text and metadata)
 *     before its oldest events are evicted, however few they are; the newest event is always kept
 * @param maxStreamsPerSession how many streams a session keeps; past it, the least recently written
 *     stream of a provider no longer bound there is dropped, and if every stream belongs to a bound
 *     provider a push opening a new one is refused.
 * @param maxRetainedStreamBytes the estimated heap all streams of all sessions may hold together;
 *     past it the streams of departed providers go first, then the oldest events of the provider
 *     holding the most
 * @param maxSnapshotBytes the estimated heap the reconnect snapshots of departed providers may hold
 *     together; past it the oldest snapshots are forgotten
 * @param maxPushesPerSecond how many pushes are allowed per (provider, session) per second
 * @param injectCyclesBeforePause how many inject→turn→inject cycles run before a provider's injects
 *     pause
 */
public record StreamLimits(
    int streamRetention,
    int maxQueryLast,
    int maxStreamBytes,
    int maxStreamsPerSession,
    int maxRetainedStreamBytes,
    int maxSnapshotBytes,
    int maxPushesPerSecond,
    int injectCyclesBeforePause) {

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
  public StreamLimits {
    LimitChecks.positive(streamRetention, "streamRetention");
    LimitChecks.positive(maxQueryLast, "maxQueryLast");
    LimitChecks.positive(maxStreamBytes, "maxStreamBytes");
    LimitChecks.positive(maxStreamsPerSession, "maxStreamsPerSession");
    LimitChecks.positive(maxRetainedStreamBytes, "maxRetainedStreamBytes");
    LimitChecks.positive(maxSnapshotBytes, "maxSnapshotBytes");
    LimitChecks.positive(maxPushesPerSecond, "maxPushesPerSecond");
    LimitChecks.positive(injectCyclesBeforePause, "injectCyclesBeforePause");
  }
}
