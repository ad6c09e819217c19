package io.github.providergateway.app.audit;

import io.github.providergateway.app.audit.AuditChain.Head;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * Whether a trail's head agrees with the records a writer finds on disk when it starts (issue 78):
 * the last record is the one the head names, or comes after it (a writer stopped between its lines
 * and its head) while the trail still holds the head's record with the head's hash. A head that
 * names more records than the trail holds is a truncation, which {@link ChainedTrail} records as
 * such; anything else here is a head missing or left over from another trail, which the writer
 * records as a break rather than replacing the head and hiding it.
 */
final class HeadCheck {

  private HeadCheck() {}

  /**
   * What is wrong with {@code head} for a trail whose last record is {@code lastSeq}.
   *
   * @param dir the trail's folder
   * @param head the head read, or null when it is missing or unreadable
   * @param lastSeq the last record on disk, at least 1, and at least the head's seq
   * @param lastSha256 that record's hash
   * @return what is wrong, in words; null when the head agrees
   */
  static String problem(Path dir, Head head, long lastSeq, String lastSha256) {
    if (head == null) {
      return "the trail holds records up to seq "
          + lastSeq
          + ", yet its head (audit.head) is missing or unreadable";
    }
    String held = head.seq() == lastSeq ? lastSha256 : hashOf(dir, head.seq());
    if (head.sha256().equals(held)) {
      return null;
    }
    return "its head (audit.head) names seq "
        + head.seq()
        + ", which the trail (up to seq "
        + lastSeq
        + ") "
        + (held == null ? "does not hold" : "holds with another hash");
  }

  /**
   * The hash of the line that starts as the writer starts record {@code seq}, in {@code
   * audit.jsonl} or the rotated files after it; null when none does or a file cannot be read (the
   * head then counts as not held: a break recorded, never a write refused).
   */
  private static String hashOf(Path dir, long seq) {
    byte[] start = ("{\"" + AuditChain.SEQ + "\":" + seq + ",").getBytes(StandardCharsets.UTF_8);
    for (int n = 0; ; n++) {
      Path file = n == 0 ? AuditFile.current(dir) : AuditFile.older(dir, n);
      if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
        return null;
      }
      byte[] bytes;
      try {
        bytes = AuditFile.readBack(file);
      } catch (IOException unreadable) {
        return null;
      }
      int from = 0;
      for (int i = 0; i < bytes.length; i++) {
        if (bytes[i] == '\n') {
          if (i - from > start.length
              && Arrays.equals(bytes, from, from + start.length, start, 0, start.length)) {
            return AuditChain.sha256(Arrays.copyOfRange(bytes, from, i));
          }
          from = i + 1;
        }
      }
    }
  }
}
