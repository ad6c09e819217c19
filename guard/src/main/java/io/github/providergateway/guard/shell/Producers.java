package io.github.providergateway.guard.shell;

import java.util.List;
import java.util.Set;

/**
 * What prints the text a program reads as code on its standard input ({@code … | sh}, {@code … | at
 * now}), followed back through the filters between ({@code tee}, {@code grep}, {@code head}…): the
 * network and the decoders (read by the remote rules: {@code curl … | sh} is denied as such), a
 * file's contents (a script on disk: run as {@code sh file} runs it), or a program whose output the
 * guard cannot know.
 */
final class Producers {
  /** What a producer is. */
  enum Kind {
    NETWORK,
    DECODER,
    FILE,
    UNKNOWN
  }

  private static final Set<String> NETWORK =
      Set.of(
          "curl",
          "wget",
          "nc",
          "ncat",
          "netcat",
          "socat",
          "ssh",
          "http",
          "https",
          "xh",
          "xhs",
          "fetch",
          "telnet",
          "lwp-request",
          "GET",
          "aria2c",
          "openssl",
          "dig",
          "drill",
          "kdig",
          "nslookup");
  private static final Set<String> DECODERS =
      Set.of(
          "base64",
          "base32",
          "basenc",
          "xxd",
          "uudecode",
          "gunzip",
          "zcat",
          "bunzip2",
          "xzcat",
          "unxz",
          "zstdcat",
          "rev",
          "tr",
          "gzip",
          "bzip2",
          "xz",
          "zstd");
  private static final Set<String> FILTERS =
      Set.of(
          "tee",
          "grep",
          "egrep",
          "fgrep",
          "head",
          "tail",
          "sort",
          "uniq",
          "cut",
          "dos2unix",
          "sed",
          "cat");
  private static final Set<String> FILE_READERS =
      Set.of("cat", "head", "tail", "less", "more", "bat", "batcat", "tac", "zcat");

  /** The most pipes followed back. */
  private static final int MAX_STEPS = 16;

  private Producers() {}

  /** {@return what prints the text piped from {@code from}} */
  static Kind of(RawCommand from, Resolver.ProgramNames names) {
    RawCommand at = from;
    for (int step = 0; step < MAX_STEPS && at != null; step++) {
      List<Word> words = at.words;
      if (words.isEmpty() || !words.get(0).literal()) {
        return Kind.UNKNOWN;
      }
      String program = names.of(words.get(0).text());
      if (NETWORK.contains(program)) {
        return Kind.NETWORK;
      }
      if (DECODERS.contains(program)) {
        return Kind.DECODER;
      }
      if (FILE_READERS.contains(program) && namesAFile(words)) {
        return Kind.FILE;
      }
      if (!FILTERS.contains(program) || at.pipedFrom == null) {
        return Kind.UNKNOWN;
      }
      at = at.pipedFrom;
    }
    return Kind.UNKNOWN;
  }

  /** Whether a reader names a literal file to print, rather than reading its own input. */
  private static boolean namesAFile(List<Word> words) {
    for (int i = 1; i < words.size(); i++) {
      String t = words.get(i).text();
      if (!t.startsWith("-") && words.get(i).literal()) {
        return true;
      }
    }
    return false;
  }

  /** {@return the producer as the person reads it} */
  static String shown(RawCommand from) {
    StringBuilder out = new StringBuilder();
    for (Word word : from.words) {
      if (out.length() > 80) {
        out.append(" …");
        break;
      }
      out.append(out.length() == 0 ? "" : " ").append(word.text());
    }
    return out + " | …";
  }
}
