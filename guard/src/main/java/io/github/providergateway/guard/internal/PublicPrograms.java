package io.github.providergateway.guard.internal;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.HashSet;
import java.util.Set;
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
    return Names.ALL.contains(program);
  }

  /** Loaded on first use: a call that never reaches a trade's tool never reads the list. */
  private static final class Names {
    static final Set<String> ALL = load();

    private static Set<String> load() {
      Set<String> names = new HashSet<>(1 << 17);
      try (InputStream in = PublicPrograms.class.getResourceAsStream(RESOURCE)) {
        if (in == null) {
          throw new IllegalStateException("the guard's jar lacks " + RESOURCE);
        }
        BufferedReader reader =
            new BufferedReader(
                new InputStreamReader(new GZIPInputStream(in), StandardCharsets.UTF_8));
        for (String line = reader.readLine(); line != null; line = reader.readLine()) {
          names.add(line);
        }
      } catch (IOException e) {
        throw new UncheckedIOException("the guard's list of public programs is unreadable", e);
      }
      return Collections.unmodifiableSet(names); // no copy: the set is built once and kept
    }
  }
}
