package io.github.providergateway.guard.internal;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.zip.GZIPInputStream;

/**
 * The programs anyone may install (decision 262): every name under {@code bin/} and {@code sbin/}
 * of Debian's packages, written by {@code public-programs.sh} beside the list. A program named
 * there is a public tool ({@code samtools}, {@code ogrinfo}, {@code candump}), whose commands the
 * families and the verbs read; a program named nowhere is a company's own ({@link
 * TradeToolCommands}). The list is read once, when a call first asks.
 */
final class PublicPrograms {
  private PublicPrograms() {}

  /** The list: one name a line, gzipped. */
  private static final String RESOURCE =
      "/io/github/providergateway/guard/internal/public-programs.txt.gz";

  /** Whether {@code program} is the name of a program a public distribution ships. */
  static boolean known(String program) {
    return Names.contains(Names.ALL, program.getBytes(StandardCharsets.UTF_8));
  }

  /**
   * Loaded on first use: a call that never reaches a trade's tool never reads the list. Kept as the
   * list's bytes, searched in place: its 57,851 names made into strings and a set cost a hook's JVM
   * (decision 84) some 40 ms of its one call, the bytes a few.
   */
  static final class Names {
    private Names() {}

    static final byte[] ALL = load();

    private static byte[] load() {
      try (InputStream in = PublicPrograms.class.getResourceAsStream(RESOURCE)) {
        if (in == null) {
          throw new IllegalStateException("the guard's jar lacks " + RESOURCE);
        }
        return new GZIPInputStream(in).readAllBytes();
      } catch (IOException e) {
        throw new UncheckedIOException("the guard's list of public programs is unreadable", e);
      }
    }

    /**
     * Whether a list of lines sorted by their bytes ({@code LC_ALL=C sort}, as {@code
     * public-programs.sh} writes it) holds a line: a binary search over the bytes, each probe read
     * out to its line's ends.
     *
     * @param lines the lines, each ended by a newline (the last may not be)
     * @param name the line looked for, in UTF-8
     * @return whether it is one of them
     */
    static boolean contains(byte[] lines, byte[] name) {
      int low = 0; // the start of a line
      int high = lines.length; // the start of a line, or the end
      while (low < high) {
        int middle = (low + high) >>> 1;
        int start = middle;
        while (start > low && lines[start - 1] != '\n') {
          start--;
        }
        int end = middle;
        while (end < high && lines[end] != '\n') {
          end++;
        }
        int order = Arrays.compareUnsigned(lines, start, end, name, 0, name.length);
        if (order == 0) {
          return true;
        }
        if (order < 0) {
          low = end + 1;
        } else {
          high = start;
        }
      }
      return false;
    }
  }
}
