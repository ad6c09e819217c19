package io.github.providergateway.app;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/** The corpus part of {@code gateway guard test}: waits for the corpus (wt44-corpus). */
final class GuardCorpusRun {
  private GuardCorpusRun() {}

  static void run(
      Path home, Map<String, String> env, PrintStream out, PrintStream err, List<String> missed) {
    out.println("corpus: not in this build");
  }
}
