package io.github.providergateway.gateway.internal;

import io.github.providergateway.protocol.RegexSteps;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Providers' compiled regexes by source, least recently used evicted, bounded by the heap they may
 * hold as well as by number. A compiled pattern holds up to about 100 bytes per character of its
 * source (measured: 1,024 characters of {@code [a&&b]} or {@code [^x]} compile to 80-105 KiB), so
 * 512 of the longest patterns a rule may have would hold 50 MiB; counted at {@value
 * #BYTES_PER_CHAR} bytes a character, the cache holds at most {@value #MAX_BYTES} bytes. Loop only.
 */
final class CompiledPatterns {

  /** At most this many patterns, however short. */
  static final int MAX_PATTERNS = 512;

  /** What a compiled pattern is counted to hold per character of its source: above any measured. */
  static final int BYTES_PER_CHAR = 128;

  /** What a compiled pattern is counted to hold besides. */
  static final int BYTES_PER_PATTERN = 1024;

  /** At most this many counted bytes: 8 MiB. */
  static final long MAX_BYTES = 8L << 20;

  private final Map<String, RegexSteps.Guarded> patterns = new LinkedHashMap<>(64, 0.75f, true);
  private long bytes;

  /** The compiled {@code regex}, compiled now if it is not held. */
  RegexSteps.Guarded get(String regex) {
    RegexSteps.Guarded pattern = patterns.get(regex);
    if (pattern == null) {
      pattern = RegexSteps.compile(regex);
      patterns.put(regex, pattern);
      bytes += counted(regex);
      evictPastBounds(regex);
    }
    return pattern;
  }

  /** How many patterns are held. */
  int size() {
    return patterns.size();
  }

  /** The bytes the held patterns are counted to hold. */
  long bytes() {
    return bytes;
  }

  static long counted(String regex) {
    return BYTES_PER_PATTERN + (long) BYTES_PER_CHAR * regex.length();
  }

  private void evictPastBounds(String newest) {
    Iterator<String> eldestFirst = patterns.keySet().iterator();
    while ((patterns.size() > MAX_PATTERNS || bytes > MAX_BYTES) && eldestFirst.hasNext()) {
      String eldest = eldestFirst.next();
      if (eldest.equals(newest)) {
        break; // the one in use stays, whatever it costs: one pattern is bounded by its length
      }
      eldestFirst.remove();
      bytes -= counted(eldest);
    }
  }
}
