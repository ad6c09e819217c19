package io.github.providergateway.protocol;

import java.time.Duration;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Argument checks shared by the message records' compact constructors. */
final class Require {

  private Require() {}

  /** {@code value}, which must be present and not empty. */
  static String nonEmpty(String value, String field) {
    if (value == null) {
      throw new NullPointerException(field + " is required");
    }
    if (value.isEmpty()) {
      throw new IllegalArgumentException(field + " must not be empty");
    }
    return value;
  }

  /** {@code value}, which must be present. */
  static <T> T present(T value, String field) {
    if (value == null) {
      throw new NullPointerException(field + " is required");
    }
    return value;
  }

  /**
   * An unmodifiable copy of {@code list}, or {@code null} when absent; elements must be present.
   */
  static <T> List<T> copyOrNull(List<T> list) {
    return list == null ? null : List.copyOf(list);
  }

  /** An unmodifiable, order-keeping copy of {@code map}, or {@code null} when absent. */
  static <K, V> Map<K, V> copyOrNull(Map<K, V> map) {
    if (map == null) {
      return null;
    }
    for (Map.Entry<K, V> entry : map.entrySet()) {
      present(entry.getKey(), "map key");
      present(entry.getValue(), "map value");
    }
    return Collections.unmodifiableMap(new LinkedHashMap<>(map));
  }

  /** {@code duration}, which when present must be positive and a whole number of milliseconds. */
  static Duration positiveMillis(Duration duration, String field) {
    if (duration == null) {
      return null;
    }
    if (duration.isNegative() || duration.isZero()) {
      throw new IllegalArgumentException(field + " must be positive, was " + duration);
    }
    if (duration.getNano() % 1_000_000 != 0) {
      throw new IllegalArgumentException(field + " must be whole milliseconds, was " + duration);
    }
    return duration;
  }

  /** Fails when {@code values} holds an empty string. */
  static void noEmptyStrings(Collection<String> values, String field) {
    if (values != null) {
      for (String value : values) {
        nonEmpty(value, field + " entry");
      }
    }
  }
}
