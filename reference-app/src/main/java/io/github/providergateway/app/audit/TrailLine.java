package io.github.providergateway.app.audit;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.app.audit.AuditChain.Event;
import io.github.providergateway.app.audit.AuditChain.Link;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * One line of an audit trail as verify reads it: where it stands, the hash of its bytes, and what
 * of the chain it carries; a line that is no record keeps only where it stands and its hash.
 *
 * @param file the name of its file
 * @param number its line number in the file, from 1
 * @param sha256 the hash of its bytes, without the line end
 * @param seq its {@code seq}, or -1 when it is no record of the chain
 * @param prev the hash it names as the line before's, or null when it is no record
 * @param event the chain event it announces ({@link AuditChain#KIND} records), or null
 * @param details the chain event's fields, or null
 * @param torn whether the line has no line end (the file's last, cut mid-line)
 * @param unchained whether it is a JSON object with no chain fields (written before the chain)
 */
record TrailLine(
    String file,
    int number,
    String sha256,
    long seq,
    String prev,
    Event event,
    JsonNode details,
    boolean torn,
    boolean unchained) {

  /** {@return whether the line is a record of the chain} */
  boolean isRecord() {
    return seq > 0;
  }

  /** {@return where it stands, for a person: {@code audit.1.jsonl line 17 (seq 4711)}} */
  String where() {
    return file + " line " + number + (isRecord() ? " (seq " + seq + ")" : "");
  }

  /** {@return the chain event's number field {@code name}, or -1} */
  long number(String name) {
    JsonNode value = details == null ? null : details.path(name);
    return value != null && value.canConvertToLong() ? value.asLong() : -1;
  }

  /** {@return the chain event's text field {@code name}, or null} */
  String text(String name) {
    JsonNode value = details == null ? null : details.path(name);
    return value != null && value.isValueNode() ? value.asText() : null;
  }

  /**
   * The lines of one file's {@code bytes}: split at each line end; what follows the last line end,
   * if anything, is a torn line.
   *
   * @param file the file's name, as the lines will name it
   * @param bytes its content
   * @return its lines, in order
   */
  static List<TrailLine> of(String file, byte[] bytes) {
    List<TrailLine> lines = new ArrayList<>();
    int start = 0;
    int number = 1;
    for (int i = 0; i <= bytes.length; i++) {
      boolean end = i == bytes.length;
      if (end && start == bytes.length) {
        break;
      }
      if (end || bytes[i] == '\n') {
        lines.add(line(file, number++, Arrays.copyOfRange(bytes, start, i), end));
        start = i + 1;
      }
    }
    return lines;
  }

  private static TrailLine line(String file, int number, byte[] bytes, boolean torn) {
    String sha256 = AuditChain.sha256(bytes);
    Link link = torn ? null : AuditChain.link(bytes);
    if (link == null) {
      boolean unchained = !torn && isUnchained(AuditChain.object(bytes));
      return new TrailLine(file, number, sha256, -1, null, null, null, torn, unchained);
    }
    Event event = link.event();
    return new TrailLine(
        file,
        number,
        sha256,
        link.seq(),
        link.prev(),
        event,
        event == null ? null : link.record().path(AuditChain.EVENT),
        false,
        false);
  }

  /** A decision as gateways wrote them before the chain: an object without its fields. */
  private static boolean isUnchained(JsonNode object) {
    return object != null
        && !object.has(AuditChain.SEQ)
        && !object.has(AuditChain.PREV)
        && object.has("kind");
  }
}
