package io.github.providergateway.guard.shell.programs;

import io.github.providergateway.guard.shell.internal.NameSet;
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
  private static final Set<String> NETWORK =
      NameSet.of(
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
      NameSet.of(
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
      NameSet.of(
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
      NameSet.of("cat", "head", "tail", "less", "more", "bat", "batcat", "tac", "zcat");

  /** The most pipes followed back. */
  static final int MAX_STEPS = 16;

  private Producers() {}

  /**
   * {@return what prints the text piped into a program}
   *
   * @param back the words of the commands piped into it, the nearest first, at most {@link
   *     #MAX_STEPS}
   */
  static ProducerKind of(List<List<ProgramWord>> back) {
    for (int step = 0; step < MAX_STEPS && step < back.size(); step++) {
      List<ProgramWord> words = back.get(step);
      if (words.isEmpty() || !words.get(0).literal()) {
        return ProducerKind.UNKNOWN;
      }
      String first = words.get(0).text();
      String program = first.substring(first.lastIndexOf('/') + 1);
      if (NETWORK.contains(program)) {
        return ProducerKind.NETWORK;
      }
      if (DECODERS.contains(program)) {
        return ProducerKind.DECODER;
      }
      if (FILE_READERS.contains(program) && namesAFile(words)) {
        return ProducerKind.FILE;
      }
      if (!FILTERS.contains(program) || step == back.size() - 1) {
        return ProducerKind.UNKNOWN;
      }
    }
    return ProducerKind.UNKNOWN;
  }

  /**
   * {@return whether the text piped into a program was decoded from a form nobody reads ({@code
   * base64 -d}, {@code base32 -d}, {@code basenc -d}, {@code xxd -r}, {@code uudecode}, {@code
   * openssl … -d}), passing only through filters after; decompressors and {@code tr} are not
   * counted, as ordinary work pipes them}
   *
   * @param back the words of the commands piped into it, the nearest first
   */
  static boolean obscured(List<List<ProgramWord>> back) {
    for (int step = 0; step < MAX_STEPS && step < back.size(); step++) {
      List<ProgramWord> words = back.get(step);
      if (words.isEmpty() || !words.get(0).literal()) {
        return false;
      }
      String first = words.get(0).text();
      String program = first.substring(first.lastIndexOf('/') + 1);
      if (!FILTERS.contains(program)) {
        return switch (program) {
          case "base64", "base32", "basenc", "openssl" -> hasFlag(words, 'd', "--decode");
          case "xxd" -> hasFlag(words, 'r', "-revert");
          case "uudecode" -> true;
          default -> false;
        };
      }
    }
    return false;
  }

  /**
   * Whether {@code words} hold the one-letter flag alone or in a cluster ({@code -di}), or its long
   * form.
   */
  private static boolean hasFlag(List<ProgramWord> words, char flag, String longForm) {
    for (int i = 1; i < words.size(); i++) {
      String t = words.get(i).text();
      if (t.equals(longForm)
          || t.length() > 1 && t.charAt(0) == '-' && t.charAt(1) != '-' && t.indexOf(flag) > 0
          || flag == 'd' && t.equals("-D")) {
        return true;
      }
    }
    return false;
  }

  /** Whether a reader names a literal file to print, rather than reading its own input. */
  private static boolean namesAFile(List<ProgramWord> words) {
    for (int i = 1; i < words.size(); i++) {
      String t = words.get(i).text();
      if (!t.startsWith("-") && words.get(i).literal()) {
        return true;
      }
    }
    return false;
  }

  /** {@return the producer as the person reads it} */
  static String shown(List<ProgramWord> from) {
    StringBuilder out = new StringBuilder();
    for (ProgramWord word : from) {
      if (out.length() > 80) {
        out.append(" …");
        break;
      }
      out.append(out.length() == 0 ? "" : " ").append(word.text());
    }
    return out + " | …";
  }
}
