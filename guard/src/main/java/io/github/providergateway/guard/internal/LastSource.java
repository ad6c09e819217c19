package io.github.providergateway.guard.internal;

import java.util.function.Function;

/**
 * What one reading made of the last command text it was given, kept per thread and found by the
 * text's identity: a call's text is read whole by several families for each of its programs (its
 * tokens, the assignments in effect), and a decision is taken on one thread, so each reading of a 4
 * KiB command is made once a call rather than once a family. A text equal but not the same object
 * is read again, which costs time and never a wrong answer; what is kept must not be changed by its
 * readers.
 *
 * @param <T> what the reading makes
 */
final class LastSource<T> {
  /** A text and what the reading made of it. */
  private record Kept<T>(String source, T read) {}

  private final Function<String, T> reading;

  private final ThreadLocal<Kept<T>> last = new ThreadLocal<>();

  /**
   * A reading kept for the last text.
   *
   * @param reading what it makes of a text; its result is shared by every reader of that text
   */
  LastSource(Function<String, T> reading) {
    this.reading = reading;
  }

  /**
   * What the reading makes of a text: kept from the last time where it was this same text.
   *
   * @param source the text
   * @return what it made
   */
  T of(String source) {
    Kept<T> kept = last.get();
    if (kept != null && kept.source() == source) {
      return kept.read();
    }
    T read = reading.apply(source);
    last.set(new Kept<>(source, read));
    return read;
  }
}
