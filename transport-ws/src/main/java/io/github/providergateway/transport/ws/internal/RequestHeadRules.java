package io.github.providergateway.transport.ws.internal;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The framing rules of RFC 9112 that a request head must keep before anything reads its body, where
 * Grizzly's parser is lenient (issue 35): each shape here is one a proxy in front of a server, or
 * the server itself, could read as a different message (request smuggling). Every connection
 * carries one request, so nothing was ever smuggled; but what RFC 9112 says to refuse is refused.
 *
 * <ul>
 *   <li>a line ending in a bare LF (section 2.2: a recipient MAY take it as a line end; we take the
 *       strict reading): 400;
 *   <li>a field line folded onto the next with leading whitespace ({@code obs-fold}, section 5.2):
 *       400;
 *   <li>{@code Transfer-Encoding} beside {@code Content-Length} (section 6.1: the server MUST close
 *       after answering; we refuse): 400;
 *   <li>{@code Transfer-Encoding} whose final coding is not {@code chunked}, or with {@code
 *       chunked} twice (section 6.3: the length cannot be told, the server MUST answer 400): 400;
 *   <li>a transfer coding other than {@code chunked} before it (section 6.1: one not understood,
 *       the server SHOULD answer 501): 501.
 * </ul>
 */
final class RequestHeadRules {

  /** Why a head is refused: the status and a line for its body and the log. */
  record Refusal(int status, String reason) {}

  private static final byte CR = '\r';
  private static final byte LF = '\n';

  private RequestHeadRules() {}

  /**
   * The end of the head in {@code bytes[0..length)}: the index just past its empty line, or -1 when
   * it has not all arrived. A bare LF ends a line here too, so that a head written with bare LFs is
   * found whole and refused rather than waited for.
   *
   * @param from where to look from: bytes before it were looked at already (whether an LF ends the
   *     head depends only on the bytes before it), so a head trickled in byte by byte costs its
   *     length, not its length squared
   */
  static int headEnd(byte[] bytes, int from, int length) {
    for (int i = from; i < length; i++) {
      if (bytes[i] != LF) {
        continue;
      }
      // An empty line: "\n" right after the previous line's "\n" (with or without a CR between).
      if (i >= 1 && bytes[i - 1] == LF) {
        return i + 1;
      }
      if (i >= 2 && bytes[i - 1] == CR && bytes[i - 2] == LF) {
        return i + 1;
      }
    }
    return -1;
  }

  /**
   * Checks a whole head (request line, field lines, the empty line).
   *
   * @return the refusal, or empty when the head keeps every rule above
   */
  static Optional<Refusal> check(byte[] head, int length) {
    List<String> lines = new ArrayList<>();
    int start = 0;
    for (int i = 0; i < length; i++) {
      if (head[i] == LF) {
        if (i == 0 || head[i - 1] != CR) {
          return Optional.of(new Refusal(400, "a line ends in a bare LF; HTTP lines end in CRLF"));
        }
        lines.add(new String(head, start, i - 1 - start, StandardCharsets.ISO_8859_1));
        start = i + 1;
      }
    }
    List<String> codings = new ArrayList<>();
    boolean contentLength = false;
    boolean transferEncoding = false;
    for (int n = 1; n < lines.size(); n++) {
      String line = lines.get(n);
      if (line.isEmpty()) {
        break;
      }
      if (line.charAt(0) == ' ' || line.charAt(0) == '\t') {
        return Optional.of(new Refusal(400, "a header is folded onto the next line (obs-fold)"));
      }
      int colon = line.indexOf(':');
      if (colon <= 0) {
        continue; // Grizzly answers a line that is no header
      }
      String name = line.substring(0, colon).trim().toLowerCase(Locale.ROOT);
      if (name.equals("content-length")) {
        contentLength = true;
      } else if (name.equals("transfer-encoding")) {
        transferEncoding = true;
        for (String coding : line.substring(colon + 1).split(",")) {
          String trimmed = coding.trim().toLowerCase(Locale.ROOT);
          if (!trimmed.isEmpty()) {
            codings.add(trimmed);
          }
        }
      }
    }
    if (!transferEncoding) {
      return Optional.empty();
    }
    if (contentLength) {
      return Optional.of(new Refusal(400, "Transfer-Encoding and Content-Length together"));
    }
    if (codings.isEmpty()
        || !codings.get(codings.size() - 1).equals("chunked")
        || codings.indexOf("chunked") != codings.size() - 1) {
      return Optional.of(new Refusal(400, "the final transfer coding must be chunked, once"));
    }
    if (codings.size() > 1) {
      return Optional.of(
          new Refusal(
              501, "transfer coding '" + codings.get(0) + "' is not implemented; only chunked is"));
    }
    return Optional.empty();
  }
}
