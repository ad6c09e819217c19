package io.github.providergateway.guard.internal;

import java.util.List;
import java.util.regex.Pattern;

/**
 * The programs whose output the call does not show though their input may be in it (decisions 152,
 * 176 and 178, for {@link UnreadableFeeds}): a decoder of base64, base32 or hex, a decompressor, a
 * character set turned, escapes printed, letters turned backwards or round the alphabet, inline
 * code that decodes, a fetch from the network.
 */
final class Decoders {
  private Decoders() {}

  /** Code that decodes: base64's, hex's, character codes. */
  private static final Pattern DECODING_CODE =
      Pattern.compile(
          "decode|b64|b32|unhexlify|fromhex|chr\\s*\\(|hex\\s*\\(|strtonum|pack\\s*\\(|\\\\x|fromCharCode"
              + "|Buffer\\.from|atob|zlib|gzip");

  /** Whether a program's output is what the call does not show. */
  static boolean decodes(Step step) {
    List<String> args = step.invocation().args();
    return switch (step.program()) {
      case "base64", "base32", "basenc" -> shortFlag(args, 'd') || has(args, "--decode", "-D");
      case "xxd" -> shortFlag(args, 'r');
      case "openssl" -> args.contains("-d");
      case "curl", "wget" -> true;
      case "rev" -> true; // decision 176: the statement written backwards
      case "tr" -> rotates(args); // rot13
      case "zcat",
          "gzcat",
          "bzcat",
          "xzcat",
          "zstdcat",
          "lz4cat",
          "gunzip",
          "bunzip2",
          "unxz",
          "unzstd",
          "uudecode",
          "iconv" ->
          true; // decision 178: compressed, or in another character set
      case "gzip", "bzip2", "xz", "zstd", "lz4" ->
          shortFlag(args, 'd') || has(args, "--decompress", "--uncompress");
      case "printf" -> escapes(args);
      case "echo" -> shortFlag(args, 'e') && escapes(args);
      case "sed" -> transliterates(args); // sed 'y/ABC…/NOP…/'
      case "python", "python3", "perl", "ruby", "node", "awk", "gawk", "mawk" -> codeDecodes(step);
      default -> false;
    };
  }

  private static boolean has(List<String> args, String... options) {
    for (String option : options) {
      if (args.contains(option)) {
        return true;
      }
    }
    return false;
  }

  /** Whether a short option is given, alone or joined to others: {@code -d}, {@code -di}. */
  private static boolean shortFlag(List<String> args, char letter) {
    for (String arg : args) {
      if (arg.length() > 1
          && arg.length() < 6
          && arg.charAt(0) == '-'
          && arg.charAt(1) != '-'
          && arg.indexOf(letter) > 0) {
        return true;
      }
    }
    return false;
  }

  /** Whether printed text holds escapes: {@code \x44}, {@code \104}. */
  private static boolean escapes(List<String> args) {
    for (String arg : args) {
      if (arg.contains("\\x") || arg.matches("(?s).*\\\\[0-7]{3}.*")) {
        return true;
      }
    }
    return false;
  }

  /** Whether {@code tr}'s second set turns letters round the alphabet, as rot13 does. */
  private static boolean rotates(List<String> args) {
    for (String arg : args) {
      if (UnreadableFeeds.ROTATED.matcher(arg).find()) {
        return true;
      }
    }
    return false;
  }

  /** Whether a sed script turns letters into others: {@code y/abc/nop/}. */
  private static boolean transliterates(List<String> args) {
    for (String arg : args) {
      if (arg.startsWith("y") && arg.length() > 3 && !Character.isLetterOrDigit(arg.charAt(1))) {
        return true;
      }
    }
    return false;
  }

  /** Whether the program's inline code decodes. */
  private static boolean codeDecodes(Step step) {
    String code = InterpreterCode.of(step);
    if (code == null && step.program().endsWith("awk")) {
      List<String> args = step.invocation().args();
      code = args.isEmpty() ? null : String.join(" ", args);
    }
    return code != null && code.length() < 8192 && PatternLiterals.finds(DECODING_CODE, code);
  }
}
